import type { BoxFaultDecision, Conflict } from '../types';

/** What `foldEntry` (fold.ts) makes of one entry's events: independent of the current time. */

export interface Interval {
	from: number;
	to: number;
}

export interface PuzzleSummary {
	puzzleId: string;
	stageId: string;
	pieces: number;
	finish: { eventId: string; at: number; memberIds: string[] } | null;
	check: 'none' | 'pending' | 'confirmed';
	checkedAt: number | null;
	missingPieces: number;
	/** The confirmed check that counts (what a `box-fault.decided` names), and its device. */
	checkId: string | null;
	checkDeviceId: string | null;
	/** Of the missing pieces, those the check recorded as missing from the box. */
	missingFromBox: number;
	/** The organizer's decision on them so far (box-fault-decisions.ts), whatever the ruleset does with it. */
	boxFault: BoxFaultDecision;
	tally: number[] | null;
	teardownAt: number | null;
}

/** One assistance taken (ES-ASSIST). */
export interface Assist {
	from: number;
	to: number | null;
}

export interface EntrySummary {
	entryId: string;
	heatId: string;
	competitionId: string;
	previewAt: number | null;
	startedAt: number | null;
	/** Accepted pauses; `to` is the end event, the finish, or the maximum length (ES-PAUSE). */
	pauses: Interval[];
	/** Whether the clock stops during the pauses. */
	pausesStopClock: boolean;
	/** Accepted assistance; `to` null while no end was recorded (it then runs to the finish or limit). */
	assists: Assist[];
	/** Wall time at which counted time reaches the limit (pauses push it back). */
	limitAt: number | null;
	puzzles: PuzzleSummary[];
	/** The entry's finish: the last puzzle's. */
	finishedAt: number | null;
	locked: boolean;
	disqualification: string | null;
	/** When the disqualification in force was recorded: the seat's clock stops there. */
	disqualifiedAt: number | null;
	didNotStart: boolean;
	adjustmentMs: number;
	/** Relay: the two pairs the team named for its pairs stage (CZ-TEAM-P2); the later naming counts. */
	pairs: [[string, string], [string, string]] | null;
	notes: string[];
	incidents: string[];
	conflicts: Conflict[];
}
