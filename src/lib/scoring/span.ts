import type { Ruleset } from '$lib/rules/schema';
import type { EntrySummary } from './fold';
import { evaluate } from './outcome';
import { atResolution } from './time';
import type { Outcome } from './types';

/**
 * An entry's outcome from `from` until just before `until`: between two recorded moments (a
 * start, a pause, an assistance, the cap, a finish, the limit) nothing changes but the running
 * counters, which advance at constant rates. A screen that repaints clocks every frame folds
 * the events once per change and advances the counters in between (see `advance`).
 */
export interface OutcomeSpan {
	outcome: Outcome;
	from: number;
	/** The first moment after `from` at which the outcome changes otherwise; Infinity if never. */
	until: number;
	/** Milliseconds gained per millisecond: the clock, the paused time, the assistance time. */
	rates: { clock: number; paused: number; assistance: number };
}

/** Every moment at which `evaluate` compares `now` with something recorded. */
function nextChangeAt(ruleset: Ruleset, s: EntrySummary, now: number, o: Outcome, assistanceRate: number): number {
	let next = Infinity;
	const consider = (t: number | null | undefined) => {
		if (t !== null && t !== undefined && t > now && t < next) next = t;
	};
	consider(s.startedAt);
	consider(s.limitAt);
	consider(s.finishedAt);
	consider(s.disqualifiedAt);
	for (const p of s.pauses) {
		consider(p.from);
		consider(p.to);
	}
	for (const a of s.assists) {
		consider(a.from);
		consider(a.to);
	}
	// The assistance count stops at its cap (ES-ASSIST).
	const cap = ruleset.assistance?.maxTotalMs;
	if (cap !== undefined && assistanceRate > 0 && o.assistance.usedMs < cap) consider(now + Math.ceil((cap - o.assistance.usedMs) / assistanceRate));
	return next;
}

/** The outcome at `now` and how long it holds. The counters' rates are measured, not re-derived. */
export function spanOf(ruleset: Ruleset, s: EntrySummary, now: number, outcome = evaluate(ruleset, s, now)): OutcomeSpan {
	// Rates from the outcome one millisecond later: the same formulas, so they cannot disagree.
	const later = evaluate(ruleset, s, now + 1);
	const rates = {
		clock: later.clockMs - outcome.clockMs,
		paused: later.pauses.usedMs - outcome.pauses.usedMs,
		assistance: later.assistance.usedMs - outcome.assistance.usedMs
	};
	const until = nextChangeAt(ruleset, s, now, outcome, rates.assistance);
	// A change one millisecond later means `later` already belongs to the next span.
	if (until === now + 1) rates.clock = rates.paused = rates.assistance = 0;
	return { outcome, from: now, until, rates };
}

/**
 * The outcome at `t` (from ≤ t < until) without folding again. Only the counters and what is
 * computed from them change: the clock, the paused and assistance time, the assistance penalty.
 */
export function advance(ruleset: Ruleset, span: OutcomeSpan, t: number): Outcome {
	const o = span.outcome;
	const dt = t - span.from;
	if (dt === 0 || (span.rates.clock === 0 && span.rates.paused === 0 && span.rates.assistance === 0)) return o;
	const assistanceUsedMs = o.assistance.usedMs + span.rates.assistance * dt;
	const assistanceMs = ruleset.assistance?.addedAsPenalty ? atResolution(assistanceUsedMs, ruleset.timeResolution) : 0;
	const penaltyMs = o.penaltyMs - o.penalties.assistanceMs + assistanceMs;
	return {
		...o,
		clockMs: o.clockMs + span.rates.clock * dt,
		pauses: { ...o.pauses, usedMs: o.pauses.usedMs + span.rates.paused * dt },
		assistance: { ...o.assistance, usedMs: assistanceUsedMs },
		penalties: { ...o.penalties, assistanceMs },
		penaltyMs
	};
}
