import type { Outcome, RankBasis, StandingRow } from '../types';

/** One entry as the ranking sorts it, kept between calls while its outcome stays the same. */
export interface RankItem {
	o: Outcome;
	basis: RankBasis;
	ranked: boolean;
	/** Ranked: tier and value of the key. Unranked: the status's listing order, and 0. */
	primary: number;
	secondary: number;
	/** The entry's position among all entries sorted by name, then id. */
	nameOrder: number;
	name: string;
	reason: string | null;
	/** The last row made for this item. */
	row: StandingRow | null;
}

/** Ranked entries first, by their key; unranked ones by their listing order; then by name. */
export function compareRankItems(a: RankItem, b: RankItem): number {
	return (a.ranked === b.ranked ? 0 : a.ranked ? -1 : 1) || a.primary - b.primary || a.secondary - b.secondary || a.nameOrder - b.nameOrder;
}
