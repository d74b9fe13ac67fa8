import type { LiveCompetition, LiveHeat, LiveRow } from '$lib/contract/live';
import { matchesQuery } from '$lib/registration/name-search';

/**
 * A heat's clock on the viewer's own clock: the server says the phase and the moments it
 * stood at (LiveHeat); between two versions the page runs it on, so the preview counts down
 * into the running clock and the running clock into "time is up" without asking the server.
 * `leftMs` null: the heat has no limit; `stillGoing`: the seats whose clocks run.
 */
export type LiveClock =
	| { phase: 'waiting' }
	| { phase: 'preview'; previewLeftMs: number; stillGoing: number }
	| { phase: 'running'; elapsedMs: number; leftMs: number | null; stillGoing: number }
	| { phase: 'all-finished'; elapsedMs: number }
	| { phase: 'time-up'; elapsedMs: number; stillGoing: number };

export function liveClock(heat: LiveHeat, now: number): LiveClock {
	const { startedAt, limitAt, endedAt } = heat;
	if (heat.phase === 'waiting' || startedAt === null) return { phase: 'waiting' };
	if (heat.phase === 'all-finished') return { phase: 'all-finished', elapsedMs: Math.max(0, (endedAt ?? startedAt) - startedAt) };
	if (heat.phase === 'time-up') return { phase: 'time-up', elapsedMs: Math.max(0, (limitAt ?? endedAt ?? startedAt) - startedAt), stillGoing: heat.stillGoing };
	const { stillGoing } = heat;
	if (now < startedAt)
		return heat.phase === 'preview' ? { phase: 'preview', previewLeftMs: startedAt - now, stillGoing } : { phase: 'running', elapsedMs: 0, leftMs: limitAt === null ? null : limitAt - startedAt, stillGoing };
	// The limit passed on the viewer's clock before the server's next version: who still goes
	// (paused seats run on their own limit) is the server's to say, so none are counted here.
	if (limitAt !== null && now >= limitAt) return { phase: 'time-up', elapsedMs: limitAt - startedAt, stillGoing: 0 };
	return { phase: 'running', elapsedMs: now - startedAt, leftMs: limitAt === null ? null : limitAt - now, stillGoing };
}

/** Some seat's clock still runs: the heat is the one a stream shows. */
const inProgress = (h: LiveHeat) => h.phase === 'preview' || h.phase === 'running' || (h.phase === 'time-up' && h.stillGoing > 0);

/** The heat the overlay shows: one in progress, else the one started last, else the first. */
export function currentHeat(heats: readonly LiveHeat[]): LiveHeat | null {
	const going = heats.find(inProgress);
	if (going) return going;
	const started = heats.filter((h) => h.startedAt !== null);
	if (started.length > 0) return started.reduce((a, b) => (b.startedAt! > a.startedAt! ? b : a));
	return heats[0] ?? null;
}

/** The rows whose names the query finds (case and accents ignored, each word the start of a word: name-search.ts); all for an empty query. */
export function searchRows(rows: readonly LiveRow[], query: string): readonly LiveRow[] {
	return query.trim() === '' ? rows : rows.filter((r) => matchesQuery(query, [r.name]));
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

/** The best `n` with a place, as the standings stand. */
export function topRows(rows: readonly LiveRow[], n: number): LiveRow[] {
	return rows.filter((r) => r.place !== null).slice(0, Math.max(0, n));
}
