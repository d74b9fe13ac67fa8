import { describe, expect, it } from 'vitest';
import { placeSharing, rankedCount, sharedPlaces } from './places';
import { rankItem } from './testkit';

const sorted = [rankItem('a', [0, 5], 0), rankItem('b', [0, 5], 1), rankItem('c', [0, 7], 2), rankItem('d', [1, 7], 3), rankItem('e', null, 4)];

describe('rankedCount', () => {
	it('the ranked items at the head of the order', () => {
		expect(rankedCount(sorted)).toBe(4);
		expect(rankedCount([])).toBe(0);
	});
});

describe('sharedPlaces', () => {
	it('CZ-IND-RANK-3: equal keys share a place; the next place skips the sharers', () => {
		expect(sharedPlaces(sorted, 4)).toEqual([1, 1, 3, 4]);
	});
});

describe('placeSharing', () => {
	it('how many hold each place', () => {
		expect([...placeSharing([1, 1, 3, 4])]).toEqual([0, 2, 0, 1, 1, 0]);
	});
});
