import { describe, expect, it } from 'vitest';
import { settleTieForFirst } from './tie-for-first';
import { rankItem } from './testkit';

function tiedThree() {
	return { sorted: [rankItem('a', [0, 5], 0), rankItem('b', [0, 5], 1), rankItem('c', [0, 5], 2), rankItem('d', [0, 9], 3)], places: [1, 1, 1, 4] };
}

describe('settleTieForFirst', () => {
	it('ES-TIE: no tie for first, nothing to settle', () => {
		const sorted = [rankItem('a', [0, 5], 0), rankItem('b', [0, 6], 1)];
		const places = [1, 2];
		expect(settleTieForFirst(sorted, places, ['b', 'a'], true)).toEqual({ tieForFirst: [], placedByTiebreak: new Set() });
		expect(places).toEqual([1, 2]);
	});

	it('ES-TIE: without a tie-break result the tie is flagged (when the ruleset asks)', () => {
		const { sorted, places } = tiedThree();
		expect(settleTieForFirst(sorted, places, null, true).tieForFirst).toEqual(['a', 'b', 'c']);
		expect(settleTieForFirst(sorted, places, ['x'], false).tieForFirst).toEqual([]);
		expect(places).toEqual([1, 1, 1, 4]);
	});

	it('ES-TIE: the result orders the tied entries it lists; the others share the next place', () => {
		const { sorted, places } = tiedThree();
		const { tieForFirst, placedByTiebreak } = settleTieForFirst(sorted, places, ['c', 'd'], true);
		expect(sorted.map((i) => i.o.entryId)).toEqual(['c', 'a', 'b', 'd']);
		expect(places).toEqual([1, 2, 2, 4]);
		expect(tieForFirst).toEqual([]);
		expect([...placedByTiebreak]).toEqual(['c']);
	});
});
