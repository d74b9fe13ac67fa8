import type { HeatStart } from '$lib/contract';
import { tabletStartMoment } from '$lib/sync/heat-start-moment';
import type { OrganizerStartAt } from './organizer-starts';

/**
 * The heats the organizer started on every tablet, as the room display learns them (issue 30
 * #5a): asked of the server after a cursor at each `poll`, each start's moment converted to this
 * device's clock with its measured offset, as a tablet converts it. Failures are quiet (offline,
 * refused): the display shows what its tablets sent, and asks again at the next poll.
 */
export class OrganizerStartFeed {
	/** Every start learnt so far, oldest first. */
	starts: readonly OrganizerStartAt[] = $state.raw([]);
	#cursor = 0;
	#polling = false;
	/** The event the starts are of: another pairing starts again from nothing. */
	#eventId: string | null = null;

	constructor(
		private readonly source: {
			/** The paired event, or null when there is none. */
			eventId: () => string | null;
			fetchStarts: (eventId: string, after: number) => Promise<HeatStart[]>;
			/** This device's clock offset (server − device, ms); null when not measured. */
			offsetMs: () => number | null;
			now: () => number;
		}
	) {}

	async poll(): Promise<void> {
		const eventId = this.source.eventId();
		if (eventId !== this.#eventId) {
			this.#eventId = eventId;
			this.#cursor = 0;
			this.starts = [];
		}
		if (this.#polling || eventId === null) return;
		this.#polling = true;
		try {
			const got = await this.source.fetchStarts(eventId, this.#cursor);
			if (eventId !== this.#eventId) return;
			if (got.length === 0) return;
			const now = this.source.now();
			const offset = this.source.offsetMs();
			for (const s of got) this.#cursor = Math.max(this.#cursor, s.seq);
			this.starts = [...this.starts, ...got.map((s) => ({ id: s.id, competitionId: s.competitionId, heatId: s.heatId, at: tabletStartMoment(s, offset, now, 0).at }))];
		} catch {
			// Unreachable or refused: asked again at the next poll.
		} finally {
			this.#polling = false;
		}
	}
}
