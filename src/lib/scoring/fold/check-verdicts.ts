import type { Entry } from '$lib/setup/schema';
import type { EventOf } from '$lib/events/schema';
import type { Conflict, EffectiveEvent } from '../types';
import { entryConflict } from './entry-conflict';

/** A check of a finish claimed: confirmed (with its missing pieces) or rejected. */
export type Check = EventOf<'check.confirmed'> | EventOf<'check.rejected'>;

/**
 * The verdict on each finish claimed, by the claim's ID: the later check counts. Checks of one
 * finish that disagree are a conflict.
 */
export function checkVerdicts(entry: Entry, applied: readonly EffectiveEvent[], conflicts: Conflict[]): Map<string, Check> {
	const lastCheck = new Map<string, Check>();
	// Most finishes have one check: the list of all checks is kept only for those with more.
	let repeated: Map<string, Check[]> | null = null;
	for (const e of applied)
		if (e.type === 'check.confirmed' || e.type === 'check.rejected') {
			const ref = e.payload.ref;
			const prev = lastCheck.get(ref);
			if (prev) {
				repeated ??= new Map();
				const list = repeated.get(ref);
				if (list) list.push(e);
				else repeated.set(ref, [prev, e]);
			}
			lastCheck.set(ref, e);
		}
	for (const [, list] of repeated ?? []) {
		const distinct = new Set(list.map((c) => (c.type === 'check.confirmed' ? `ok:${c.payload.missingPieces}/${c.payload.missingFromBox ?? 0}` : 'rejected')));
		if (distinct.size > 1)
			conflicts.push(entryConflict(entry, 'double-check', list, `${list.length} different checks of one finish of ${entry.name}; the later one counts`));
	}
	return lastCheck;
}
