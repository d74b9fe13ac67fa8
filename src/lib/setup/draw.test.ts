import { describe, expect, it } from 'vitest';
import { fnv1a32, mulberry32, seededRandom } from '$lib/random';
import { drawShifts, drawTeams, restSeed, seededShuffle, swapShifts, turnsInDrawOrder } from './draw';

const people = Array.from({ length: 18 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);

describe('draws', () => {
	it('a printed draw names what it hashes (issue 30 #4): FNV-1a over UTF-16 code units, the value draws made so far depend on', () => {
		expect(fnv1a32('a')).toBe(0xe40c292c);
		// Š is one code unit (352); over UTF-8 it would be two bytes and another hash.
		expect(fnv1a32('Š')).toBe(Math.imul(0x811c9dc5 ^ 352, 0x01000193) >>> 0);
		const seed = 'Brno-2026-stafeta-Šťastná';
		expect(drawTeams(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], 4, seed).teams.flat()).toEqual(seededShuffle(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], seed));
		expect(seededRandom(seed)()).toBe(mulberry32(fnv1a32(seed))());
	});

	it('ES-SHIFT: the turns printed in the order the draw goes through them (an integer-like ID first, as a record orders its keys)', () => {
		const slots = [
			{ heatId: 'es-am', capacity: 0 },
			{ heatId: '7', capacity: 1 },
			{ heatId: 'es-pm', capacity: 1 }
		];
		expect(turnsInDrawOrder(slots).map((s) => s.heatId)).toEqual(['7', 'es-am', 'es-pm']);
		// With no preference and one place in each open turn, the first drawn goes where r picks among ["7", "es-pm"] in that order.
		const drawn = drawShifts([{ id: 'x' }], Object.fromEntries(slots.map((s) => [s.heatId, s.capacity])), 'seed');
		const r = seededRandom(restSeed('seed'))();
		expect(drawn.assigned.x).toBe(['7', 'es-pm'][Math.floor(r * 2)]);
	});

	it('CZ-TEAM-DRAW: teams of four drawn at random, reproducible from the seed and independent of registration order', () => {
		const d = drawTeams(people, 4, 'relay-2026');
		expect(d.teams).toHaveLength(4);
		expect(d.teams.every((t) => t.length === 4)).toBe(true);
		expect(d.unplaced).toHaveLength(2);
		expect([...d.teams.flat(), ...d.unplaced].sort()).toEqual(people);
		expect(drawTeams([...people].reverse(), 4, 'relay-2026')).toEqual(d);
		const redraw = drawTeams(people, 4, 'relay-2026-redraw');
		expect(redraw.teams).not.toEqual(d.teams);
		// Not simply registration order.
		expect(d.teams[0]).not.toEqual(people.slice(0, 4));
	});

	it('a seeded shuffle is a permutation and stays the same for the same seed', () => {
		const s = seededShuffle(people, 'x');
		expect([...s].sort()).toEqual(people);
		expect(seededShuffle(people, 'x')).toEqual(s);
	});

	it('ES-SHIFT: preferred slots are honoured where there is room; the rest are drawn into other slots', () => {
		const requests = [
			...people.slice(0, 12).map((id) => ({ id, prefers: 'morning' })),
			...people.slice(12, 15).map((id) => ({ id, prefers: 'afternoon' })),
			...people.slice(15).map((id) => ({ id }))
		];
		const d = drawShifts(requests, { morning: 8, afternoon: 10 }, 'turnos');
		const inSlot = (s: string) => Object.values(d.assigned).filter((x) => x === s).length;
		expect(inSlot('morning')).toBe(8);
		expect(inSlot('afternoon')).toBe(10);
		expect(d.unplaced).toEqual([]);
		// Four of the twelve morning wishes could not be met: drawn into the afternoon.
		expect(d.moved).toHaveLength(4);
		for (const id of d.moved) expect(d.assigned[id]).toBe('afternoon');
		for (const id of people.slice(12, 15)) expect(d.assigned[id]).toBe('afternoon');
		expect(drawShifts([...requests].reverse(), { morning: 8, afternoon: 10 }, 'turnos')).toEqual(d);
	});

	it('ES-SHIFT: without room anywhere an entry stays unplaced', () => {
		const d = drawShifts([{ id: 'a' }, { id: 'b' }, { id: 'c' }], { morning: 2 }, 's');
		expect(Object.keys(d.assigned)).toHaveLength(2);
		expect(d.unplaced).toHaveLength(1);
	});

	it('ES-SHIFT: two participants swap turns only before the start', () => {
		const assigned = { a: 'morning', b: 'afternoon', c: 'morning' };
		expect(swapShifts(assigned, 'a', 'b', false)).toEqual({ a: 'afternoon', b: 'morning', c: 'morning' });
		expect(() => swapShifts(assigned, 'a', 'b', true)).toThrow(/before the competition starts/);
		expect(() => swapShifts(assigned, 'a', 'zz', false)).toThrow(/zz has none/);
	});
});
