import type { RelayStage, Ruleset } from '$lib/rules/schema';
import { puzzlesToTally } from './outcome';
import { rotationAt, type RotationState } from './rotation';
import type { Outcome, PuzzleOutcome } from './types';

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
 * - waiting: its part is not open yet;
 * - open: being solved;
 * - checking: hand raised, the judge's check to do;
 * - boxing: confirmed, to be taken apart and boxed before the next part opens;
 * - done: confirmed (and boxed when that is asked);
 * - unfinished: the time limit came first.
 */
export type RelayPuzzleState = 'waiting' | 'open' | 'checking' | 'boxing' | 'done' | 'unfinished';

export interface RelayPuzzle {
	puzzleId: string;
	stageIndex: number;
	pieces: number;
	state: RelayPuzzleState;
	/** Who works on it now: the rotation's member, the pair, or the whole team; empty when nobody does. */
	workers: string[];
	outcome: PuzzleOutcome;
}

export interface RotationMove {
	memberId: string;
	fromPuzzleId: string;
	toPuzzleId: string;
}

export interface RelayStageProgress {
	stage: RelayStage;
	index: number;
	/** Elapsed team time the part opened at, ms; null while it is not open. */
	openedAtMs: number | null;
	/** Every puzzle of the part is confirmed (and boxed when that is asked). */
	complete: boolean;
}

export interface RelayProgress {
	stages: RelayStageProgress[];
	/** The part the team is in: the first not complete; `stages.length` once every part is. */
	current: number;
	/** The current part is open (else the team is boxing the part before, or has not started). */
	currentOpen: boolean;
	puzzles: RelayPuzzle[];
	/** The part 1 rotation now (CZ-TEAM-P1): `rotationAt` of the open rotation part, in the part's own time. */
	rotation: RotationState | null;
	/** Elapsed team time of the next rotation signal, ms; null when none is to come before the limit. */
	nextSignalAtMs: number | null;
	/** Elapsed team time of the last signal that sounded, ms; null before the first. */
	lastSignalAtMs: number | null;
	/** Who moved where at the last signal (`rotationAt` just before it and at it); empty before the first. */
	lastMoves: RotationMove[];
	/** The open pairs part waits for the team to name its two pairs (CZ-TEAM-P2). */
	pairsNeeded: boolean;
	/** Puzzles whose group tally the judge enters at the limit (CZ-TEAM-RANK), not yet entered. */
	toTally: string[];
}

/** Whether the ruleset asks for a teardown after this puzzle (the last one ends the time instead). */
function boxingAsked(ruleset: Ruleset, puzzle: PuzzleOutcome, last: PuzzleOutcome): boolean {
	return ruleset.format.kind === 'relay' && ruleset.format.teardownRequired && puzzle !== last;
}

function puzzleComplete(ruleset: Ruleset, p: PuzzleOutcome, last: PuzzleOutcome): boolean {
	return p.check === 'confirmed' && (!boxingAsked(ruleset, p, last) || p.boxedAtMs !== null);
}

/**
 * @param memberIds the team's members in their order: member i starts at puzzle i of a rotation part
 * @param outcome the team's outcome at the moment (its `clockMs` is the team time shown)
 */
export function relayProgress(ruleset: Ruleset, memberIds: readonly string[], outcome: Outcome): RelayProgress | null {
	if (ruleset.format.kind !== 'relay' || !outcome.puzzles) return null;
	const outcomes = outcome.puzzles;
	const last = outcomes[outcomes.length - 1]!;
	const started = outcome.startedAt !== null && outcome.status !== 'not-started' && outcome.status !== 'preview' && outcome.status !== 'did-not-start';
	const running = outcome.status === 'running' || outcome.status === 'paused';
	const now = outcome.clockMs;

	const stages: RelayStageProgress[] = [];
	let offset = 0;
	let openedAt: number | null = started ? 0 : null;
	const byStage: PuzzleOutcome[][] = [];
	for (const [index, stage] of ruleset.format.stages.entries()) {
		const own = outcomes.slice(offset, offset + stage.puzzles.length);
		offset += stage.puzzles.length;
		byStage.push(own);
		const complete = openedAt !== null && own.every((p) => puzzleComplete(ruleset, p, last));
		stages.push({ stage, index, openedAtMs: openedAt, complete });
		// The next part opens at the last check or teardown of this one.
		openedAt = complete ? Math.max(...own.map((p) => (boxingAsked(ruleset, p, last) ? p.boxedAtMs! : p.checkedAtMs!))) : null;
	}
	const currentIndex = stages.findIndex((s) => !s.complete);
	const current = currentIndex < 0 ? stages.length : currentIndex;
	const cur = stages[current];
	const currentOpen = cur !== undefined && cur.openedAtMs !== null;

	let rotation: RotationState | null = null;
	let nextSignalAtMs: number | null = null;
	let lastSignalAtMs: number | null = null;
	let lastMoves: RotationMove[] = [];
	if (cur && currentOpen && cur.stage.mode === 'rotation' && memberIds.length >= cur.stage.puzzles.length) {
		const from = cur.openedAtMs!;
		const finished = new Map<string, number>();
		for (const p of byStage[current]!) if (p.finishedAtMs !== null) finished.set(p.puzzleId, p.finishedAtMs - from);
		const stage = cur.stage;
		const plan = (atMs: number) => rotationAt(stage.puzzles.map((p) => p.id), memberIds, stage.rotationIntervalMs, finished, atMs);
		rotation = plan(Math.max(0, now - from));
		if (rotation.signals > 0) {
			const signalMs = rotation.signals * stage.rotationIntervalMs;
			lastSignalAtMs = from + signalMs;
			const before = new Map(plan(signalMs - 1).assignments.map((a) => [a.memberId, a.puzzleId]));
			lastMoves = plan(signalMs)
				.assignments.filter((a) => before.has(a.memberId) && before.get(a.memberId) !== a.puzzleId)
				.map((a) => ({ memberId: a.memberId, fromPuzzleId: before.get(a.memberId)!, toPuzzleId: a.puzzleId }));
		}
		if (rotation.nextSignalMs !== null && running && from + rotation.nextSignalMs < ruleset.timeLimitMs) nextSignalAtMs = from + rotation.nextSignalMs;
	}

	const pairs = outcome.pairs;
	const pairsNeeded = cur !== undefined && currentOpen && cur.stage.mode === 'pairs' && pairs === null;
	const tallyDue = outcome.status === 'unfinished' ? new Set(puzzlesToTally(outcomes).filter((p) => p.countedPieces === null).map((p) => p.puzzleId)) : new Set<string>();

	const puzzles: RelayPuzzle[] = [];
	for (const [index, own] of byStage.entries()) {
		const stage = stages[index]!;
		for (const [i, p] of own.entries()) {
			let state: RelayPuzzleState;
			if (p.status === 'finished') state = p.check !== 'confirmed' ? 'checking' : puzzleComplete(ruleset, p, last) ? 'done' : 'boxing';
			else if (stage.openedAtMs === null) state = 'waiting';
			else state = p.status === 'unfinished' ? 'unfinished' : 'open';
			let workers: string[] = [];
			if (state === 'open') {
				if (stage.stage.mode === 'rotation') workers = rotation?.assignments.filter((a) => a.puzzleId === p.puzzleId).map((a) => a.memberId) ?? [];
				else if (stage.stage.mode === 'pairs') workers = pairs ? [...pairs[i]!] : [];
				else workers = [...memberIds];
			}
			puzzles.push({ puzzleId: p.puzzleId, stageIndex: index, pieces: p.pieces, state, workers, outcome: p });
		}
	}

	return {
		stages,
		current,
		currentOpen,
		puzzles,
		rotation,
		nextSignalAtMs,
		lastSignalAtMs,
		lastMoves,
		pairsNeeded,
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
