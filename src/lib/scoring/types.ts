import type { ActionEvent } from '$lib/events/schema';

export type EntryStatus =
	| 'not-started'
	| 'preview'
	| 'running'
	| 'paused'
	| 'finished'
	| 'unfinished'
	| 'disqualified'
	| 'did-not-start';

/** An action event as it stands after corrections: possibly replaced by a correction. */
export type EffectiveEvent = ActionEvent & {
	/** The correction whose replacement this is; the original event keeps its ID. */
	correctedBy?: string;
	/** The superseded event's own time, when a correction replaced it (the lock looks at it). */
	recordedAt?: number;
};

/** Every time penalty, in ms, each already at the ruleset's time resolution. */
export interface Penalties {
	/** Missing pieces at the check (CZ-GEN-MISSING). */
	missingPiecesMs: number;
	/** Judge assistance time (ES-ASSIST). */
	assistanceMs: number;
	/** Pieces not in a counted group, for an unfinished entry (ES-UNFINISHED). */
	loosePiecesMs: number;
	/** Manual adjustments by the judge or organizer (ES-INCIDENT). */
	adjustmentMs: number;
}

export interface BudgetUse {
	used: number;
	max: number;
	/** Time used, ms (for assistance: counted toward the cap). */
	usedMs: number;
	/** Whether one is running at the moment of evaluation. */
	active: boolean;
}

/** The organizer's decision on a check's pieces missing from the box: none recorded as such, undecided, confirmed, refused. */
export type BoxFaultDecision = 'none' | 'undecided' | 'confirmed' | 'refused';

/** Pieces a check recorded as missing from the box (a manufacturing fault), and the organizer's decision on them. */
export interface BoxFault {
	/** The puzzle (a single puzzle's own ID, or a relay puzzle's). */
	puzzleId: string;
	/** The check.confirmed event that recorded them: what a `box-fault.decided` names. */
	checkEventId: string;
	missingPieces: number;
	missingFromBox: number;
	decision: Exclude<BoxFaultDecision, 'none'>;
}

/** A relay puzzle's state (CZ-TEAM-*). */
export interface PuzzleOutcome {
	puzzleId: string;
	stageId: string;
	pieces: number;
	status: 'open' | 'finished' | 'unfinished';
	/** Elapsed team time at the hand raised, ms. */
	finishedAtMs: number | null;
	/** The relay.puzzle-finished event that counts for this puzzle (the organizer's double-check names it). */
	finishEventId: string | null;
	memberIds: string[];
	check: 'none' | 'pending' | 'confirmed';
	missingPieces: number;
	/** Of the missing pieces, those recorded as missing from the box, and the organizer's decision on them. */
	missingFromBox: number;
	boxFault: BoxFaultDecision;
	/** The confirmed check that counts, if any. */
	checkEventId: string | null;
	/** Pieces that count toward CZ-TEAM-RANK: a finished puzzle's less missing ones, else the tally's. */
	countedPieces: number | null;
	/** Elapsed team time of the check that confirmed the finish, ms. */
	checkedAtMs: number | null;
	/** Elapsed team time of "boxed, next released" (CZ-TEAM-TEARDOWN), ms. */
	boxedAtMs: number | null;
	/** Time from the check to "boxed, next released" (CZ-TEAM-TEARDOWN), ms. */
	teardownMs: number | null;
}

export interface Outcome {
	entryId: string;
	heatId: string;
	status: EntryStatus;
	/** Wall time the preview began, and the clock's zero after it (device time, ms). */
	previewAt: number | null;
	startedAt: number | null;
	/** Wall time the entry's counted time reaches the limit, pauses included. */
	limitAt: number | null;
	/** Counted clock at the moment of evaluation (frozen at the finish or the limit), ms, at full precision. */
	clockMs: number;
	/** Counted time used for the result, at the ruleset's resolution (finish or limit), ms. */
	elapsedMs: number | null;
	/** Wall time of the hand raised that counts. */
	finishedAt: number | null;
	/** The hand-raised event that counts: what a check or a correction refers to. */
	finishEventId: string | null;
	check: 'none' | 'pending' | 'confirmed';
	/** The competitor acknowledged the record; later changes need a correction (CZ-GEN-RECORD). */
	locked: boolean;
	/** Pieces missing at the checks of the finished puzzles, those from the box included. */
	missingPieces: number;
	/** Of them, those the checks recorded as missing from the box (a manufacturing fault). */
	missingFromBox: number;
	/**
	 * Under a ruleset with `missingFromBox: 'exempt-when-confirmed'`: pieces from the box that await
	 * the organizer's decision (penalised meanwhile: the result is pending), and those confirmed (not
	 * penalised, nor disqualifying). Both 0 under 'penalty'.
	 */
	boxFaultPending: number;
	boxFaultExempt: number;
	/** Every check that counts with pieces from the box, whatever the ruleset does with them. */
	boxFaults: BoxFault[];
	pauses: BudgetUse;
	assistance: BudgetUse;
	penalties: Penalties;
	penaltyMs: number;
	/** The time that ranks: elapsed + penalties; for limit-plus-penalty rulesets also unfinished entries. */
	finalTimeMs: number | null;
	totalPieces: number;
	countedPieces: number | null;
	/**
	 * Pieces not in a counted group, for an unfinished entry with its tally (ES-UNFINISHED):
	 * total less counted. Null otherwise; a finisher's absent pieces are `missingPieces`.
	 */
	loosePieces: number | null;
	/** Unfinished at the limit and the group tally is not entered yet. */
	tallyPending: boolean;
	disqualification: string | null;
	/**
	 * The disqualification is the ruleset's own, for pieces missing at the check (ES-DQ), not a
	 * judge's: `disqualification` then holds its English wording, which a UI may say otherwise.
	 */
	disqualifiedForMissingPieces: boolean;
	/** Rule applications worth showing: a refused pause, a hand raised after the limit … */
	notes: string[];
	incidents: string[];
	/** Relay only: each puzzle. */
	puzzles: PuzzleOutcome[] | null;
	/** Relay only: the pairs the team named for its pairs stage (CZ-TEAM-P2), member IDs. */
	pairs: [[string, string], [string, string]] | null;
}

export const CONFLICT_KINDS = ['double-start', 'double-finish', 'double-check', 'double-tally', 'double-correction', 'after-lock', 'id-collision', 'invalid'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/**
 * Something the scoring cannot decide alone; the organizer resolves it with a correction.
 * The outcome meanwhile follows the documented default (the earliest finish, the later check …).
 */
export interface Conflict {
	kind: ConflictKind;
	competitionId: string;
	heatId: string | null;
	entryId: string | null;
	eventIds: string[];
	deviceIds: string[];
	message: string;
}

export const WARNING_KINDS = ['preview-differs', 'box-fault-pending'] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

/**
 * Something in the log that the standings follow as recorded, but that people should know:
 * - preview-differs: a heat start's preview (`heat.start` payload `previewMs`) is not its
 *   ruleset's; the seats' clocks start after the start's own preview (what the room saw).
 * - box-fault-pending: under `missingFromBox: 'exempt-when-confirmed'`, a check's pieces missing
 *   from the box await the organizer's decision; they are penalised until it is confirmed.
 */
export interface ScoringWarning {
	kind: WarningKind;
	competitionId: string;
	heatId: string | null;
	eventIds: string[];
	deviceIds: string[];
	/** In English, for the CLI and the server. */
	message: string;
}

/** How an entry was ranked; equal keys share a place. */
export type RankBasis =
	| { kind: 'time'; finalTimeMs: number; finished: boolean }
	| { kind: 'pieces'; countedPieces: number }
	| { kind: 'unranked'; why: EntryStatus | 'tally-pending' };

export interface StandingRow {
	entryId: string;
	name: string;
	/** Shared places 1-2-2-4; null for entries without a result yet, disqualified or absent. */
	place: number | null;
	awarded: boolean;
	/** Tied for first with no tie-break result yet, under a ruleset that flags it (ES-TIE). */
	tieBreak: boolean;
	/** How many entries hold this place, this one included: 1 alone, 2 or more shared; 0 without a place. */
	shared: number;
	/** The place was set by a tie-break result among entries tied for first (ES-TIE). */
	byTiebreak: boolean;
	basis: RankBasis;
	/**
	 * Why the entry stands here, for people, in English (the CLI and the server print it). A
	 * UI words it in its own language from the structured fields: src/lib/results/reason.ts.
	 */
	reason: string;
	outcome: Outcome;
}

export interface Standings {
	competitionId: string;
	ruleset: { id: string; version: number };
	/** The moment the standings were computed for (running clocks), ms. */
	at: number;
	rows: StandingRow[];
	/** The entries sharing first place that await a tie-break, if flagged. */
	tieForFirst: string[];
	conflicts: Conflict[];
	warnings: ScoringWarning[];
}
