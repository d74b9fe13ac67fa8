import { untrack } from 'svelte';
import { m } from '$lib/i18n';
import { loadEventChecks } from '$lib/db/event-checks';
import type { CompetitionStandings } from '$lib/files/merge';
import type { DeviceSession } from '$lib/session/device-session.svelte';
import type { LiveRead } from '$lib/session/live-read.svelte';
import { SyncApi } from '$lib/sync/client/api';
import type { Publication } from '$lib/results/publication';
import { realEnvironment, type SyncEnvironment } from '$lib/sync/client/environment';
import type { SyncResult } from '$lib/sync/client/engine';
import type { Pairing } from '$lib/sync/pairing';
import { DeviceList } from './device-list.svelte';
import { importPreviewed, previewEventFiles, type ImportPreview } from './import-files';
import { boxFaultDraft } from './box-fault';
import { correctionDrafts, type ResolutionOption } from './resolution';
import type { RoundsControl } from './rounds';
import { createFinalEntries, saveRound } from './rounds-actions';
import { createTiebreakHeat, tiebreakResultDraft } from './tiebreak';
import { OrganizerViewKeeper, type OrganizerView, type OrganizerViewSources } from './organizer-view';

export type { OrganizerView } from './organizer-view';

/** After a sync that brought events, the publications are asked for again at most this often (another organizer device may have published). */
const PUBLICATIONS_EVERY_MS = 30_000;

/**
 * The organizer's screens, signed in on this device (an organizer's pairing): the event's
 * merged standings and conflicts from what the device holds (a live read of the device
 * session, kept up to date with what each local write, another tab's and each sync stored:
 * only the competitions that changed are scored again, ./organizer-view.ts; no polling), the
 * event's devices, the publications, and every action: corrections, tie-breaks, rounds,
 * merges, imported files, publishing. Shared by the routes under /organizer (the layout
 * creates it and connects it while signed in).
 */
export class OrganizerSession {
	/** The event was created on this device: its key is shown once. */
	created = $state<{ eventName: string } | null>(null);
	/** The entry whose detail (audit trail) is open, if any. */
	detail = $state<{ competitionId: string; entryId: string } | null>(null);
	/** The latest published version of each published competition (by competition ID). */
	publications = $state.raw<ReadonlyMap<string, Publication>>(new Map());

	/** The device's pairing when it is an organizer's: signed in. */
	readonly pairing: Pairing | null = $derived.by(() => (this.#device.pairing?.role === 'organizer' ? this.#device.pairing : null));
	/** The device's pairing when it is not an organizer's (a tablet's): said on the sign-in screen. */
	readonly otherPairing: Pairing | null = $derived.by(() => (this.#device.pairing?.role === 'organizer' ? null : this.#device.pairing));
	readonly api: SyncApi | null = $derived.by(() => {
		const p = this.pairing;
		return p ? new SyncApi({ server: p.server, token: p.token, ...this.#env }) : null;
	});
	readonly devices = new DeviceList(() => (this.api && this.pairing ? { api: this.api, eventId: this.pairing.eventId } : null));

	/** The two round actions for the standings (src/lib/organizer/rounds.ts). */
	readonly rounds: RoundsControl = {
		save: async (qualifying, final, rule) => {
			const { api, pairing, db } = await this.#signedIn();
			await saveRound(api, db, pairing, qualifying, final, rule, { competition: m.org_adv_final_name({ name: qualifying.name }), heat: m.org_adv_final_heat_name() });
			await this.#setupWritten();
		},
		createEntries: async (qualifying) => {
			const view = this.view;
			const s = view?.standings.find((x) => x.competition.id === qualifying.id);
			const { api, pairing, db } = await this.#signedIn();
			if (!view || !s) throw new Error(m.org_not_signed_in());
			const count = await createFinalEntries(api, db, pairing, s, view.merged.setup.heats, m.org_adv_final_heat_name());
			await this.#setupWritten();
			const finalId = s.competition.advancesTo?.competitionId ?? '';
			const finalName = view.standings.find((x) => x.competition.id === finalId)?.competition.name ?? finalId;
			return { count, finalName };
		}
	};

	readonly #device: DeviceSession;
	readonly #env: SyncEnvironment;
	readonly #now: () => number;
	readonly #view: LiveRead<OrganizerView | null>;
	readonly #keeper: OrganizerViewKeeper;
	/** When the publications were last asked for (after a sync). */
	#publicationsAt = -Infinity;

	constructor(device: DeviceSession, options: { env?: SyncEnvironment; now?: () => number; sources?: OrganizerViewSources } = {}) {
		this.#device = device;
		// Corrections and tie-break results are recorded offline too: the event checks load with the screen.
		void loadEventChecks().catch(() => {});
		this.#env = options.env ?? realEnvironment();
		this.#now = options.now ?? (() => Date.now());
		this.#keeper = new OrganizerViewKeeper(options.sources);
		this.#view = device.live(async ({ db, pairing }, changed) => {
			if (pairing?.role !== 'organizer') {
				this.#keeper.forget();
				return null;
			}
			return this.#keeper.view(db, pairing.eventId, this.#now(), changed.events);
		});
	}

	/** The event as last read (null before the first read, or signed out). */
	get view(): OrganizerView | null {
		return this.#view.current ?? null;
	}

	/** The event's name: as created here, else from its set-up. */
	get eventName(): string {
		return this.created?.eventName || this.view?.eventName || '';
	}

	/** The competition of the open entry detail. */
	get detailStandings(): CompetitionStandings | undefined {
		const detail = this.detail;
		return detail ? this.view?.standings.find((s) => s.competition.id === detail.competitionId) : undefined;
	}

	/**
	 * Follows the signed-in event: its live read, its devices, its publications (again after a
	 * sync that brought something: #synced). Call it from an $effect: it starts over when the
	 * pairing changes.
	 */
	connect(): (() => void) | undefined {
		const api = this.api;
		if (!api) return;
		return untrack(() => {
			const unfollow = this.#view.connect();
			const unsynced = this.#device.sync.onSynced((result) => this.#synced(result));
			void this.devices.reload();
			void this.loadPublications();
			return () => {
				unfollow();
				unsynced();
			};
		});
	}

	/** Signed in (the pairing is stored): `created` when this device created the event. */
	async paired(pairing: Pairing, created: { eventName: string } | null): Promise<void> {
		this.created = created;
		await this.#device.pairingChanged({ paired: true, eventId: pairing.eventId });
	}

	/** Signs out: the device forgets the organizer's pairing. */
	async leave(): Promise<void> {
		await this.#device.forgetPairing();
		this.detail = null;
	}

	/** A conflict's resolution: its corrections recorded from this device, then pushed. */
	async resolve(option: ResolutionOption, reason: string): Promise<void> {
		const { log } = await this.#device.opened();
		const drafts = correctionDrafts(option, this.view?.eventsById ?? new Map(), { judge: this.#judgeLabel(), at: this.#env.now(), mono: this.#env.mono(), reason });
		for (const d of drafts) await log.append(d);
		await this.#view.settled();
		void this.#device.sync.syncNow();
	}

	/** "Correct this event" from the entry detail: a correction that voids it, as a conflict's resolution would. */
	async voidEvent(eventId: string, reason: string): Promise<void> {
		await this.resolve({ kind: 'void', voids: [eventId] }, reason);
		await this.#device.sync.syncNow();
	}

	/** The organizer's decision on a check's pieces missing from the box (issue 33 #2), recorded here and pushed. */
	async decideBoxFault(checkEventId: string, confirmed: boolean): Promise<void> {
		const { log } = await this.#device.opened();
		await log.append(boxFaultDraft(this.view?.eventsById.get(checkEventId), confirmed, { judge: this.#judgeLabel(), at: this.#env.now(), mono: this.#env.mono() }));
		await this.#view.settled();
		void this.#device.sync.syncNow();
	}

	async loadPublications(): Promise<void> {
		const api = this.api;
		const pairing = this.pairing;
		if (!api || !pairing) return;
		this.#publicationsAt = this.#env.now();
		try {
			this.publications = new Map((await api.publishedResults(pairing.eventId)).map((p) => [p.competitionId, p]));
		} catch {
			// Offline or the server is away: the last known versions stay shown.
		}
	}

	async publish(body: { competitionId: string; protestMinutes?: number; note?: string }): Promise<Publication> {
		const { api, pairing } = await this.#signedIn();
		// Everything this device recorded must be on the server first: the server publishes what it holds.
		await this.#device.sync.syncNow();
		const p = await api.publish(pairing.eventId, body);
		await this.loadPublications();
		return p;
	}

	async finalize(competitionId: string): Promise<Publication> {
		const { api, pairing } = await this.#signedIn();
		const p = await api.finalize(pairing.eventId, competitionId);
		await this.loadPublications();
		return p;
	}

	async createTiebreak(s: CompetitionStandings): Promise<void> {
		const { api, pairing, db } = await this.#signedIn();
		if (!this.view) throw new Error(m.org_not_signed_in());
		await createTiebreakHeat(api, db, pairing, s, this.view.merged.setup.heats, m.org_tb_heat_name());
		await this.#setupWritten();
	}

	async recordTiebreak(s: CompetitionStandings, heatId: string, order: string[]): Promise<void> {
		const { log } = await this.#signedIn();
		await log.append(tiebreakResultDraft(s, heatId, order, { judge: this.#judgeLabel(), at: this.#env.now(), mono: this.#env.mono() }));
		await this.#view.settled();
		void this.#device.sync.syncNow();
	}

	/** What importing event files would do (nothing is written). */
	async previewFiles(files: { name: string; text: string }[]): Promise<ImportPreview[]> {
		const { db } = await this.#device.opened();
		return previewEventFiles(db, files);
	}

	async importFiles(previews: ImportPreview[]) {
		const { db, log } = await this.#device.opened();
		const results = await importPreviewed(db, log, previews);
		await this.#setupWritten();
		void this.#device.sync.syncNow();
		return results;
	}

	/** Competitions were merged (on the server and this device): the standings read them again. */
	merged(): Promise<void> {
		return this.#setupWritten();
	}

	/** "Sync now": the device's sync, then the devices' list (their last contact, their events) and the publications. */
	async syncNow(): Promise<void> {
		await this.#device.sync.syncNow();
		await Promise.all([this.devices.reload(), this.loadPublications()]);
	}

	/**
	 * Publications change only when an organizer publishes: this device's own publishing reads
	 * them at once; another organizer device's shows after a sync that brought something (a
	 * changed set-up or roster at once; events at most every PUBLICATIONS_EVERY_MS, as the poll
	 * would), or "Sync now". A sync that brought nothing asks for nothing.
	 */
	#synced(result: SyncResult): void {
		const now = this.#env.now();
		// A sync that brought nothing reads nothing, unless time alone changed some standings.
		if (result.events.length === 0 && this.#keeper.dueByClock(this.#now())) void this.#view.refresh({ events: [] });
		const due = result.setupChanged || result.rosterChanged || (result.events.length > 0 && now - this.#publicationsAt >= PUBLICATIONS_EVERY_MS);
		if (due) void this.loadPublications();
	}

	/** What the device wrote is not an event (a set-up, merges): every live read reads again, this one before going on. */
	async #setupWritten(): Promise<void> {
		this.#device.changed();
		await this.#view.settled();
	}

	#judgeLabel(): string {
		return this.pairing?.deviceLabel || m.org_device_label_default();
	}

	async #signedIn() {
		const api = this.api;
		const pairing = this.pairing;
		if (!api || !pairing) throw new Error(m.org_not_signed_in());
		return { api, pairing, ...(await this.#device.opened()) };
	}
}
