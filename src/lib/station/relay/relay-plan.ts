import type { RelayProgress, RelayPuzzle } from '$lib/scoring/relay-progress';

/**
 * What the team's screen shows of one part: its puzzles in the ruleset's order (for a rotation
 * part, the places in clockwise order), each with who works there now (relay-progress.ts, i.e.
 * `rotationAt` for a rotation part) and who finished it. Nothing is worked out here that
 * relayProgress does not already say: this only picks the part's puzzles.
 */
export interface RelayPlace {
	puzzle: RelayPuzzle;
	/** Who works on it now (empty when it is not open). */
	workers: string[];
	/** Who solved it (the finish's members), while it is finished. */
	solvedBy: string[];
}

export function relayPlan(progress: RelayProgress, stageIndex: number): RelayPlace[] {
	return progress.puzzles
		.filter((p) => p.stageIndex === stageIndex)
		.map((p) => ({ puzzle: p, workers: p.workers, solvedBy: p.outcome.status === 'finished' ? p.outcome.memberIds : [] }));
}

/** The part whose puzzles the screen shows: the current one, or the last once every part is complete. */
export function shownStage(progress: RelayProgress): number {
	return Math.min(progress.current, progress.stages.length - 1);
}
