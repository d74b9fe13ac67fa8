import type { EntryStatus, PuzzleOutcome } from '../types';

/** Pieces in connected groups of at least `minGroupSize` (CZ-GEN-UNFINISHED, ES-UNFINISHED). */
export function countedPieces(groups: readonly number[], minGroupSize: number): number {
	let n = 0;
	for (const g of groups) if (g >= minGroupSize) n += g;
	return n;
}

/**
 * The relay puzzles an unfinished team's judge tallies at the limit (CZ-TEAM-RANK): the
 * unfinished ones of the first part not finished. Later parts were never reached and count 0.
 */
export function puzzlesToTally(puzzles: readonly PuzzleOutcome[]): PuzzleOutcome[] {
	const firstOpenStage = puzzles.find((p) => p.status !== 'finished')?.stageId;
	return puzzles.filter((p) => p.status === 'unfinished' && p.stageId === firstOpenStage);
}

export interface EntryPieces {
	totalPieces: number;
	/** Pieces that count; null while no result (or while a tally is pending). */
	counted: number | null;
	/** An unfinished entry waits for a tally of a puzzle it must have tallied. */
	tallyPending: boolean;
	/** An unfinished entry's pieces outside the counted groups. */
	loose: number | null;
}

/**
 * The entry's pieces that count: a finished entry's less the missing ones; an unfinished one's
 * tallies. Relay puzzles of stages not yet reached count 0 and need no tally (CZ-TEAM-RANK).
 * Loose pieces are an unfinished entry's pieces outside the counted groups (ES-UNFINISHED); a
 * finisher's pieces not in the puzzle are its missing pieces (CZ-GEN-MISSING), not loose.
 */
export function entryPieces(status: EntryStatus, puzzles: readonly PuzzleOutcome[], missingPieces: number): EntryPieces {
	const totalPieces = puzzles.reduce((a, p) => a + p.pieces, 0);
	let counted: number | null = null;
	let tallyPending = false;
	if (status === 'finished') counted = totalPieces - missingPieces;
	else if (status === 'unfinished') {
		tallyPending = puzzlesToTally(puzzles).some((p) => p.countedPieces === null);
		counted = tallyPending ? null : puzzles.reduce((a, p) => a + (p.countedPieces ?? 0), 0);
	}
	const loose = status === 'unfinished' && counted !== null ? totalPieces - counted : null;
	return { totalPieces, counted, tallyPending, loose };
}
