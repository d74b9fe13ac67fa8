import type { Ruleset } from '$lib/rules/schema';
import type { RotationState } from '../rotation';
import type { Outcome, PuzzleOutcome } from '../types';
import { puzzleComplete, type StageProgress } from './stages';
import type { RelayPuzzle, RelayPuzzleState, RelayStageProgress } from './types';

/** A relay puzzle's state (RelayPuzzleState): by its finish and check, else by whether its part is open. */
export function relayPuzzleState(ruleset: Ruleset, p: PuzzleOutcome, stage: RelayStageProgress, last: PuzzleOutcome): RelayPuzzleState {
	if (p.status === 'finished') return p.check !== 'confirmed' ? 'checking' : puzzleComplete(ruleset, p, last) ? 'done' : 'boxing';
	if (stage.openedAtMs === null) return 'waiting';
	return p.status === 'unfinished' ? 'unfinished' : 'open';
}

/** Who works on an open puzzle: the rotation's member(s) there (CZ-TEAM-P1), its pair (CZ-TEAM-P2), or the whole team. */
export function puzzleWorkers(
	stage: RelayStageProgress,
	puzzleId: string,
	indexInStage: number,
	rotation: RotationState | null,
	pairs: Outcome['pairs'],
	memberIds: readonly string[]
): string[] {
	if (stage.stage.mode === 'rotation') return rotation?.assignments.filter((a) => a.puzzleId === puzzleId).map((a) => a.memberId) ?? [];
	if (stage.stage.mode === 'pairs') return pairs ? [...pairs[indexInStage]!] : [];
	return [...memberIds];
}

/** Every puzzle of the team, part after part, with its state and, while open, its workers. */
export function relayPuzzles(
	ruleset: Ruleset,
	{ stages, byStage, last }: StageProgress,
	rotation: RotationState | null,
	pairs: Outcome['pairs'],
	memberIds: readonly string[]
): RelayPuzzle[] {
	const puzzles: RelayPuzzle[] = [];
	for (const [index, own] of byStage.entries()) {
		const stage = stages[index]!;
		for (const [i, p] of own.entries()) {
			const state = relayPuzzleState(ruleset, p, stage, last);
			const workers = state === 'open' ? puzzleWorkers(stage, p.puzzleId, i, rotation, pairs, memberIds) : [];
			puzzles.push({ puzzleId: p.puzzleId, stageIndex: index, pieces: p.pieces, state, workers, outcome: p });
		}
	}
	return puzzles;
}
