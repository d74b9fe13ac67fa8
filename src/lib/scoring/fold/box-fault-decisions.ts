import type { EffectiveEvent } from '../types';
import type { PuzzleSummary } from './entry-summary';

/**
 * The organizer's decisions on pieces missing from the box (`box-fault.decided`), by the check
 * they name: the later one in total order counts (a correction replaces or voids one like any
 * event). Whether a decision changes the result is the ruleset's `missingFromBox`.
 * @param applied the entry's applied events, in total order
 */
export function boxFaultDecisions(applied: readonly EffectiveEvent[]): Map<string, boolean> {
	const decided = new Map<string, boolean>();
	for (const e of applied) if (e.type === 'box-fault.decided') decided.set(e.payload.ref, e.payload.confirmed);
	return decided;
}

/**
 * Each finished puzzle's pieces from the box: undecided until the organizer decides on the
 * check that counts. A decision on another check (an earlier one that no longer counts, a
 * voided one) decides nothing: the check that counts waits for its own.
 */
export function decideBoxFaults(puzzles: readonly PuzzleSummary[], decided: ReadonlyMap<string, boolean>): void {
	for (const p of puzzles) {
		if (p.finish === null || p.checkId === null || p.missingFromBox === 0) continue;
		const d = decided.get(p.checkId);
		p.boxFault = d === undefined ? 'undecided' : d ? 'confirmed' : 'refused';
	}
}
