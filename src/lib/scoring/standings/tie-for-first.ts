import type { RankItem } from './rank-item';

export interface TieForFirst {
	/** The entries tied for first with no tie-break result yet, when the ruleset flags them. */
	tieForFirst: string[];
	/** The entries the tie-break result placed. */
	placedByTiebreak: Set<string>;
}

/**
 * A tie for first (ES-TIE): a tie-break result orders the tied entries it lists, best first, in
 * `sorted` and `places` (both changed in place); tied entries it does not list share the next
 * place. Without a result the tie is flagged when `flag` asks for it.
 */
export function settleTieForFirst(
	sorted: RankItem[],
	places: number[],
	tiebreakOrder: readonly string[] | null,
	flag: boolean
): TieForFirst {
	const placedByTiebreak = new Set<string>();
	let firstCount = 0;
	while (firstCount < places.length && places[firstCount] === 1) firstCount++;
	if (firstCount <= 1) return { tieForFirst: [], placedByTiebreak };
	const firstGroup = sorted.slice(0, firstCount);
	const tied = new Set(firstGroup.map((i) => i.o.entryId));
	const order = (tiebreakOrder ?? []).filter((id) => tied.has(id));
	if (order.length === 0) return { tieForFirst: flag ? firstGroup.map((i) => i.o.entryId) : [], placedByTiebreak };
	const pos = new Map(order.map((id, k) => [id, k]));
	const rank = (it: RankItem) => pos.get(it.o.entryId) ?? order.length;
	firstGroup.sort((a, b) => rank(a) - rank(b) || a.nameOrder - b.nameOrder);
	firstGroup.forEach((it, k) => {
		sorted[k] = it;
		places[k] = rank(it) + 1;
		if (pos.has(it.o.entryId)) placedByTiebreak.add(it.o.entryId);
	});
	return { tieForFirst: [], placedByTiebreak };
}
