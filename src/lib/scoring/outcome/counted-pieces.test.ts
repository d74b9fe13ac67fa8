import { describe, expect, it } from 'vitest';
import type { PuzzleOutcome } from '../types';
import { countedPieces, entryPieces, puzzlesToTally } from './counted-pieces';
import { puzzleResult } from './testkit';

/** A puzzle's outcome with only what counting pieces reads. */
function outcome(puzzleId: string, stageId: string, status: PuzzleOutcome['status'], counted: number | null): PuzzleOutcome {
	return puzzleResult(puzzleId, stageId, { status, countedPieces: counted });
}

describe('countedPieces', () => {
	it('CZ-GEN-UNFINISHED: only groups of at least the minimum count', () => {
		expect(countedPieces([120, 2, 3, 7], 3)).toBe(130);
		expect(countedPieces([], 3)).toBe(0);
	});
});

describe('puzzlesToTally', () => {
	it('CZ-TEAM-RANK: the unfinished puzzles of the first part not finished; later parts are never reached', () => {
		const puzzles = [
			outcome('p1-1', 'part-1', 'finished', 500),
			outcome('p1-2', 'part-1', 'unfinished', null),
			outcome('p1-3', 'part-1', 'unfinished', 40),
			outcome('p2-1', 'part-2', 'unfinished', null)
		];
		expect(puzzlesToTally(puzzles).map((p) => p.puzzleId)).toEqual(['p1-2', 'p1-3']);
		expect(puzzlesToTally([outcome('p1-1', 'part-1', 'finished', 500)])).toEqual([]);
	});
});

describe('entryPieces', () => {
	it('CZ-GEN-MISSING: a finisher counts its pieces less the missing ones, and has no loose pieces', () => {
		expect(entryPieces('finished', [outcome('puzzle', 'single', 'finished', 498)], 2)).toEqual({ totalPieces: 500, counted: 498, tallyPending: false, loose: null });
	});

	it('ES-UNFINISHED: an unfinished entry counts its tallies; the rest are loose', () => {
		expect(entryPieces('unfinished', [outcome('puzzle', 'single', 'unfinished', 420)], 0)).toEqual({ totalPieces: 500, counted: 420, tallyPending: false, loose: 80 });
	});

	it('CZ-TEAM-RANK: an unfinished team waits for the tallies of its first open part only; later parts count 0', () => {
		const waiting = [outcome('p1-1', 'part-1', 'finished', 500), outcome('p1-2', 'part-1', 'unfinished', null), outcome('p2-1', 'part-2', 'unfinished', null)];
		expect(entryPieces('unfinished', waiting, 0)).toEqual({ totalPieces: 1500, counted: null, tallyPending: true, loose: null });
		const tallied = [outcome('p1-1', 'part-1', 'finished', 500), outcome('p1-2', 'part-1', 'unfinished', 300), outcome('p2-1', 'part-2', 'unfinished', null)];
		expect(entryPieces('unfinished', tallied, 0)).toEqual({ totalPieces: 1500, counted: 800, tallyPending: false, loose: 700 });
	});

	it('no result yet: nothing counts', () => {
		for (const status of ['running', 'paused', 'disqualified', 'not-started'] as const)
			expect(entryPieces(status, [outcome('puzzle', 'single', 'open', 100)], 0)).toEqual({ totalPieces: 500, counted: null, tallyPending: false, loose: null });
	});
});
