import type { Outcome } from '$lib/scoring/types';

type Scored = { at: number; rows: readonly { outcome: Pick<Outcome, 'status' | 'startedAt' | 'limitAt'> }[] };

/**
 * The first moment after `standings.at` at which time alone changes standings scored then: a
 * seat's preview ends (its clock starts by itself, ES-PREVIEW) or a running seat's limit passes
 * (it is unfinished from then); Infinity when none will. Kept standings are scored again only
 * for events, so these are scored again for the clock's sake (issue 32 #2: without events,
 * nothing else is). Worked out once per scoring, so that asking after each sync costs nothing.
 */
export function nextClockChange(standings: Scored): number {
	let next = Infinity;
	for (const { outcome: o } of standings.rows) {
		if (o.status === 'preview' && o.startedAt !== null && o.startedAt > standings.at) next = Math.min(next, o.startedAt);
		if ((o.status === 'preview' || o.status === 'running' || o.status === 'paused') && o.limitAt !== null && o.limitAt > standings.at) next = Math.min(next, o.limitAt);
	}
	return next;
}

/** Time alone has changed standings scored at `standings.at` by `at`. */
export function dueByClock(standings: Scored, at: number): boolean {
	return nextClockChange(standings) <= at;
}
