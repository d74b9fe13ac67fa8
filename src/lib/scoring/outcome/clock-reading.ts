import type { Ruleset } from '$lib/rules/schema';
import type { EntrySummary, Interval } from '../fold/entry-summary';

/** Time the clock stood still in pauses before `t`. */
export function pausedBefore(pauses: readonly Interval[], t: number): number {
	let ms = 0;
	for (const p of pauses) if (p.from < t) ms += Math.min(p.to, t) - p.from;
	return ms;
}

/** Counted time at wall time `at`: since the start, less the pauses in `stops` before it. */
export function countedAt(startedAt: number, stops: readonly Interval[], at: number): number {
	return at - startedAt - pausedBefore(stops, at);
}

/** An entry's clock as it reads at one moment. */
export interface ClockReading {
	/** Whether the clock started: a start and so a limit. */
	started: boolean;
	/** Where the clock stops: the finish, the disqualification, else the limit (`now` before a start). */
	end: number;
	/** The moment the clock shows: `now`, or its end if earlier. */
	shownAt: number;
	/** The pauses that stop the clock (none if pauses do not stop it). */
	stops: readonly Interval[];
	/** Counted clock at `shownAt`, no more than the limit, ms at full precision. */
	clockMs: number;
	/** Whether the limit came before a finish. */
	limitReached: boolean;
	finished: boolean;
}

/**
 * The clock at `now`, computed from the recorded timestamps, never from counted ticks. A
 * disqualification stops the clock where it was recorded (a seat out runs no more time).
 */
export function readClock(ruleset: Ruleset, s: EntrySummary, now: number): ClockReading {
	const started = s.startedAt !== null && s.limitAt !== null;
	const stoppedAt = s.disqualifiedAt !== null && s.limitAt !== null ? Math.min(s.disqualifiedAt, s.limitAt) : s.disqualifiedAt;
	const end = s.finishedAt ?? stoppedAt ?? s.limitAt ?? now;
	const shownAt = Math.min(now, end);
	const stops = s.pausesStopClock ? s.pauses : [];
	return {
		started,
		end,
		shownAt,
		stops,
		clockMs: started && shownAt > s.startedAt! ? Math.min(countedAt(s.startedAt!, stops, shownAt), ruleset.timeLimitMs) : 0,
		limitReached: started && s.finishedAt === null && now >= s.limitAt!,
		finished: s.finishedAt !== null && now >= s.finishedAt
	};
}
