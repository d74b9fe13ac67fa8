import type { RelayStage } from '$lib/rules/schema';
import type { RotationState } from '../rotation';
import type { PuzzleOutcome } from '../types';

/** What `relayProgress` (relay-progress.ts) tells of a relay team at one moment. */

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
