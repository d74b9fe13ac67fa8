import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { inRegistrationOrder, movingUp, placeOfNew, placesTaken, type Place } from './waiting-list';

const individual = presetById('czjpa-individual')!; // 80 people
const relay = presetById('czjpa-team-relay')!; // 20 teams

const reg = (i: number, status: Place['status'], members = 1, registeredAt = 1000 + i): Place => ({
	id: `r${i}`,
	registeredAt,
	status,
	memberIds: Array.from({ length: members }, (_, k) => `p${i}-${k}`)
});

/** Registrations placed one by one, as the server does. */
function placeAll(capacity: { max: number; per: 'person' | 'entry' }, sizes: number[]): Place[] {
	const all: Place[] = [];
	sizes.forEach((n, i) => all.push(reg(i, placeOfNew({ unit: individual.unit, capacity }, all, n), n)));
	return all;
}

describe('waiting list', () => {
	it('CZ-IND-CAP: the 81st competitor goes to the waiting list, and so does everyone after', () => {
		const all = placeAll(individual.capacity!, Array(85).fill(1));
		expect(all.filter((r) => r.status === 'registered')).toHaveLength(80);
		expect(all.slice(80).map((r) => r.status)).toEqual(Array(5).fill('waiting'));
		expect(placesTaken(all)).toEqual({ entries: 80, people: 80 });
	});

	it('CZ-TEAM-CAP: capacity in entries counts whole registered teams: 20 teams of four, the 21st waits', () => {
		const whole = { ...relay, unit: { ...relay.unit, drawn: false } };
		const all: Place[] = [];
		Array.from({ length: 21 }, (_, i) => all.push(reg(i, placeOfNew(whole, all, 4), 4)));
		expect(all.filter((r) => r.status === 'registered')).toHaveLength(20);
		expect(all[20]!.status).toBe('waiting');
	});

	it('CZ-TEAM-CAP, CZ-TEAM-DRAW: people register alone for 20 drawn teams of four: 80 are registered, the 81st waits', () => {
		const all: Place[] = [];
		Array.from({ length: 82 }, (_, i) => all.push(reg(i, placeOfNew(relay, all, 1), 1)));
		expect(all.filter((r) => r.status === 'registered')).toHaveLength(80);
		expect(all.slice(80).map((r) => r.status)).toEqual(['waiting', 'waiting']);
		// A cancellation frees one person's place: the 81st moves up.
		const one = all.map((r) => (r.id === 'r3' ? { ...r, status: 'cancelled' as const } : r));
		expect(movingUp(relay, one)).toEqual(['r80']);
	});

	it('CZ-IND-CAP: a cancellation moves the first waiting one up, in registration order, not in the order listed', () => {
		const all = placeAll({ max: 2, per: 'person' }, [1, 1, 1, 1]);
		// Listed out of order: r3 registered before r2 of the waiting ones, but listed after it.
		const listed = [all[0]!, all[1]!, { ...all[2]!, registeredAt: 5 }, { ...all[3]!, registeredAt: 1 }].map((r, i) => (i === 0 ? { ...r, status: 'cancelled' as const } : r));
		expect(movingUp({ unit: individual.unit, capacity: { max: 2, per: 'person' } }, listed)).toEqual(['r3']);
	});

	it('CZ-IND-CAP: a later, smaller registration never jumps an earlier one that does not fit yet', () => {
		const cap = { max: 4, per: 'person' as const };
		const all = placeAll(cap, [2, 2, 3, 1]);
		expect(all.map((r) => r.status)).toEqual(['registered', 'registered', 'waiting', 'waiting']);
		const one = all.map((r) => (r.id === 'r0' ? { ...r, status: 'cancelled' as const } : r));
		// Two places free: the group of three does not fit, and the single behind it waits too.
		expect(movingUp({ unit: individual.unit, capacity: cap }, one)).toEqual([]);
		const two = one.map((r) => (r.id === 'r1' ? { ...r, status: 'cancelled' as const } : r));
		expect(movingUp({ unit: individual.unit, capacity: cap }, two)).toEqual(['r2', 'r3']);
		// A new registration joins the end of the list while anyone waits.
		expect(placeOfNew({ unit: individual.unit, capacity: cap }, one, 1)).toBe('waiting');
	});

	it('no capacity: everyone is registered', () => {
		expect(placeOfNew({ unit: individual.unit, capacity: null }, Array.from({ length: 500 }, (_, i) => reg(i, 'registered')), 8)).toBe('registered');
	});

	it('CZ-IND-CAP, CZ-TEAM-CAP (property): whatever the order of cancellations, the moves up follow the registration order', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 8 }),
				fc.constantFrom<'person' | 'entry'>('person', 'entry'),
				fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 25 }),
				fc.array(fc.nat(), { maxLength: 30 }),
				(max, per, sizes, picks) => {
					const capacity = { max, per };
					// Units of 1 to 3 people: with capacity in people, a larger unit may not fit where a smaller would.
					let all = placeAll(capacity, sizes);
					const waitingOrder = inRegistrationOrder(all.filter((r) => r.status === 'waiting')).map((r) => r.id);
					const moved: string[] = [];
					for (const pick of picks) {
						const open = all.filter((r) => r.status !== 'cancelled');
						if (open.length === 0) break;
						const gone = open[pick % open.length]!.id;
						all = all.map((r) => (r.id === gone ? { ...r, status: 'cancelled' as const } : r));
						// Listed in any order: the store's, or reversed.
						const up = movingUp({ unit: individual.unit, capacity }, pick % 2 === 0 ? all : [...all].reverse());
						all = all.map((r) => (up.includes(r.id) ? { ...r, status: 'registered' as const } : r));
						moved.push(...up);
						// Never over capacity.
						const taken = placesTaken(all);
						expect(per === 'person' ? taken.people : taken.entries).toBeLessThanOrEqual(max);
					}
					// The moves are the waiting list in its order (those cancelled while waiting left out).
					const cancelledWaiting = new Set(all.filter((r) => r.status === 'cancelled').map((r) => r.id));
					const expected = waitingOrder.filter((id) => moved.includes(id) || !cancelledWaiting.has(id));
					expect(moved).toEqual(expected.slice(0, moved.length));
				}
			)
		);
	});
});
