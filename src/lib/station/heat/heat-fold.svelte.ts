import type { Ruleset } from '$lib/rules/schema';
import type { Entry } from '$lib/setup/schema';
import { seatLabelKey } from '$lib/setup/seat-label';
import { bySeat } from '$lib/seating/seat-order';
import type { JudgeEvent } from '$lib/events/schema';
import { advance, CompetitionScorer, type CompetitionSetup, type Conflict, type EntrySummary, type Outcome, type OutcomeSpan, type Standings } from '$lib/scoring';

/**
 * The heat's events and every seat's state, the shared scoring module's fold of them at the
 * current time. Nothing is counted by ticks: `now` only repaints. What the judge does is written
 * elsewhere (./heat-writer.svelte.ts) and joins the fold here.
 */
export class HeatFold {
	readonly setup: CompetitionSetup;
	readonly heatId: string;
	/** The seats of the table opened (every seat of the heat when no table is named). */
	readonly seats: Entry[];
	private readonly scorer: CompetitionScorer;

	/** The time the clocks are shown for (the page advances it every frame while visible). */
	#now = $state(Date.now());
	/**
	 * The moment the seats' states were last folded from the events. Between two changes (a
	 * start, the limit, a pause ending by itself …) only the clocks advance, so a frame costs a
	 * subtraction per seat, not a fold: the fold runs again when `now` reaches the next change,
	 * when an event arrives, or when time goes backwards.
	 */
	#foldedAt = $state(Date.now());
	/** Events of this heat known to the tablet, in arrival order. */
	events = $state.raw<JudgeEvent[]>([]);

	/** Every seat's state as of `foldedAt`, and until when it holds. */
	private spans: Map<string, OutcomeSpan> = $derived.by(() => {
		void this.events;
		const at = this.#foldedAt;
		return new Map(this.seats.map((s) => [s.id, this.scorer.span(s.id, at)!]));
	});

	/** The next moment a seat's state changes otherwise than by its clock running. */
	private changeAt: number = $derived.by(() => {
		let next = Infinity;
		for (const span of this.spans.values()) next = Math.min(next, span.until);
		return next;
	});

	/**
	 * Every seat's outcome as of the last change: status, check, budgets, results. It changes
	 * only when the state does, so what depends on it is not redone every frame; the running
	 * counters (clock, pause and assistance time) are `outcome(id)`'s.
	 */
	outcomes: Map<string, Outcome> = $derived.by(() => new Map([...this.spans].map(([id, span]) => [id, span.outcome])));

	/**
	 * What the organizer must look at (the standings' conflicts), without ranking: the seat grid
	 * needs these, not places (a ranking compares names, and a page's first collator is costly).
	 */
	conflicts: Conflict[] = $derived.by(() => {
		void this.events;
		return this.scorer.conflicts();
	});

	standings: Standings = $derived.by(() => {
		void this.events;
		return this.scorer.standings(this.#foldedAt);
	});

	constructor(opts: { setup: CompetitionSetup; heatId: string; table: string | null; events: JudgeEvent[] }) {
		this.heatId = opts.heatId;
		const heatEntries = opts.setup.entries.filter((e) => e.heatId === opts.heatId);
		// Labels that read the same are one table ("T1", "t1", "T01": seatLabelKey, issue 29 #8).
		const table = opts.table === null ? null : seatLabelKey(opts.table);
		// In the order people count seats (1, 2, 3, 4, 10: issue 30 #9), not as stored (by ID).
		this.seats = heatEntries.filter((e) => table === null || (e.table !== undefined && seatLabelKey(e.table) === table)).sort(bySeat);
		// The heat's own standings: every entry of the heat, whichever table it sits at.
		this.setup = { ...opts.setup, entries: heatEntries };
		this.scorer = new CompetitionScorer(this.setup);
		this.scorer.add(opts.events);
		this.events = opts.events;
	}

	get ruleset(): Ruleset {
		return this.setup.ruleset;
	}

	get now(): number {
		return this.#now;
	}

	set now(t: number) {
		this.#now = t;
		if (t >= this.changeAt || t < this.#foldedAt) this.#foldedAt = t;
	}

	/** The moment `outcomes` and `standings` were folded for. */
	get foldedAt(): number {
		return this.#foldedAt;
	}

	/** A seat's outcome at `now`, its running clock included. */
	outcome(entryId: string): Outcome {
		return advance(this.ruleset, this.spans.get(entryId)!, this.#now);
	}

	/** A seat's outcome at another moment (a tap's), folded for it. */
	outcomeAt(entryId: string, at: number): Outcome {
		return at === this.#now ? this.outcome(entryId) : advance(this.ruleset, this.scorer.span(entryId, at)!, at);
	}

	/** What the fold knows of a seat (its pauses, its finish). */
	summary(entryId: string): EntrySummary {
		return this.scorer.summary(entryId)!;
	}

	/** Events written here join the fold, shown at their tap when it came after the last frame (so it shows at once). */
	add(events: JudgeEvent[], at = this.#now): void {
		this.scorer.add(events);
		this.events = [...this.events, ...events];
		this.#now = Math.max(this.#now, at);
		this.#foldedAt = this.#now;
	}

	/** Events recorded elsewhere (another tablet, an import) join the fold, each once. */
	merge(events: JudgeEvent[]): void {
		const known = new Set(this.events.map((e) => e.id));
		const fresh = events.filter((e) => !known.has(e.id));
		if (fresh.length > 0) this.add(fresh);
	}
}
