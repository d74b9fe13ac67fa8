import type { Standings } from '$lib/scoring/types';

/**
 * Standings scored at `standings.at` that time alone has changed by `at`: a seat's preview has
 * ended (its clock started by itself, ES-PREVIEW) or a running seat's limit has passed (it is
 * unfinished now). Kept standings are scored again only for events, so these are scored again
 * for the clock's sake (issue 32 #2: without events, nothing else is).
 */
export function dueByClock(standings: Pick<Standings, 'rows' | 'at'>, at: number): boolean {
	if (at <= standings.at) return false;
	return standings.rows.some(({ outcome: o }) => {
		if (o.status === 'preview' && o.startedAt !== null && o.startedAt <= at) return true;
		return (o.status === 'preview' || o.status === 'running' || o.status === 'paused') && o.limitAt !== null && o.limitAt <= at;
	});
}
