import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Person, Registration } from '$lib/registration/schema';
import type { Entry } from '$lib/setup/schema';
import { doubleSeats } from './double-seats';
import { defaultLayout, layoutOfSeated, seatKey, seatsOf } from './seat-layout';
import { drawSeats, fillTables, rankedOrder, snakeSeats } from './seat-order';
import { seatCandidates } from './seat-candidates';
import { moveEntry } from './seat-move';
import { changedEntries } from './changed-entries';
import { seatPlan } from './seat-plan';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${String(i + 1).padStart(2, '0')}`);
const entry = (id: string, table?: string, seat?: string, heatId = 'h1'): Entry => ({
	id,
	competitionId: 'c',
	heatId,
	name: `Name ${id}`,
	members: [],
	...(table ? { table } : {}),
	...(seat ? { seat } : {})
});

describe('seat layouts', () => {
	it('CZ-IND-CAP: a CZJPA individual heat of 80 is 20 tables of 4; a pair or group a table each', () => {
		expect(defaultLayout(80, 'individual')).toEqual({ tables: 20, seatsPerTable: 4 });
		expect(defaultLayout(81, 'individual')).toEqual({ tables: 21, seatsPerTable: 4 });
		expect(defaultLayout(15, 'pair')).toEqual({ tables: 15, seatsPerTable: 1 });
		expect(seatsOf({ tables: 2, seatsPerTable: 2 }).map(seatKey)).toEqual(['1/1', '1/2', '2/1', '2/2']);
	});

	it('the layout of a seated heat holds its seats', () => {
		expect(layoutOfSeated([entry('a', '3', '2'), entry('b', '1', '4'), entry('c')])).toEqual({ tables: 3, seatsPerTable: 4 });
		expect(layoutOfSeated([entry('a', 'A', 'x')])).toBeNull();
	});
});

describe('seating orders', () => {
	it('by registration order: table by table, and refused when they do not fit', () => {
		const seats = fillTables(ids(6), { tables: 2, seatsPerTable: 4 });
		expect(seats.get('r01')).toEqual({ table: '1', seat: '1' });
		expect(seats.get('r05')).toEqual({ table: '2', seat: '1' });
		expect(() => fillTables(ids(9), { tables: 2, seatsPerTable: 4 })).toThrow(/do not fit/);
	});

	it('snake order: 1-4 at tables 1-4, then 5-8 at tables 4-1, then 9-12 at tables 1-4', () => {
		const seats = snakeSeats(ids(12), { tables: 4, seatsPerTable: 3 });
		const tableOf = (id: string) => Number(seats.get(id)!.table);
		expect(ids(12).map(tableOf)).toEqual([1, 2, 3, 4, 4, 3, 2, 1, 1, 2, 3, 4]);
		expect(seats.get('r05')).toEqual({ table: '4', seat: '2' });
		expect(() => snakeSeats(ids(13), { tables: 4, seatsPerTable: 3 })).toThrow(/do not fit/);
	});

	it('snake order spreads the best: each table gets one of the top n, and table sums of places differ by at most the table count', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 25 }), fc.integer({ min: 1, max: 6 }), (tables, perTable) => {
				const ranked = ids(tables * perTable);
				const seats = snakeSeats(ranked, { tables, seatsPerTable: perTable });
				const top = new Set(ranked.slice(0, tables).map((id) => seats.get(id)!.table));
				expect(top.size).toBe(tables);
				const total = new Map<string, number>();
				ranked.forEach((id, i) => total.set(seats.get(id)!.table, (total.get(seats.get(id)!.table) ?? 0) + i));
				const values = [...total.values()];
				expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(tables);
			})
		);
	});

	it('a seeded draw is reproducible, independent of the input order, and never seats two on one seat', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 80 }), fc.string({ minLength: 1, maxLength: 12 }), (n, seed) => {
				const layout = defaultLayout(n, 'individual');
				const a = drawSeats(ids(n), layout, seed);
				const b = drawSeats([...ids(n)].reverse(), layout, seed);
				expect([...b].sort()).toEqual([...a].sort());
				expect(new Set([...a.values()].map(seatKey)).size).toBe(n);
			})
		);
		expect([...drawSeats(ids(80), defaultLayout(80, 'individual'), 'one')]).not.toEqual([...drawSeats(ids(80), defaultLayout(80, 'individual'), 'two')]);
	});

	it('a previous round: ranked by place, found by ID or by name, the unranked last in their order', () => {
		const order = rankedOrder(
			[
				{ id: 'x', name: 'Xena' },
				{ id: 'y', name: 'Yuki' },
				{ id: 'z', name: 'Zoe' },
				{ id: 'final-w', name: 'Wanda ' }
			],
			[
				{ entryId: 'q-w', name: 'wanda', place: 1 },
				{ entryId: 'z', name: 'Zoe', place: 2 },
				{ entryId: 'x', name: 'Xena', place: null }
			]
		);
		expect(order).toEqual(['final-w', 'z', 'x', 'y']);
	});
});

describe('a seat never holds two entries', () => {
	it('finds the seats of one heat given twice; other heats and unseated entries are not a clash', () => {
		expect(doubleSeats([entry('a', '1', '1'), entry('b', '1', '1'), entry('c', '1', '1', 'h2'), entry('d'), entry('e')])).toEqual([
			{ heatId: 'h1', table: '1', seat: '1', entryIds: ['a', 'b'] }
		]);
		expect(doubleSeats([entry('a', '1', '1'), entry('b', '1', '2')])).toEqual([]);
	});

	it('a move to a taken seat is refused, to a free seat done', () => {
		const entries = [entry('a', '1', '1'), entry('b', '1', '2')];
		const refused = moveEntry(entries, 'a', { table: '1', seat: '2' });
		expect(refused).toEqual({ ok: false, takenBy: entries[1] });
		const done = moveEntry(entries, 'a', { table: '2', seat: '1' });
		expect(done.ok && done.entries.find((e) => e.id === 'a')).toMatchObject({ table: '2', seat: '1' });
		expect(done.ok && doubleSeats(done.entries)).toEqual([]);
	});

	it('issue 29 #8: labels a person reads as the same are one seat: "1" and "01 ", "A" and "a", a no-break space, Cyrillic "А"', () => {
		const clash = (a: [string, string], b: [string, string]) => doubleSeats([entry('a', ...a), entry('b', ...b)]);
		expect(clash(['1', 'A'], ['01 ', 'a'])).toEqual([{ heatId: 'h1', table: '1', seat: 'A', entryIds: ['a', 'b'] }]);
		expect(clash(['T1', '1'], ['t1', '1'])).toHaveLength(1);
		expect(clash(['Table 2', '1'], ['Table\u00a02', '1'])).toHaveLength(1);
		expect(clash(['1', 'A'], ['1', '\u0410'])).toHaveLength(1);
		expect(clash(['1', 'A'], ['\uff11', 'A'])).toHaveLength(1);
		expect(clash(['1', 'A'], ['10', 'A'])).toEqual([]);
		expect(clash(['1', 'A'], ['1', 'B'])).toEqual([]);
		// A blank label is no seat.
		expect(clash([' ', '1'], ['\u00a0', '1'])).toEqual([]);
	});

	it('issue 29 #8: a move to a seat written another way ("01"/"a" for "1"/"A") is refused as taken', () => {
		const entries = [entry('a', '1', 'A'), entry('b', '2', 'A')];
		expect(moveEntry(entries, 'b', { table: '01', seat: 'a' })).toEqual({ ok: false, takenBy: entries[0] });
	});
});

describe('what a save writes', () => {
	it('only the entries new or changed since the set-up it was made from: another device’s seats are not written over', () => {
		const saved = [entry('a', '1', '1'), entry('b', '1', '2'), entry('c', '2', '1')];
		const draft = [entry('a', '1', '1'), entry('b', '3', '1'), { ...entry('c', '2', '1'), name: 'Renamed' }, entry('d', '3', '2')];
		expect(changedEntries(draft, saved).map((e) => e.id)).toEqual(['b', 'c', 'd']);
		expect(changedEntries(saved, saved)).toEqual([]);
	});
});

describe('who a heat seats', () => {
	const person = (id: string, extra: Partial<Person> = {}): Person => ({ id, eventId: 'e', name: `P ${id}`, version: 1, ...extra });
	const reg = (id: string, at: number, status: Registration['status'] = 'registered', competitionId = 'c'): Registration => ({
		id,
		eventId: 'e',
		competitionId,
		name: `P ${id}`,
		memberIds: [`p-${id}`],
		registeredAt: at,
		status,
		fee: { amount: 400, currency: 'CZK' },
		paid: null,
		cancelled: null,
		version: 1
	});

	it('the registered of the competition not seated in another heat, in registration order, without birth dates or contact data; then the heat’s other entries', () => {
		const people = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => person(`p-${id}`, { birthDate: '2000-01-01', email: 'x@y.z', country: 'CZ' }));
		const regs = [reg('b', 2), reg('a', 1), reg('c', 3, 'waiting'), reg('d', 4, 'cancelled'), reg('e', 5), reg('f', 6, 'registered', 'other')];
		const entries = [{ ...entry('e', '1', '1', 'h2') }, { ...entry('b', '2', '3') }, entry('walk-in', '1', '1')];
		const out = seatCandidates({ id: 'h1', competitionId: 'c' }, regs, people, entries);
		expect(out.map((e) => e.id)).toEqual(['a', 'b', 'walk-in']);
		expect(out[0]).toEqual({ id: 'a', competitionId: 'c', heatId: 'h1', name: 'P a', members: [{ id: 'p-a', name: 'P p-a', country: 'CZ' }] });
		expect(out[1]).toMatchObject({ table: '2', seat: '3' });
	});

	it('issue 30 #9: registered at the same moment (one import), in the register\'s order, not by ID', () => {
		const names = ['Ana', 'Belén', 'Carlos', 'Diego', 'Elena'];
		// IDs drawn at random by the import: their order is not the register's.
		const ids = ['r-7f', 'r-c2', 'r-9a', 'r-e0', 'r-81'];
		const regs = names.map((name, i) => ({ ...reg(ids[i]!, 1000), name }));
		const out = seatCandidates({ id: 'h1', competitionId: 'c' }, regs, [], []);
		expect(out.map((e) => e.name)).toEqual(names);
		expect(fillTables(out.map((e) => e.id), { tables: 2, seatsPerTable: 4 }).get('r-c2')).toEqual({ table: '1', seat: '2' });
	});

	it('CZ-TEAM-DRAW, issue 30 #8: a drawn relay seats its teams, not their members again (12 people in 3 teams: 3 to seat)', () => {
		const people = Array.from({ length: 12 }, (_, i) => person(`p-${i}`));
		const regs = people.map((p, i) => ({ ...reg(String(i), i), memberIds: [p.id] }));
		const teams: Entry[] = [0, 1, 2].map((t) => ({
			...entry(`team-${t + 1}`),
			members: people.slice(4 * t, 4 * t + 4).map((p) => ({ id: p.id, name: p.name }))
		}));
		const out = seatCandidates({ id: 'h1', competitionId: 'c' }, regs, people, teams);
		expect(out.map((e) => e.id)).toEqual(['team-1', 'team-2', 'team-3']);
		// A team drawn into another heat keeps its members out of this one too.
		const elsewhere = seatCandidates({ id: 'h1', competitionId: 'c' }, regs, people, [{ ...teams[0]!, heatId: 'h2' }, teams[1]!, teams[2]!]);
		expect(elsewhere.map((e) => e.id)).toEqual(['team-2', 'team-3']);
	});
});

describe('the seat plan', () => {
	it('by table in number order with its seats, then the alphabetical index name → table, seat', () => {
		const plan = seatPlan([
			{ name: 'Zoe', table: '10', seat: '2' },
			{ name: 'Ana', table: '2', seat: '1' },
			{ name: 'Čeněk', table: '10', seat: '1' },
			{ name: 'Nobody' }
		]);
		expect(plan.tables).toEqual([
			{ table: '2', seats: [{ seat: '1', name: 'Ana' }] },
			{ table: '10', seats: [{ seat: '1', name: 'Čeněk' }, { seat: '2', name: 'Zoe' }] }
		]);
		expect(plan.index.map((l) => l.name)).toEqual(['Ana', 'Čeněk', 'Zoe']);
	});

	it('issue 29 #8: one table however its label is written ("T1", "t1", "T01"): shown once, as first written', () => {
		const plan = seatPlan([
			{ name: 'Ana', table: 'T1', seat: '1' },
			{ name: 'Bob', table: 't1', seat: '2' },
			{ name: 'Cyril', table: 'T01', seat: '3' },
			{ name: 'Dana', table: 'T2', seat: '1' }
		]);
		expect(plan.tables.map((t) => [t.table, t.seats.map((s) => s.name)])).toEqual([
			['T1', ['Ana', 'Bob', 'Cyril']],
			['T2', ['Dana']]
		]);
		expect(plan.index.map((l) => `${l.name} ${l.table}/${l.seat}`)).toEqual(['Ana T1/1', 'Bob T1/2', 'Cyril T1/3', 'Dana T2/1']);
	});
});
