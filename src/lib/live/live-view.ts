import type { LiveCompetition, LiveHeat, LiveRow } from '$lib/contract/live';

/**
 * A heat's clock on the viewer's own clock: the server says the phase and the moments it
 * stood at (LiveHeat); between two versions the page runs it on, so the preview counts down
 * into the running clock and the running clock into "time is up" without asking the server.
 */
export interface LiveClock {
	phase: LiveHeat['phase'];
	/** The time shown: the preview's countdown, else the heat's time (0 while waiting). */
	ms: number;
	/** The time left while the heat runs against a limit, else null. */
	leftMs: number | null;
	/** The seats whose clocks run. */
	stillGoing: number;
}

export function liveClock(heat: LiveHeat, now: number): LiveClock {
	const { phase, startedAt: start, limitAt: limit, endedAt: end, stillGoing } = heat;
	if (phase === 'waiting' || start === null) return { phase: 'waiting', ms: 0, leftMs: null, stillGoing: 0 };
	if (phase === 'all-finished') return { phase, ms: Math.max(0, (end ?? start) - start), leftMs: null, stillGoing: 0 };
	if (phase === 'time-up') return { phase, ms: Math.max(0, (limit ?? end ?? start) - start), leftMs: null, stillGoing };
	if (phase === 'preview' && now < start) return { phase, ms: start - now, leftMs: null, stillGoing };
	// The limit passed on the viewer's clock before the server's next version: who still goes
	// (paused seats run on their own limit) is the server's to say, so none are counted here.
	if (limit !== null && now >= limit) return { phase: 'time-up', ms: limit - start, leftMs: null, stillGoing: 0 };
	// A viewer's clock behind the tablets' stands at zero, not in a preview.
	const at = Math.max(now, start);
	return { phase: 'running', ms: at - start, leftMs: limit === null ? null : limit - at, stillGoing };
}

/** Whether every word of a query starts a word of the texts (name-search.ts's matchesQuery: case and accents ignored). */
export type NameMatch = (query: string, texts: readonly string[]) => boolean;

/** The rows whose names the query finds; all for an empty query, or before the search's code is loaded (`match` null). */
export function searchRows(rows: readonly LiveRow[], query: string, match: NameMatch | null): readonly LiveRow[] {
	return query.trim() === '' || !match ? rows : rows.filter((r) => match(query, [r.name]));
}

/** The followed rows, in the standings' order. */
export function pinnedRows(rows: readonly LiveRow[], pinned: readonly string[]): LiveRow[] {
	return pinned.length === 0 ? [] : rows.filter((r) => pinned.includes(r.entryId));
}

/** The latest finishers, newest first, at most `n`. */
export function latestRows(c: Pick<LiveCompetition, 'rows' | 'latest'>, n: number): LiveRow[] {
	const byId = new Map(c.rows.map((r) => [r.entryId, r]));
	return c.latest.flatMap((f) => byId.get(f.entryId) ?? []).slice(0, Math.max(0, n));
}
