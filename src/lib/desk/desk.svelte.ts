import { loadEventChecks } from '$lib/db/event-checks';
import type { JudgeEvent } from '$lib/events/schema';
import type { RosterEntry } from '$lib/registration/schema';
import { searchRoster } from '$lib/registration/name-search';
import type { DeviceSession } from '$lib/session/device-session.svelte';
import type { LiveRead } from '$lib/session/live-read.svelte';
import { checkInNeeds, checkInPayload, deskWarnings, nothingToAsk, type CheckInNeeds, type DeskWarning } from './check-in-needs';
import type { CheckIn } from '$lib/registration/check-ins';
import { readDeskData, type DeskData } from './desk-data';

/** One entry as the desk lists it. */
export interface DeskRow {
	entry: RosterEntry;
	competitionName: string;
	checkIn: CheckIn | undefined;
	warnings: DeskWarning[];
	needs: CheckInNeeds;
}

/**
 * The check-in at the door (/desk): search the roster the device holds (it works offline once
 * pulled), one tap to check someone in, the questions the ruleset needs asked first. A check-in
 * is an `entry.checked-in` event in the device's log, queued and synced like a judge's tap, so
 * two door devices never overwrite each other; an undo is a void correction.
 */
export class DeskScreen {
	query = $state('');
	/** The entry whose questions are open. */
	asking = $state<string | null>(null);
	answers = $state({ paid: false, companions: 0, accompaniedBy: '' });
	problem = $state<'companions' | null>(null);
	/** Why the last write failed (nothing is lost silently). */
	error = $state<string | null>(null);
	saving = $state(false);
	readonly data: LiveRead<DeskData | null>;

	constructor(private readonly device: DeviceSession) {
		// A desk checks people in offline: the event checks load with its screen, not at the first check-in.
		void loadEventChecks().catch(() => {});
		this.data = device.live(async ({ db, pairing }) => (pairing ? readDeskData(db, pairing.eventId) : null));
	}

	get paired(): boolean {
		return this.device.pairing !== null;
	}

	/** The event has a roster on this device. */
	get hasRoster(): boolean {
		return (this.data.current?.roster.length ?? 0) > 0;
	}

	readonly rows: DeskRow[] = $derived.by(() => {
		const d = this.data.current;
		if (!d) return [];
		return searchRoster(d.roster, this.query).map((entry) => this.rowOf(d, entry));
	});

	/** The roster came from the server and is empty: nobody is registered yet (not "connect to load it"). */
	get rosterEmpty(): boolean {
		return this.data.current?.rosterPulled === true && !this.hasRoster;
	}

	/** The registered checked in of all registered; those on the waiting list apart (issue 30 #11). */
	readonly counts = $derived.by(() => {
		const roster = this.data.current?.roster ?? [];
		const checkIns = this.data.current?.checkIns;
		const registered = roster.filter((r) => r.status === 'registered');
		return { checkedIn: registered.filter((r) => checkIns?.has(r.id)).length, total: registered.length, waiting: roster.length - registered.length };
	});

	private rowOf(d: DeskData, entry: RosterEntry): DeskRow {
		const competition = d.competitions.get(entry.competitionId);
		const checkIn = d.checkIns.get(entry.id);
		return {
			entry,
			competitionName: competition?.name ?? entry.competitionId,
			checkIn,
			warnings: deskWarnings(entry, checkIn, d.seated.has(entry.id)),
			needs: checkInNeeds(entry, competition?.ruleset)
		};
	}

	/** The tap on an entry: checked in at once when there is nothing to ask, else its questions open. */
	async tap(row: DeskRow): Promise<void> {
		if (nothingToAsk(row.needs)) {
			await this.record(row, {});
			return;
		}
		this.asking = row.entry.id;
		this.answers = { paid: false, companions: 0, accompaniedBy: '' };
		this.problem = null;
	}

	cancel(): void {
		this.asking = null;
		this.problem = null;
	}

	async confirm(row: DeskRow): Promise<void> {
		const checked = checkInPayload(row.needs, this.answers);
		if (!checked.ok) {
			this.problem = checked.problem;
			return;
		}
		if (await this.record(row, checked.payload)) this.cancel();
	}

	/** Undoes a check-in (a void correction, with the reason). */
	async undo(row: DeskRow, reason: string): Promise<void> {
		const c = row.checkIn;
		if (!c) return;
		await this.write({
			at: Date.now(),
			mono: performance.now(),
			judge: this.judgeName(),
			competitionId: c.competitionId,
			heatId: c.heatId,
			entryId: c.entryId,
			type: 'correction',
			payload: { supersedes: c.id, reason }
		});
	}

	private judgeName(): string {
		return this.device.pairing?.deviceLabel || 'desk';
	}

	private record(row: DeskRow, payload: CheckIn['payload']): Promise<boolean> {
		return this.write({
			at: Date.now(),
			mono: performance.now(),
			judge: this.judgeName(),
			competitionId: row.entry.competitionId,
			heatId: this.data.current?.seated.get(row.entry.id) ?? null,
			entryId: row.entry.id,
			type: 'entry.checked-in',
			payload
		});
	}

	private async write(draft: Omit<JudgeEvent, 'id' | 'deviceId' | 'seq'>): Promise<boolean> {
		this.saving = true;
		this.error = null;
		try {
			const { log } = await this.device.opened();
			await log.append(draft as Parameters<typeof log.append>[0]);
			return true;
		} catch (e) {
			this.error = e instanceof Error ? e.message : String(e);
			return false;
		} finally {
			this.saving = false;
		}
	}
}
