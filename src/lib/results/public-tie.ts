import type { PublicationSnapshot } from './publication';

/**
 * What became of a tie for first in a published version, for the public page (issue 30 #19):
 * - `awaiting`: tied for first under rules that flag it (ES-TIE), no tie-break result yet: the
 *   entries share first place until a tie-break puzzle decides;
 * - `decided`: a tie-break result placed the tied entries (`names` in its order, best first);
 * - `stands`: two or more first places under rules without a tie-break (CZ-IND-RANK-3);
 * - null: one winner, or nobody placed.
 */
export type PublicTie = { kind: 'awaiting' | 'decided' | 'stands'; names: string[] } | null;

export function publicTie(snapshot: Pick<PublicationSnapshot, 'rows' | 'tieForFirst' | 'placedByTiebreak'>): PublicTie {
	const nameOf = new Map(snapshot.rows.map((r) => [r.entryId, r.name]));
	const names = (ids: readonly string[]) => ids.map((id) => nameOf.get(id) ?? id);
	if (snapshot.tieForFirst.length > 1) return { kind: 'awaiting', names: names(snapshot.tieForFirst) };
	if ((snapshot.placedByTiebreak?.length ?? 0) > 1) return { kind: 'decided', names: names(snapshot.placedByTiebreak!) };
	const first = snapshot.rows.filter((r) => r.place === 1);
	return first.length > 1 ? { kind: 'stands', names: first.map((r) => r.name) } : null;
}
