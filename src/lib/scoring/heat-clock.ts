import type { Ruleset } from '$lib/rules/schema';
import type { Outcome } from './types';

/**
 * The clock of one heat, from its seats' outcomes (as the shared scorer folded them) and the
 * moment `now`: what the judge's heat header and the room display both say about the heat.
 * Nothing here reads a clock. Between two folds a seat's state changes only with time (the
 * preview ends at `startedAt`, the limit stops the clock at `limitAt`), so the phase is worked
 * out from those recorded moments, not from the folded status alone.
 *
 * The heat's limit is the heat's start (the earliest clock start among the seats given) plus
 * the ruleset's time limit. A seat's own limit can lie later (ES-PAUSE: pauses stopped its
 * clock; or its table started later), but that is the seat's, shown on its card: the heat's
 * time left does not move when a seat pauses.
 *
 * - waiting: no seat started yet;
 * - preview: the uncounted look before the clocks start by themselves (ES-PREVIEW);
 * - running: before the heat's limit while some seat still goes or has not started yet
 *   (another table of the heat did not start): the heat's clock and its time left;
 * - all-finished: every seat is done (finished, out) before the heat's limit; the clock
 *   stands at the last seat's end;
 * - time-up: the heat's limit is reached and not every seat was done before it; `stillGoing`
 *   seats run on, on their own limit moved back by their pauses.
 */
export type HeatClock =
	| { phase: 'waiting' }
	| { phase: 'preview'; previewLeftMs: number; startedAt: number }
	| { phase: 'running'; elapsedMs: number; leftMs: number; startedAt: number; limitAt: number }
	| { phase: 'all-finished'; elapsedMs: number; startedAt: number; endedAt: number }
	| { phase: 'time-up'; elapsedMs: number; startedAt: number; limitAt: number; stillGoing: number };

export type ClockOutcome = Pick<Outcome, 'status' | 'previewAt' | 'startedAt' | 'limitAt' | 'finishedAt'>;

/** The seat's clock (or its preview) still runs at `now`. */
export function stillGoing(o: Pick<Outcome, 'status' | 'limitAt'>, now: number): boolean {
	if (o.status !== 'preview' && o.status !== 'running' && o.status !== 'paused') return false;
	return o.limitAt !== null && now < o.limitAt;
}

/**
 * The moment a seat's time ends or ended: its finish, else its limit (a seat folded as still
 * going before its limit ends there); null for a seat out of the heat (disqualified, absent).
 */
export function seatEndsAt(o: Pick<Outcome, 'finishedAt' | 'limitAt' | 'status'>): number | null {
	if (o.finishedAt !== null) return o.finishedAt;
	if (o.status === 'unfinished' || o.status === 'running' || o.status === 'paused' || o.status === 'preview') return o.limitAt;
	return null;
}

/** Some seat's clock still runs at this phase: a heat in progress (no app update, the room shows it first). */
export function heatInProgress(clock: HeatClock): boolean {
	return clock.phase === 'preview' || clock.phase === 'running' || (clock.phase === 'time-up' && clock.stillGoing > 0);
}

export function heatClock(outcomes: readonly ClockOutcome[], ruleset: Pick<Ruleset, 'timeLimitMs'>, now: number): HeatClock {
	const started = outcomes.filter((o) => o.startedAt !== null);
	if (started.length === 0) return { phase: 'waiting' };
	// One tap starts a table; two tables of a heat started apart: the heat began at the earlier.
	const startedAt = Math.min(...started.map((o) => o.startedAt!));
	if (now < startedAt) return { phase: 'preview', previewLeftMs: startedAt - now, startedAt };
	const limitAt = startedAt + ruleset.timeLimitMs;
	const going = started.filter((o) => stillGoing(o, now)).length;
	const waiting = outcomes.some((o) => o.status === 'not-started');
	// The last seat's end: its finish or its own limit (seats out of the heat have none).
	const ends = started.map(seatEndsAt).filter((t): t is number => t !== null);
	const endedAt = ends.length > 0 ? Math.max(...ends) : startedAt;
	if (going === 0 && !waiting && endedAt < limitAt && endedAt <= now)
		return { phase: 'all-finished', elapsedMs: Math.max(0, endedAt - startedAt), startedAt, endedAt };
	if (now < limitAt) return { phase: 'running', elapsedMs: now - startedAt, leftMs: limitAt - now, startedAt, limitAt };
	return { phase: 'time-up', elapsedMs: ruleset.timeLimitMs, startedAt, limitAt, stillGoing: going };
}
