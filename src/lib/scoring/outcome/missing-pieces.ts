import type { Ruleset } from '$lib/rules/schema';
import type { EntrySummary } from '../fold/entry-summary';

export interface MissingPiecesVerdict {
	/** Pieces missing at the checks of the finished puzzles. */
	missingPieces: number;
	/** The disqualification in force: the recorded one, else one for a lost piece. */
	disqualification: string | null;
	disqualifiedForMissingPieces: boolean;
}

/**
 * The missing pieces found at the checks, and whether they disqualify: a time penalty under
 * CZ-GEN-MISSING (penalties.ts), a disqualification where a lost piece disqualifies (ES-DQ).
 */
export function missingPiecesVerdict(ruleset: Ruleset, s: EntrySummary): MissingPiecesVerdict {
	const missingPieces = s.puzzles.reduce((a, p) => a + (p.finish ? p.missingPieces : 0), 0);
	const disqualifiedForMissingPieces = s.disqualification === null && missingPieces > 0 && ruleset.missingPieces.policy === 'disqualify';
	const disqualification = disqualifiedForMissingPieces
		? `${missingPieces} piece${missingPieces === 1 ? '' : 's'} missing at the check: a lost piece disqualifies`
		: s.disqualification;
	return { missingPieces, disqualification, disqualifiedForMissingPieces };
}
