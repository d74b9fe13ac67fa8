import { describe, expect, it } from 'vitest';
import { pairsWith } from './pairs';

describe('naming the pairs (CZ-TEAM-P2)', () => {
	it('CZ-TEAM-P2: one choice names both pairs, each member in exactly one', () => {
		expect(pairsWith(['a', 'b', 'c', 'd'], 'c')).toEqual([
			['a', 'c'],
			['b', 'd']
		]);
		for (const partner of ['b', 'c', 'd']) expect(new Set(pairsWith(['a', 'b', 'c', 'd'], partner)!.flat()).size).toBe(4);
	});

	it('CZ-TEAM-P2: no pairs from a partner outside the team, the first member themself, or a team not of four', () => {
		expect(pairsWith(['a', 'b', 'c', 'd'], 'a')).toBeNull();
		expect(pairsWith(['a', 'b', 'c', 'd'], 'x')).toBeNull();
		expect(pairsWith(['a', 'b', 'c'], 'b')).toBeNull();
	});
});
