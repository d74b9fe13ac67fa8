import type { EntrySummary, PuzzleSummary } from '../fold/entry-summary';
import type { PuzzleOutcome } from '../types';
import { MIN, T0 } from '../testkit';

/** Test helpers for the steps of `evaluate`: summaries written by hand. */

/** A summary of one entry whose 2-hour clock started at T0 (as under es-adult-individual), changed by `over`. */
export function summary(over: Partial<EntrySummary> = {}): EntrySummary {
	return {
		entryId: 'ann',
		heatId: 'heat-1',
		competitionId: 'comp',
		previewAt: T0,
		startedAt: T0,
		pauses: [],
		pausesStopClock: true,
		assists: [],
		limitAt: T0 + 120 * MIN,
		puzzles: [puzzle()],
		finishedAt: null,
		locked: false,
		disqualification: null,
		disqualifiedAt: null,
		didNotStart: false,
		adjustmentMs: 0,
		pairs: null,
		notes: [],
		incidents: [],
		conflicts: [],
		...over
	};
}

/** An open 200-piece puzzle, changed by `over`. */
export function puzzle(over: Partial<PuzzleSummary> = {}): PuzzleSummary {
	return {
		puzzleId: 'puzzle',
		stageId: 'single',
		pieces: 200,
		finish: null,
		check: 'none',
		checkedAt: null,
		missingPieces: 0,
		checkId: null,
		checkDeviceId: null,
		missingFromBox: 0,
		boxFault: 'none',
		tally: null,
		teardownAt: null,
		...over
	};
}

/** An open 500-piece relay puzzle's outcome, changed by `over`. */
export function puzzleResult(puzzleId: string, stageId: string, over: Partial<PuzzleOutcome> = {}): PuzzleOutcome {
	return {
		puzzleId,
		stageId,
		pieces: 500,
		status: 'open',
		finishedAtMs: null,
		finishEventId: null,
		memberIds: [],
		check: 'none',
		missingPieces: 0,
		missingFromBox: 0,
		boxFault: 'none',
		checkEventId: null,
		countedPieces: null,
		checkedAtMs: null,
		boxedAtMs: null,
		teardownMs: null,
		...over
	};
}
