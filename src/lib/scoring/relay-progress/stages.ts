import type { RelayStage, Ruleset } from '$lib/rules/schema';
import type { PuzzleOutcome } from '../types';
import type { RelayStageProgress } from './types';

/** Whether the ruleset asks for a teardown after this puzzle (the last one ends the time instead). */
export function boxingAsked(ruleset: Ruleset, puzzle: PuzzleOutcome, last: PuzzleOutcome): boolean {
	return ruleset.format.kind === 'relay' && ruleset.format.teardownRequired && puzzle !== last;
}

/** Confirmed, and boxed when the ruleset asks for it (CZ-TEAM-TEARDOWN). */
export function puzzleComplete(ruleset: Ruleset, p: PuzzleOutcome, last: PuzzleOutcome): boolean {
	return p.check === 'confirmed' && (!boxingAsked(ruleset, p, last) || p.boxedAtMs !== null);
}

export interface StageProgress {
	stages: RelayStageProgress[];
	/** Each part's own puzzles. */
	byStage: PuzzleOutcome[][];
	/** The team's last puzzle: it needs no teardown (its check ends the time, CZ-TEAM-FINAL). */
	last: PuzzleOutcome;
}

/**
 * Each part's progress, with its own puzzles: the first opens at the start, each next one at
 * the last check or teardown of the one before, once that one is complete.
 * @param outcomes the team's puzzles in solving order, part after part
 */
export function stageProgress(
	ruleset: Ruleset,
	stages: readonly RelayStage[],
	outcomes: readonly PuzzleOutcome[],
	started: boolean
): StageProgress {
	const last = outcomes[outcomes.length - 1]!;
	const progress: RelayStageProgress[] = [];
	const byStage: PuzzleOutcome[][] = [];
	let offset = 0;
	let openedAt: number | null = started ? 0 : null;
	for (const [index, stage] of stages.entries()) {
		const own = outcomes.slice(offset, offset + stage.puzzles.length);
		offset += stage.puzzles.length;
		byStage.push(own);
		const complete = openedAt !== null && own.every((p) => puzzleComplete(ruleset, p, last));
		progress.push({ stage, index, openedAtMs: openedAt, complete });
		openedAt = complete ? Math.max(...own.map((p) => (boxingAsked(ruleset, p, last) ? p.boxedAtMs! : p.checkedAtMs!))) : null;
	}
	return { stages: progress, byStage, last };
}
