import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '$lib/random';
import { looksUniform } from './chi-square';
import { drawShifts, drawTeams, swapShifts, type Shuffler } from './draw';

const ids = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,6}$/), { maxLength: 40 });
const seed = fc.string({ maxLength: 12 });

/** A common shuffling bug: every step swaps with any position (not only those not yet fixed). */
const naiveShuffle: Shuffler = <T>(items: readonly T[], s: string): T[] => {
	const out = items.slice();
	const r = seededRandom(s);
	for (let i = 0; i < out.length; i++) {
		const j = Math.floor(r() * out.length);
		[out[i], out[j]] = [out[j]!, out[i]!];
	}
	return out;
};

const people = Array.from({ length: 8 }, (_, i) => `p${i}`);
const SEEDS = Array.from({ length: 4000 }, (_, i) => `seed-${i}`);

/** For each person, how often they landed in each of the 8 team positions (team × place in it). */
function positionCounts(shuffleWith?: Shuffler): number[][] {
	const counts = people.map(() => Array<number>(people.length).fill(0));
	for (const s of SEEDS) drawTeams(people, 4, s, shuffleWith).teams.flat().forEach((id, pos) => counts[people.indexOf(id)]![pos]!++);
	return counts;
}

/** For each person, how often they were drawn into each of 2 slots, all 8 preferring the first one (4 places): decided by lot. */
function slotCounts(shuffleWith?: Shuffler): number[][] {
	const counts = people.map(() => [0, 0]);
	for (const s of SEEDS) {
		const d = drawShifts(people.map((id) => ({ id, prefers: 'a' })), { a: 4, b: 4 }, s, shuffleWith);
		for (const [id, slot] of Object.entries(d.assigned)) counts[people.indexOf(id)]![slot === 'a' ? 0 : 1]!++;
	}
	return counts;
}

describe('draws: properties (fast-check)', () => {
	it('CZ-TEAM-DRAW: a draw is a function of (people, seed): the order they are given in changes nothing', () => {
		fc.assert(
			fc.property(ids, seed, fc.integer(), (people, s, k) => {
				const rotated = [...people.slice(k % (people.length || 1)), ...people.slice(0, k % (people.length || 1))].reverse();
				expect(drawTeams(rotated, 4, s)).toEqual(drawTeams(people, 4, s));
			})
		);
	});

	it('CZ-TEAM-DRAW: everyone is in exactly one team or in the leftovers; every team has four; fewer than four left over', () => {
		fc.assert(
			fc.property(ids, seed, (people, s) => {
				const d = drawTeams(people, 4, s);
				expect([...d.teams.flat(), ...d.unplaced].sort()).toEqual([...people].sort());
				expect(d.teams.every((t) => t.length === 4)).toBe(true);
				expect(d.unplaced.length).toBe(people.length % 4);
			})
		);
	});

	it('ES-SHIFT: a preference is never broken while its slot has room', () => {
		const requests = ids.chain((people) =>
			fc.tuple(...people.map((id) => fc.option(fc.constantFrom('morning', 'afternoon', 'evening'), { nil: undefined }).map((prefers) => ({ id, prefers })))).map((r) => r as { id: string; prefers?: string }[])
		);
		fc.assert(
			fc.property(requests, fc.record({ morning: fc.nat(15), afternoon: fc.nat(15), evening: fc.nat(15) }), seed, (reqs, slots, s) => {
				const d = drawShifts(reqs, slots, s);
				const filled = (slot: string) => Object.values(d.assigned).filter((x) => x === slot).length;
				for (const [slot, cap] of Object.entries(slots)) expect(filled(slot)).toBeLessThanOrEqual(cap);
				for (const r of reqs) if (r.prefers !== undefined && d.assigned[r.id] !== r.prefers) expect(filled(r.prefers)).toBe(slots[r.prefers as keyof typeof slots]);
				// Nobody left without a slot while a slot has room.
				if (d.unplaced.length > 0) for (const [slot, cap] of Object.entries(slots)) expect(filled(slot)).toBe(cap);
			})
		);
	});

	it('ES-SHIFT: a swap keeps both slots\' counts and exchanges the two entries\' slots', () => {
		fc.assert(
			fc.property(ids.filter((p) => p.length >= 2), seed, fc.nat(), fc.nat(), (people, s, i, j) => {
				const d = drawShifts(people.map((id) => ({ id })), { morning: Math.ceil(people.length / 2), afternoon: people.length }, s);
				const a = people[i % people.length]!;
				const b = people[(i + 1 + (j % (people.length - 1))) % people.length]!;
				const after = swapShifts(d.assigned, a, b, false);
				const count = (m: Record<string, string>) => Object.values(m).reduce<Record<string, number>>((c, x) => ({ ...c, [x]: (c[x] ?? 0) + 1 }), {});
				expect(count(after)).toEqual(count(d.assigned));
				expect([after[a], after[b]]).toEqual([d.assigned[b], d.assigned[a]]);
			})
		);
	});
});

describe('draws: fairness over many seeds (chi-square)', () => {
	it('CZ-TEAM-DRAW: each person lands in each team position about equally often', () => {
		const r = looksUniform(positionCounts());
		expect(r.worst).toBeLessThan(r.bound);
	});

	it('CZ-TEAM-DRAW: the same check fails on a biased shuffle (every step swapping with any position)', () => {
		const r = looksUniform(positionCounts(naiveShuffle));
		expect(r.ok).toBe(false);
	});

	it('ES-SHIFT: each person is drawn into each slot about equally often (a full preferred slot is decided by lot)', () => {
		const r = looksUniform(slotCounts());
		expect(r.worst).toBeLessThan(r.bound);
	});

	it('ES-SHIFT: the same check fails on a biased shuffle', () => {
		const r = looksUniform(slotCounts(naiveShuffle));
		expect(r.ok).toBe(false);
	});
});
