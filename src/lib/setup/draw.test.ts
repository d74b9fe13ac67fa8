import { describe, expect, it } from 'vitest';
import { drawShifts, drawTeams, seededShuffle, swapShifts } from './draw';

const people = Array.from({ length: 18 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);

describe('draws', () => {
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
