import { describe, expect, it } from 'vitest';
import { drawTeams } from '$lib/setup/draw';
import { checkTeamDraw, inputIds } from './draw-check';
import { randomSeed, seedFromDice } from './draw-seed';

describe('the seed of a draw and checking a draw', () => {
	it('CZ-TEAM-DRAW: dice rolls make a seed in the order rolled; a roll outside 1–6 or too few rolls make none', () => {
		expect(seedFromDice('3 5 1 6')).toBe('dice-3-5-1-6');
		expect(seedFromDice('3,5,1,6,2')).toBe('dice-3-5-1-6-2');
		expect(seedFromDice('3517')).toBeNull();
		expect(seedFromDice('35')).toBeNull();
		expect(seedFromDice('')).toBeNull();
	});

	it('a random seed is 12 letters and digits, from the bytes given', () => {
		expect(randomSeed(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 31]))).toBe('abcdefghjkma');
		expect(randomSeed()).toMatch(/^[a-z2-9]{12}$/);
	});

	it('CZ-TEAM-DRAW: the printed sorted input and the seed give the same teams as the draw itself', () => {
		const ids = ['p-01', 'p-02', 'p-03', 'p-04', 'p-05', 'p-06', 'p-07', 'p-08', 'p-09'];
		const printed = ids.map((id, i) => `${id}  Solver ${i + 1}`).join('\n') + '\n\n';
		expect(inputIds(printed)).toEqual(ids);
		expect(checkTeamDraw(' dice-1-2-3-4 ', printed)).toEqual(drawTeams(ids, 4, 'dice-1-2-3-4'));
	});
});
