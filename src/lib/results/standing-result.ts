import type { EntryStatus } from '$lib/scoring';

/**
 * What a standings row shows as its result, on every surface (the tablet's table, the room
 * display, the public page): the time that ranks; else, for an unfinished entry, its counted
 * pieces (CZ-IND-RANK-2, CZ-TEAM-RANK: a relay team that did not finish shows the pieces of all
 * its puzzles, never a time); else nothing yet.
 */
export type StandingResult = { kind: 'time'; ms: number } | { kind: 'pieces'; count: number } | null;

export function standingResult(o: { finalTimeMs: number | null; countedPieces: number | null; status: EntryStatus }): StandingResult {
	if (o.finalTimeMs !== null) return { kind: 'time', ms: o.finalTimeMs };
	if (o.status === 'unfinished' && o.countedPieces !== null) return { kind: 'pieces', count: o.countedPieces };
	return null;
}
