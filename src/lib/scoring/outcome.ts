import type { Ruleset } from '$lib/rules/schema';
import type { EntrySummary } from './fold';
import type { Outcome } from './types';
import { assistanceBudget, pauseBudget } from './outcome/budgets';
import { readClock } from './outcome/clock-reading';
import { entryPieces } from './outcome/counted-pieces';
import { entryStatus } from './outcome/entry-status';
import { missingPiecesVerdict } from './outcome/missing-pieces';
import { penaltiesOf, penaltyTotal, resultTimes } from './outcome/penalties';
import { puzzleOutcomes } from './outcome/puzzle-outcomes';

export { countedPieces, puzzlesToTally } from './outcome/counted-pieces';

/**
 * An entry's outcome at moment `now` (ms, the caller's clock: scoring never reads a clock).
 * Running clocks are computed from the recorded timestamps, never from counted ticks.
 * Its steps, each in outcome/: the clock, the budgets, the missing pieces, the puzzles, the
 * status, the pieces that count, the penalties and the times.
 */
export function evaluate(ruleset: Ruleset, s: EntrySummary, now: number): Outcome {
	const clock = readClock(ruleset, s, now);
	const assistance = assistanceBudget(ruleset, s, now, clock.end);
	const missing = missingPiecesVerdict(ruleset, s);
	const { missingPieces, disqualification } = missing;
	const puzzles = puzzleOutcomes(s, clock, ruleset.unfinished.minGroupSize);
	const status = entryStatus(s, now, clock, disqualification);
	const pieces = entryPieces(status, puzzles, missingPieces);
	const penalties = penaltiesOf(ruleset, status, { missingPieces: missing.penalisedPieces, assistanceMs: assistance.usedMs, loosePieces: pieces.loose, adjustmentMs: s.adjustmentMs });
	const penaltyMs = penaltyTotal(penalties);
	const { elapsedMs, finalTimeMs } = resultTimes(ruleset, status, clock.clockMs, penaltyMs, pieces.tallyPending);
	const finished = clock.finished;
	const relay = ruleset.format.kind === 'relay';
	return {
		entryId: s.entryId,
		heatId: s.heatId,
		status,
		previewAt: s.previewAt,
		startedAt: s.startedAt,
		limitAt: s.limitAt,
		clockMs: clock.clockMs,
		elapsedMs,
		finishedAt: finished ? s.finishedAt : null,
		finishEventId: finished ? (s.puzzles[s.puzzles.length - 1]!.finish?.eventId ?? null) : null,
		check: finished ? puzzles[puzzles.length - 1]!.check : 'none',
		locked: s.locked,
		missingPieces,
		missingFromBox: missing.missingFromBox,
		boxFaultPending: missing.boxFaultPending,
		boxFaultExempt: missing.boxFaultExempt,
		boxFaults: missing.boxFaults,
		pauses: pauseBudget(ruleset, s, now, clock.shownAt, status === 'paused'),
		assistance,
		penalties,
		penaltyMs,
		finalTimeMs,
		totalPieces: pieces.totalPieces,
		countedPieces: pieces.counted,
		loosePieces: pieces.loose,
		tallyPending: pieces.tallyPending,
		disqualification,
		disqualifiedForMissingPieces: missing.disqualifiedForMissingPieces,
		notes: s.notes,
		incidents: s.incidents,
		puzzles: relay ? puzzles : null,
		pairs: relay ? s.pairs : null
	};
}
