import type { Outcome } from '$lib/scoring';

/**
 * The room clock of one heat, from its seats' outcomes (as the shared scorer folded them) and
 * the moment `now`: nothing here reads a clock. Between two folds a seat's state changes only
 * with time (the preview ends at `startedAt`, the limit stops the clock at `limitAt`), so the
 * phase is worked out from those recorded moments, not from the folded status alone.
 *
 * - waiting: no seat started yet;
 * - preview: the uncounted look before the clock starts by itself (ES-PREVIEW);
 * - running: the heat's clock from its start, and the time left to the limit of the last seat
 *   still going (a pause pushes a seat's limit back);
 * - finished: every seat is done (finished, out, or stopped by the limit).
 */
export type HeatClock =
	| { phase: 'waiting' }
	| { phase: 'preview'; previewLeftMs: number; startedAt: number }
	| { phase: 'running'; elapsedMs: number; leftMs: number; startedAt: number }
	| { phase: 'finished'; elapsedMs: number; startedAt: number };

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

type ClockOutcome = Pick<Outcome, 'status' | 'previewAt' | 'startedAt' | 'limitAt' | 'finishedAt'>;

export function heatClock(outcomes: readonly ClockOutcome[], now: number): HeatClock {
	const started = outcomes.filter((o) => o.startedAt !== null);
	if (started.length === 0) return { phase: 'waiting' };
	// One tap starts the table; two tables of a heat started apart show the earlier start.
	const startedAt = Math.min(...started.map((o) => o.startedAt!));
	if (now < startedAt) return { phase: 'preview', previewLeftMs: startedAt - now, startedAt };
	const going = started.filter((o) => stillGoing(o, now));
	if (going.length > 0) {
		const limit = Math.max(...going.map((o) => o.limitAt!));
		return { phase: 'running', elapsedMs: now - startedAt, leftMs: Math.max(0, limit - now), startedAt };
	}
	// Finished: the clock stands at the last seat's end (the limit, or the last finish).
	const ends = started.map(seatEndsAt).filter((t): t is number => t !== null);
	const end = ends.length > 0 ? Math.min(now, Math.max(...ends)) : now;
	return { phase: 'finished', elapsedMs: Math.max(0, end - startedAt), startedAt };
}
