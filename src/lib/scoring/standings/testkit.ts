import type { Outcome } from '../types';
import type { RankItem } from './rank-item';

/** Test helpers for the steps of the ranking. */

/** A ranked item with key [primary, secondary] (null: unranked, listed by `primary`), at `nameOrder`. */
export function rankItem(id: string, key: [number, number] | null, nameOrder: number, primaryIfUnranked = 0): RankItem {
	return {
		o: { entryId: id } as Outcome,
		basis: key ? { kind: 'time', finalTimeMs: key[1], finished: key[0] === 0 } : { kind: 'unranked', why: 'running' },
		ranked: key !== null,
		primary: key ? key[0] : primaryIfUnranked,
		secondary: key ? key[1] : 0,
		nameOrder,
		name: id,
		reason: null,
		row: null
	};
}
