import type { EntrySummary, PuzzleSummary } from '../fold/entry-summary';
import type { PuzzleOutcome } from '../types';
import { countedAt, type ClockReading } from './clock-reading';
import { countedPieces } from './counted-pieces';

/** Wall time `at` in counted time, once the clock started. */
function countedOrNull(at: number | null, startedAt: number | null, clock: ClockReading): number | null {
	return at !== null && clock.started ? countedAt(startedAt!, clock.stops, at) : null;
}

/**
 * One puzzle at the moment of the clock reading: finished, unfinished once the limit came, else
 * open; its moments (finish, check, boxed) in counted time; its pieces that count — a finished
 * one's less the missing ones, an unfinished one's tally (groups of at least `minGroupSize`).
 */
export function puzzleOutcome(p: PuzzleSummary, startedAt: number | null, clock: ClockReading, minGroupSize: number): PuzzleOutcome {
	const finish = p.finish;
	return {
		puzzleId: p.puzzleId,
		stageId: p.stageId,
		pieces: p.pieces,
		status: finish ? 'finished' : clock.limitReached ? 'unfinished' : 'open',
		finishedAtMs: finish ? countedOrNull(finish.at, startedAt, clock) : null,
		finishEventId: finish?.eventId ?? null,
		memberIds: finish?.memberIds ?? [],
		check: finish ? p.check : 'none',
		missingPieces: finish ? p.missingPieces : 0,
		missingFromBox: finish ? p.missingFromBox : 0,
		boxFault: finish ? p.boxFault : 'none',
		checkEventId: finish ? p.checkId : null,
		countedPieces: finish ? p.pieces - p.missingPieces : p.tally ? countedPieces(p.tally, minGroupSize) : null,
		checkedAtMs: finish && p.check === 'confirmed' ? countedOrNull(p.checkedAt, startedAt, clock) : null,
		boxedAtMs: countedOrNull(p.teardownAt, startedAt, clock),
		teardownMs: p.teardownAt !== null && p.checkedAt !== null ? Math.max(0, p.teardownAt - p.checkedAt) : null
	};
}

/** Every puzzle of the entry, in solving order (puzzleOutcome). */
export function puzzleOutcomes(s: EntrySummary, clock: ClockReading, minGroupSize: number): PuzzleOutcome[] {
	return s.puzzles.map((p) => puzzleOutcome(p, s.startedAt, clock, minGroupSize));
}
