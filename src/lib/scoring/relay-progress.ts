import type { Ruleset } from '$lib/rules/schema';
import { puzzlesToTally } from './outcome';
import { rotationAt } from './rotation';
import type { Outcome } from './types';
import { relayPuzzles } from './relay-progress/relay-puzzles';
import { rotationNow } from './relay-progress/rotation-now';
import { stageProgress } from './relay-progress/stages';
import type { RelayProgress } from './relay-progress/types';

export type { RelayProgress, RelayPuzzle, RelayPuzzleState, RelayStageProgress, RotationMove } from './relay-progress/types';

/**
 * Where a relay team is (CZ-TEAM-FORMAT … CZ-TEAM-TEARDOWN), read from its outcome at one
 * moment: which part it is in, which puzzles are open, who works where, when the next
 * rotation signal sounds. Driven by the ruleset's stages (any sizes, any signal interval).
 * The tablet's relay screen, the room display and the organizer's entry detail all show this.
 *
 * A part opens when every puzzle of the part before is confirmed and, when the ruleset asks
 * for it, boxed ("boxed, next released", CZ-TEAM-TEARDOWN); the first opens at the start.
 * The last puzzle needs no teardown: its confirmed check ends the team's time (CZ-TEAM-FINAL).
 */

/**
 * @param memberIds the team's members in their order: member i starts at puzzle i of a rotation part
 * @param outcome the team's outcome at the moment (its `clockMs` is the team time shown)
 */
export function relayProgress(ruleset: Ruleset, memberIds: readonly string[], outcome: Outcome): RelayProgress | null {
	if (ruleset.format.kind !== 'relay' || !outcome.puzzles) return null;
	const outcomes = outcome.puzzles;
	const started = outcome.startedAt !== null && outcome.status !== 'not-started' && outcome.status !== 'preview' && outcome.status !== 'did-not-start';
	const running = outcome.status === 'running' || outcome.status === 'paused';
	const progress = stageProgress(ruleset, ruleset.format.stages, outcomes, started);
	const { stages } = progress;
	const currentIndex = stages.findIndex((s) => !s.complete);
	const current = currentIndex < 0 ? stages.length : currentIndex;
	const cur = stages[current];
	const currentOpen = cur !== undefined && cur.openedAtMs !== null;

	const rotating =
		cur && currentOpen && cur.stage.mode === 'rotation' && memberIds.length >= cur.stage.puzzles.length
			? rotationNow(cur.stage, cur.openedAtMs!, progress.byStage[current]!, memberIds, outcome.clockMs, running, ruleset.timeLimitMs)
			: null;
	const rotation = rotating?.rotation ?? null;
	const pairs = outcome.pairs;
	const tallyDue = outcome.status === 'unfinished' ? new Set(puzzlesToTally(outcomes).filter((p) => p.countedPieces === null).map((p) => p.puzzleId)) : new Set<string>();

	return {
		stages,
		current,
		currentOpen,
		puzzles: relayPuzzles(ruleset, progress, rotation, pairs, memberIds),
		rotation,
		nextSignalAtMs: rotating?.nextSignalAtMs ?? null,
		lastSignalAtMs: rotating?.lastSignalAtMs ?? null,
		lastMoves: rotating?.lastMoves ?? [],
		pairsNeeded: cur !== undefined && currentOpen && cur.stage.mode === 'pairs' && pairs === null,
		toTally: outcomes.filter((p) => tallyDue.has(p.puzzleId)).map((p) => p.puzzleId)
	};
}

/**
 * Who is credited with a hand raised on `puzzleId` at the outcome's moment (CZ-TEAM-P1-DONE):
 * who was working on it when the hand went up. A finish at the very moment of a signal happens
 * before the move (rotation.ts), so the rotation is asked as if the puzzle finished then: the
 * member it stops is the finisher, not the one a signal at that instant would bring. Pairs and
 * whole-team parts: the pair, the team. Empty when the puzzle is not open.
 */
export function relayFinishers(ruleset: Ruleset, memberIds: readonly string[], outcome: Outcome, puzzleId: string): string[] {
	const progress = relayProgress(ruleset, memberIds, outcome);
	const puzzle = progress?.puzzles.find((p) => p.puzzleId === puzzleId);
	if (!progress || !puzzle || puzzle.state !== 'open') return [];
	const stage = progress.stages[puzzle.stageIndex]!;
	if (stage.stage.mode !== 'rotation' || stage.openedAtMs === null || memberIds.length < stage.stage.puzzles.length) return puzzle.workers;
	const from = stage.openedAtMs;
	const at = Math.max(0, outcome.clockMs - from);
	const own = new Set(stage.stage.puzzles.map((p) => p.id));
	const finished = new Map<string, number>();
	for (const p of outcome.puzzles ?? []) if (own.has(p.puzzleId) && p.finishedAtMs !== null) finished.set(p.puzzleId, p.finishedAtMs - from);
	finished.set(puzzleId, at);
	const plan = rotationAt(stage.stage.puzzles.map((p) => p.id), memberIds, stage.stage.rotationIntervalMs, finished, at);
	return plan.done.filter((d) => d.puzzleId === puzzleId).map((d) => d.memberId);
}
