import { describe, expect, it } from 'vitest';
import { competition, MIN, SEC, T0, tablet, score } from '$lib/scoring/testkit';
import type { JudgeEvent } from '$lib/events/schema';
import type { CompetitionSetup } from '$lib/scoring';
import { DeviceLog } from '$lib/events/builder';
import { filterFinishRows, filterOptions, finishRows } from './double-check';

/** The scoring testkit's competition with tables and seats, and the rows of a log scored at `now`. */
function seated(names: string[]): CompetitionSetup {
	const c = competition('czjpa-individual', names);
	return { ...c, entries: c.entries.map((e, i) => ({ ...e, table: String(i < 2 ? 2 : 10), seat: String.fromCharCode(65 + (i % 2)) })) };
}

function rowsOf(setup: CompetitionSetup, log: JudgeEvent[], now: number) {
	const standings = score(setup, log, now);
	return finishRows({
		log,
		setup: { competitions: [setup.competition], heats: [{ id: 'heat-1', competitionId: 'comp', name: 'Heat 1' }], entries: setup.entries },
		standings: [{ competition: setup.competition, standings }]
	});
}

describe('the double-check of finishes', () => {
	const setup = seated(['Ana', 'Bob', 'Cyril', 'Dana']);
	const a = tablet('tablet-a');
	const b = tablet('tablet-b');
	a.start(T0, ['ana', 'bob', 'cyril', 'dana']);
	a.finish('ana', T0 + 40 * MIN); // counts
	b.hand('ana', T0 + 41 * MIN); // a second finish of Ana: stands, not counted
	b.reject(b.hand('bob', T0 + 38 * MIN), T0 + 38 * MIN + 30 * SEC, 'pieces missing'); // rejected
	b.finish('bob', T0 + 45 * MIN); // counts
	const cyril = b.hand('cyril', T0 + 30 * MIN);
	b.correct(cyril, T0 + 31 * MIN, 'wrong seat'); // voided
	const dana = a.hand('dana', T0 + 50 * MIN);
	a.confirm(dana, T0 + 51 * MIN, 2);
	a.correct(dana, T0 + 52 * MIN, 'tapped late', { type: 'hand.raised', at: T0 + 49 * MIN, payload: {} }); // replaced
	const log = [...a.events, ...b.events, ...b.events.slice(0, 2)]; // duplicates from a second import count once
	const rows = rowsOf(setup, log, T0 + 95 * MIN);

	it('lists every recorded finish once, by device time, with what became of it', () => {
		expect(rows.map((r) => [r.entryName, (r.at - T0) / MIN, r.deviceId, r.status, r.check])).toEqual([
			['Cyril', 30, 'tablet-b', 'voided', 'none'],
			['Bob', 38, 'tablet-b', 'rejected', 'rejected'],
			['Ana', 40, 'tablet-a', 'counts', 'confirmed'],
			['Ana', 41, 'tablet-b', 'not-counted', 'none'],
			['Bob', 45, 'tablet-b', 'counts', 'confirmed'],
			['Dana', 50, 'tablet-a', 'replaced', 'confirmed']
		]);
	});

	it('gives the time from the scorer’s start, the counted time of the finish that counts, and the set-up’s names', () => {
		const ana = rows.find((r) => r.entryName === 'Ana' && r.status === 'counts')!;
		expect(ana).toMatchObject({
			fromStartMs: 40 * MIN,
			countedMs: 40 * MIN,
			competitionName: setup.competition.name,
			heatName: 'Heat 1',
			table: '2',
			seat: 'A',
			judge: 'Judge',
			missingPieces: 0
		});
		expect(rows.find((r) => r.status === 'not-counted')!.countedMs).toBeNull();
		const replaced = rows.find((r) => r.entryName === 'Dana')!;
		expect(replaced.missingPieces).toBe(2);
		expect(replaced.fromStartMs).toBe(50 * MIN);
		expect(replaced.countedMs).toBe(49 * MIN); // the replacement's time is the one that counts
		expect(replaced.replacement).toEqual({ type: 'hand.raised', at: T0 + 49 * MIN, fromStartMs: 49 * MIN, counts: true, reason: 'tapped late' });
	});

	it('orders taps of the same millisecond by device, then by sequence number', () => {
		const s = seated(['Ana', 'Bob']);
		const x = tablet('tablet-x');
		const w = tablet('tablet-w');
		x.start(T0, ['ana', 'bob']);
		x.hand('bob', T0 + 20 * MIN);
		x.hand('ana', T0 + 20 * MIN);
		w.hand('bob', T0 + 20 * MIN);
		expect(rowsOf(s, [...x.events, ...w.events], T0 + 21 * MIN).map((r) => [r.deviceId, r.seq])).toEqual([
			['tablet-w', 1],
			['tablet-x', 2],
			['tablet-x', 3]
		]);
	});

	it('names the relay puzzle finish that counts, with its counted time', () => {
		const relay = competition('czjpa-team-relay', ['Team A'], 4);
		const t = tablet();
		t.start(T0, ['team a']);
		const first = t.puzzleFinished('team a', T0 + 20 * MIN, 'p1-2', ['team a-m3']);
		t.confirm(first, T0 + 21 * MIN);
		t.puzzleFinished('team a', T0 + 22 * MIN, 'p1-2', ['team a-m3']);
		const got = rowsOf(relay, t.events, T0 + 30 * MIN);
		expect(got.map((r) => [r.puzzleId, r.status, r.countedMs])).toEqual([
			['p1-2', 'counts', 20 * MIN],
			['p1-2', 'not-counted', null]
		]);
		expect(got[0]!.table).toBeNull();
	});

	it('filters by competition, heat, table and tablet, and offers the values there are', () => {
		expect(filterFinishRows(rows, { table: '10' }).map((r) => r.entryName)).toEqual(['Cyril', 'Dana']);
		expect(filterFinishRows(rows, { deviceIds: ['tablet-a'], table: '2' }).map((r) => r.entryName)).toEqual(['Ana']);
		expect(filterFinishRows(rows, { deviceIds: ['tablet-a', 'tablet-b'], table: '2' }).map((r) => r.entryName)).toEqual(['Bob', 'Ana', 'Ana', 'Bob']);
		expect(filterFinishRows(rows, { competitionId: 'comp', heat: 'comp/heat-1' })).toHaveLength(rows.length);
		expect(filterFinishRows(rows, { heat: 'other/heat-1' })).toEqual([]);
		expect(filterFinishRows(rows, { competitionId: 'other' })).toEqual([]);
		expect(filterFinishRows(rows, { table: '' })).toHaveLength(rows.length);
		expect(filterOptions(rows)).toEqual({
			competitions: [{ id: 'comp', name: setup.competition.name }],
			heats: [{ key: 'comp/heat-1', id: 'heat-1', name: 'Heat 1', competitionId: 'comp', label: 'Heat 1' }],
			tables: ['2', '10'],
			deviceIds: ['tablet-a', 'tablet-b']
		});
		expect(filterOptions(rows, 'other').heats).toEqual([]);
	});

	it('lists each heat once; two competitions’ heats of one name are told apart by their competition', () => {
		const other = { ...setup, competition: { ...setup.competition, id: 'kids', name: 'Kids' }, entries: setup.entries.map((e) => ({ ...e, competitionId: 'kids' })) };
		const k = new DeviceLog({ deviceId: 'tablet-k', judge: 'Judge', competitionId: 'kids', heatId: 'heat-1' });
		k.start(T0, ['ana']);
		k.finish('ana', T0 + 20 * MIN);
		const both = [
			...rows,
			...finishRows({
				log: k.events,
				setup: { competitions: [other.competition], heats: [{ id: 'heat-1', competitionId: 'kids', name: 'Heat 1' }], entries: other.entries },
				standings: [{ competition: other.competition, standings: score(other, k.events, T0 + 95 * MIN) }]
			})
		];
		expect(filterOptions(both).heats.map((h) => [h.key, h.label])).toEqual([
			['comp/heat-1', `Heat 1 · ${setup.competition.name}`],
			['kids/heat-1', 'Heat 1 · Kids']
		]);
		expect(filterOptions(both, 'kids').heats.map((h) => h.label)).toEqual(['Heat 1']);
		expect(filterFinishRows(both, { heat: 'kids/heat-1' }).map((r) => r.deviceId)).toEqual(['tablet-k']);
	});
});
