import type { RankItem } from './rank-item';

/** How many of the sorted items have a place: the ranked ones come first. */
export function rankedCount(sorted: readonly RankItem[]): number {
	let n = 0;
	while (n < sorted.length && sorted[n]!.ranked) n++;
	return n;
}

/** Shared places of the first `count` sorted items: 1 + the number with a strictly better key (CZ-IND-RANK-3). */
export function sharedPlaces(sorted: readonly RankItem[], count: number): number[] {
	const places: number[] = new Array(count);
	for (let i = 0; i < count; i++) {
		const it = sorted[i]!;
		const prev = sorted[i - 1];
		places[i] = prev && prev.primary === it.primary && prev.secondary === it.secondary ? places[i - 1]! : i + 1;
	}
	return places;
}

/** How many entries hold each place (index: the place). */
export function placeSharing(places: readonly number[]): Uint32Array {
	const sharing = new Uint32Array(places.length + 2);
	for (const p of places) sharing[p]!++;
	return sharing;
}
