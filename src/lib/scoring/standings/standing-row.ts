import type { Ruleset } from '$lib/rules/schema';
import type { StandingRow } from '../types';
import type { RankItem } from './rank-item';

/** Where a row stands: its place (null: none), how many share it, and how a tie for first touched it. */
export interface RowPlace {
	place: number | null;
	shared: number;
	tieBreak: boolean;
	byTiebreak: boolean;
}

/**
 * The item's row: the one made last time when its place and company did not change (so a
 * screen sees the same object), else a new one whose reason says whom it shares its place with.
 * The item's own reason must be set.
 */
export function standingRow(ruleset: Ruleset, it: RankItem, { place, shared, tieBreak, byTiebreak }: RowPlace): StandingRow {
	const r = it.row;
	if (r && r.place === place && r.shared === shared && r.tieBreak === tieBreak && r.byTiebreak === byTiebreak) return r;
	let reason = it.reason!;
	if (shared > 1) reason += ` — shares place ${place} with ${shared - 1} other${shared > 2 ? 's' : ''}`;
	if (byTiebreak) reason += ' — placed by the tie-break';
	it.row = {
		entryId: it.o.entryId,
		name: it.name,
		place,
		awarded: place !== null && place <= ruleset.awards.topN,
		tieBreak,
		shared,
		byTiebreak,
		basis: it.basis,
		reason,
		outcome: it.o
	};
	return it.row;
}
