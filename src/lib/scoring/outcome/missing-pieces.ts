import type { Ruleset } from '$lib/rules/schema';
import type { EntrySummary } from '../fold/entry-summary';
import type { BoxFault } from '../types';

export interface MissingPiecesVerdict {
	/** Pieces missing at the checks of the finished puzzles, those from the box included. */
	missingPieces: number;
	/** Of them, those recorded as missing from the box. */
	missingFromBox: number;
	/** Pieces from the box awaiting the organizer's decision, and those confirmed (exempt): 0 under 'penalty'. */
	boxFaultPending: number;
	boxFaultExempt: number;
	/** The pieces that cost a penalty or disqualify: the missing ones less the exempt. */
	penalisedPieces: number;
	boxFaults: BoxFault[];
	/** The disqualification in force: the recorded one, else one for a lost piece. */
	disqualification: string | null;
	disqualifiedForMissingPieces: boolean;
}

/**
 * The missing pieces found at the checks, and whether they disqualify: a time penalty under
 * CZ-GEN-MISSING (penalties.ts), a disqualification where a lost piece disqualifies (ES-DQ).
 * Pieces from the box are missing pieces like any other under `missingFromBox: 'penalty'` (both
 * presets); under 'exempt-when-confirmed' those the organizer confirmed cost nothing, and those
 * not yet decided cost what any missing piece costs while the entry is pending.
 */
export function missingPiecesVerdict(ruleset: Ruleset, s: EntrySummary): MissingPiecesVerdict {
	const exempting = ruleset.missingFromBox === 'exempt-when-confirmed';
	let missingPieces = 0;
	let missingFromBox = 0;
	let boxFaultPending = 0;
	let boxFaultExempt = 0;
	const boxFaults: BoxFault[] = [];
	for (const p of s.puzzles) {
		if (!p.finish) continue;
		missingPieces += p.missingPieces;
		if (p.missingFromBox === 0 || p.boxFault === 'none' || p.checkId === null) continue;
		missingFromBox += p.missingFromBox;
		boxFaults.push({ puzzleId: p.puzzleId, checkEventId: p.checkId, missingPieces: p.missingPieces, missingFromBox: p.missingFromBox, decision: p.boxFault });
		if (exempting && p.boxFault === 'undecided') boxFaultPending += p.missingFromBox;
		if (exempting && p.boxFault === 'confirmed') boxFaultExempt += p.missingFromBox;
	}
	const penalisedPieces = missingPieces - boxFaultExempt;
	const disqualifiedForMissingPieces = s.disqualification === null && penalisedPieces > 0 && ruleset.missingPieces.policy === 'disqualify';
	const disqualification = disqualifiedForMissingPieces
		? `${penalisedPieces} piece${penalisedPieces === 1 ? '' : 's'} missing at the check: a lost piece disqualifies`
		: s.disqualification;
	return { missingPieces, missingFromBox, boxFaultPending, boxFaultExempt, penalisedPieces, boxFaults, disqualification, disqualifiedForMissingPieces };
}
