import type { Entry } from '$lib/setup/schema';
import type { Conflict, EffectiveEvent } from '../types';
import type { Check } from './check-verdicts';
import { entryConflict } from './entry-conflict';
import type { Claim, EntryPuzzles } from './entry-puzzles';

/**
 * The finishes claimed and not rejected, per puzzle ID, in total order. A claim that names no
 * puzzle of the entry is a conflict and left out.
 */
export function claimsByPuzzle(
	entry: Entry,
	applied: readonly EffectiveEvent[],
	verdicts: ReadonlyMap<string, Check>,
	puzzles: EntryPuzzles,
	conflicts: Conflict[]
): Map<string, Claim[]> {
	const claims = new Map<string, Claim[]>();
	for (const e of applied) {
		if (e.type !== 'hand.raised' && e.type !== 'relay.puzzle-finished') continue;
		if (verdicts.get(e.id)?.type === 'check.rejected') continue;
		const pid = puzzles.claimedBy(e);
		if (!puzzles.byId(pid)) {
			const message = puzzles.isRelay && e.type === 'hand.raised' ? 'a relay finish must name its puzzle (relay.puzzle-finished)' : `unknown puzzle "${pid}"`;
			conflicts.push(entryConflict(entry, 'invalid', [e], message));
			continue;
		}
		const list = claims.get(pid);
		if (list) list.push(e);
		else claims.set(pid, [e]);
	}
	return claims;
}

/** More than one finish of a puzzle not rejected is a conflict: the earliest counts. */
export function reportDoubleFinishes(entry: Entry, claims: ReadonlyMap<string, readonly Claim[]>, isRelay: boolean, conflicts: Conflict[]): void {
	for (const [pid, list] of claims)
		if (list.length > 1) {
			const devices = new Set(list.map((c) => c.deviceId)).size > 1 ? ' from different devices' : '';
			const message = `${list.length} finishes of ${isRelay ? `puzzle ${pid} of ` : ''}${entry.name}${devices}; the earliest counts`;
			conflicts.push(entryConflict(entry, 'double-finish', list, message));
		}
}
