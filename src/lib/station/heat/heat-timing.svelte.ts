import type { JudgeEvent } from '$lib/events/schema';
import { heatClock, type HeatClock } from '$lib/scoring/heat-clock';
import type { HeatFold } from './heat-fold.svelte';
import type { HeatWriter } from './heat-writer.svelte';
import { tapNow } from './tap';

/** The heat's clock as the judge starts and watches it: the start, the time left, the limit. */
export class HeatTiming {
	private readonly fold: HeatFold;
	private readonly writer: HeatWriter;
	#recordingLimit = false;

	constructor(fold: HeatFold, writer: HeatWriter) {
		this.fold = fold;
		this.writer = writer;
	}

	/** The heat's clock for the seats shown (heat-clock.ts): the same as the room display's. */
	clock: HeatClock = $derived.by(() => heatClock([...this.fold.outcomes.values()], this.fold.ruleset, this.fold.now));

	/** The heat has started (its start event is recorded). */
	started = $derived.by(() => [...this.fold.outcomes.values()].some((o) => o.startedAt !== null));
	/** Some seat's clock still runs (or its preview): no app update may be applied now. */
	running = $derived.by(() => [...this.fold.outcomes.values()].some((o) => o.status === 'running' || o.status === 'paused' || o.status === 'preview'));

	/** Seats the time limit stopped, as long as no tablet has recorded seeing it. */
	limitUnrecorded: string[] = $derived.by(() => {
		if (this.fold.events.some((e) => e.type === 'heat.time-limit')) return [];
		return this.fold.seats.filter((s) => this.fold.outcomes.get(s.id)!.status === 'unfinished').map((s) => s.id);
	});

	/** One tap starts every seat of the table, absent ones too (CZ-GEN-START, ES-LATE); the preview first (ES-PREVIEW). */
	start(tap = tapNow()) {
		return this.writer.record('heat.start', null, { entryIds: this.fold.seats.map((s) => s.id), previewMs: this.fold.ruleset.previewMs }, tap);
	}

	/**
	 * The tablet saw the time limit stop these seats: an informational event for the audit
	 * trail (the limit itself comes from the ruleset), recorded once, not an action to undo.
	 */
	async recordTimeLimit(tap = tapNow()): Promise<JudgeEvent | null> {
		const entryIds = this.limitUnrecorded;
		// Not while a tap is being written: a finish tapped just before the limit is not yet in the
		// fold, and its seat would be listed as stopped. Called again once the write is done.
		if (entryIds.length === 0 || this.#recordingLimit || this.writer.saving) return null;
		this.#recordingLimit = true;
		try {
			return await this.writer.record('heat.time-limit', null, { entryIds }, tap, true);
		} finally {
			this.#recordingLimit = false;
		}
	}
}
