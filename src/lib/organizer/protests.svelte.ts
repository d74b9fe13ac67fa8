import { m } from '$lib/i18n';
import type { EventDraft } from '$lib/db/event-log';
import type { JudgeEvent } from '$lib/events/schema';
import type { PhotoInfo, Protest, ProtestDecision, RecordProtest } from '$lib/contract';
import type { SyncApi } from '$lib/sync/client/api';
import { correctionTargets, protestCorrectionDraft, type ProtestCorrection } from './protest-corrections';

/** What the protests need of the organizer's session (organizer-session.svelte.ts). */
export interface ProtestDeskSources {
	/** The signed-in organizer's API and event; null while signed out. */
	target: () => { api: SyncApi; eventId: string } | null;
	/** The judge events this device holds (the targets of a correction). */
	log: () => readonly JudgeEvent[];
	/** Appends the drafts to this device's log and pushes them; the stored events' IDs. */
	record: (drafts: EventDraft[]) => Promise<string[]>;
	/** Who records a correction (the organizer's device label), and this device's clocks. */
	judge: () => string;
	now: () => number;
	mono: () => number;
}

/** A decision as the organizer's dialog makes it; `entry`: the entry an upheld protest's correction is about. */
export interface ProtestDecisionInput {
	decision: ProtestDecision;
	reason: string;
	correction: ProtestCorrection | null;
	entry: { id: string; competitionId: string; heatId: string } | null;
}

/**
 * The event's protests on the organizer's screens (issue 33 #3; server: protests.ts): the list
 * with their states, recording one during a protest window, deciding one. An upheld protest's
 * correction is recorded on this device as every organizer correction is (an event on its own
 * log, pushed at once) with the reason "Protest: <reason>"; the decision is sent with its ID.
 */
export class ProtestDesk {
	/** The event's protests, oldest first; empty until loaded. */
	protests = $state.raw<readonly Protest[]>([]);
	/** Why the last load failed (offline, the server away); null after a load that went through. */
	problem = $state<string | null>(null);

	constructor(private readonly sources: ProtestDeskSources) {}

	/** The protests of one competition, oldest first. */
	of(competitionId: string): Protest[] {
		return this.protests.filter((p) => p.competitionId === competitionId);
	}

	async load(): Promise<void> {
		const target = this.sources.target();
		if (!target) return;
		try {
			this.protests = await target.api.protests(target.eventId);
			this.problem = null;
		} catch (e) {
			this.problem = e instanceof Error ? e.message : String(e);
		}
	}

	/** What an upheld protest can correct of the entry, from the events this device holds. */
	targets(entryId: string): ReturnType<typeof correctionTargets> {
		return correctionTargets(this.sources.log(), entryId);
	}

	/** Records a protest (the server refuses it outside the window, saying when it closed). */
	async record(body: RecordProtest): Promise<Protest> {
		const { api, eventId } = this.#target();
		const protest = await api.recordProtest(eventId, body);
		await this.load();
		return protest;
	}

	/** The photos of the entries to attach from; null when the server does not give them (the protest is recorded without). */
	async photos(entryIds: readonly string[]): Promise<PhotoInfo[] | null> {
		const { api, eventId } = this.#target();
		try {
			return (await Promise.all(entryIds.map((id) => api.photos(eventId, { entryId: id })))).flat();
		} catch {
			return null;
		}
	}

	/** Records the upheld protest's correction on this device and pushes it, then sends the decision with its ID. */
	async decide(protest: Protest, input: ProtestDecisionInput): Promise<Protest> {
		const { api, eventId } = this.#target();
		const reason = input.reason.trim();
		let correctionEventIds: string[] = [];
		if (input.decision === 'upheld' && input.correction) {
			if (!input.entry) throw new Error('a correction is about one of the protest\'s entries');
			const events = new Map(this.sources.log().map((e) => [e.id, e]));
			const draft = protestCorrectionDraft(input.correction, {
				judge: this.sources.judge(),
				at: this.sources.now(),
				mono: this.sources.mono(),
				reason: m.protest_correction_reason({ reason }),
				events,
				entry: input.entry
			});
			correctionEventIds = await this.sources.record([draft]);
		}
		const decided = await api.decideProtest(eventId, protest.id, { decision: input.decision, reason, ...(correctionEventIds.length > 0 ? { correctionEventIds } : {}) });
		await this.load();
		return decided;
	}

	#target() {
		const target = this.sources.target();
		if (!target) throw new Error(m.org_not_signed_in());
		return target;
	}
}
