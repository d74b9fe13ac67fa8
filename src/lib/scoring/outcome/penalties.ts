import type { Ruleset } from '$lib/rules/schema';
import { atResolution } from '../time';
import type { EntryStatus, Penalties } from '../types';

/**
 * The time penalties at this status, each at the ruleset's resolution: missing pieces of a
 * finisher (CZ-GEN-MISSING, those not exempt as missing from the box: missing-pieces.ts; unfinished entries have no recorded time, their missing pieces only
 * reduce the count), assistance (ES-ASSIST), an unfinished entry's loose pieces (ES-UNFINISHED),
 * and the judge's adjustments (ES-INCIDENT).
 */
export function penaltiesOf(
	ruleset: Ruleset,
	status: EntryStatus,
	counts: { missingPieces: number; assistanceMs: number; loosePieces: number | null; adjustmentMs: number }
): Penalties {
	const { missingPieces, unfinished } = ruleset;
	const loose = counts.loosePieces;
	return {
		missingPiecesMs: status === 'finished' && missingPieces.policy === 'penalty' ? counts.missingPieces * missingPieces.penaltyMsPerPiece : 0,
		assistanceMs: ruleset.assistance?.addedAsPenalty ? atResolution(counts.assistanceMs, ruleset.timeResolution) : 0,
		loosePiecesMs: status === 'unfinished' && loose !== null && unfinished.policy === 'limit-plus-loose-penalty' ? loose * unfinished.penaltyMsPerLoosePiece : 0,
		adjustmentMs: counts.adjustmentMs
	};
}

/** All penalties together, ms. */
export function penaltyTotal(p: Penalties): number {
	return p.missingPiecesMs + p.assistanceMs + p.loosePiecesMs + p.adjustmentMs;
}

/**
 * The times of a result: a finisher's counted clock plus penalties; an unfinished entry's limit,
 * plus penalties where the ruleset ranks it by time (once its tally is in). None otherwise.
 */
export function resultTimes(
	ruleset: Ruleset,
	status: EntryStatus,
	clockMs: number,
	penaltyMs: number,
	tallyPending: boolean
): { elapsedMs: number | null; finalTimeMs: number | null } {
	const res = ruleset.timeResolution;
	if (status === 'finished') {
		const elapsedMs = atResolution(clockMs, res);
		return { elapsedMs, finalTimeMs: Math.max(0, elapsedMs + penaltyMs) };
	}
	if (status !== 'unfinished') return { elapsedMs: null, finalTimeMs: null };
	const elapsedMs = atResolution(ruleset.timeLimitMs, res);
	const timed = ruleset.unfinished.policy === 'limit-plus-loose-penalty' && !tallyPending;
	return { elapsedMs, finalTimeMs: timed ? Math.max(0, elapsedMs + penaltyMs) : null };
}
