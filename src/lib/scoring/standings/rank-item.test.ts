import { describe, expect, it } from 'vitest';
import { compareRankItems } from './rank-item';
import { rankItem } from './testkit';

describe('compareRankItems', () => {
	it('CZ-IND-RANK-1: ranked before unranked, then by tier, value and name', () => {
		const items = [
			rankItem('unranked', null, 0),
			rankItem('tier-1', [1, 5], 1),
			rankItem('slow', [0, 9], 2),
			rankItem('fast-b', [0, 5], 4),
			rankItem('fast-a', [0, 5], 3)
		];
		expect(items.sort(compareRankItems).map((i) => i.o.entryId)).toEqual(['fast-a', 'fast-b', 'slow', 'tier-1', 'unranked']);
	});

	it('unranked entries by their listing order, then by name', () => {
		const items = [rankItem('c', null, 0, 7), rankItem('b', null, 2, 2), rankItem('a', null, 1, 2)];
		expect(items.sort(compareRankItems).map((i) => i.o.entryId)).toEqual(['a', 'b', 'c']);
	});
});
