import type { RelayStage } from '$lib/rules/schema';
import { rotationAt, type RotationState } from '../rotation';
import type { PuzzleOutcome } from '../types';
import type { RotationMove } from './types';

export interface RotationNow {
	/** `rotationAt` of the open rotation part, in the part's own time. */
	rotation: RotationState;
	/** Elapsed team time of the next signal, ms; null when none is to come before the limit (or the clock stands). */
	nextSignalAtMs: number | null;
	/** Elapsed team time of the last signal that sounded, ms; null before the first. */
	lastSignalAtMs: number | null;
	/** Who moved where at the last signal; empty before the first. */
	lastMoves: RotationMove[];
}

/**
 * The rotation of an open rotation part (CZ-TEAM-P1) at team time `nowMs`: who works where, the
 * last signal and who it moved (the plan just before it and at it), and the next signal.
 * @param stage the part, with `rotationIntervalMs`
 * @param openedAtMs team time the part opened at
 * @param own the part's puzzles: their finishes stop the rotation at them
 * @param running the clock runs (no next signal otherwise)
 * @param timeLimitMs no signal is announced at or after the limit
 */
export function rotationNow(
	stage: Extract<RelayStage, { mode: 'rotation' }>,
	openedAtMs: number,
	own: readonly PuzzleOutcome[],
	memberIds: readonly string[],
	nowMs: number,
	running: boolean,
	timeLimitMs: number
): RotationNow {
	const finished = new Map<string, number>();
	for (const p of own) if (p.finishedAtMs !== null) finished.set(p.puzzleId, p.finishedAtMs - openedAtMs);
	const plan = (atMs: number) => rotationAt(stage.puzzles.map((p) => p.id), memberIds, stage.rotationIntervalMs, finished, atMs);
	const rotation = plan(Math.max(0, nowMs - openedAtMs));
	let lastSignalAtMs: number | null = null;
	let lastMoves: RotationMove[] = [];
	if (rotation.signals > 0) {
		const signalMs = rotation.signals * stage.rotationIntervalMs;
		lastSignalAtMs = openedAtMs + signalMs;
		const before = new Map(plan(signalMs - 1).assignments.map((a) => [a.memberId, a.puzzleId]));
		lastMoves = plan(signalMs)
			.assignments.filter((a) => before.has(a.memberId) && before.get(a.memberId) !== a.puzzleId)
			.map((a) => ({ memberId: a.memberId, fromPuzzleId: before.get(a.memberId)!, toPuzzleId: a.puzzleId }));
	}
	const next = rotation.nextSignalMs;
	const nextSignalAtMs = next !== null && running && openedAtMs + next < timeLimitMs ? openedAtMs + next : null;
	return { rotation, nextSignalAtMs, lastSignalAtMs, lastMoves };
}
