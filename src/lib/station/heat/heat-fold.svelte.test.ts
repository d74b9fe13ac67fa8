import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { saveSetup } from '$lib/db/setup-store';
import { quickSetup } from '../quick-setup';
import { HeatFold } from './heat-fold.svelte';
import { freshDb, MIN, quickHeat, reopen, T0 } from './heat.testkit';

/** A heat of two started at T0 (czjpa-individual: 90 minutes, no preview), folded without a tablet. */
function startedHeat() {
	const { q, setup } = quickHeat('czjpa-individual', ['Ana', 'Bob']);
	const judge = new DeviceLog({ deviceId: 'tab-a', judge: 'Eva', competitionId: q.competitionId, heatId: q.heatId });
	const [ana, bob] = q.bundle.entries.map((e) => e.id) as [string, string];
	judge.start(T0, [ana, bob]);
	const fold = new HeatFold({ setup, heatId: q.heatId, table: q.table, events: [...judge.events] });
	return { fold, judge, ana, bob };
}

describe('the heat folded at the time shown', () => {
	it('CZ-IND-FORMAT: between two changes a frame only moves the clocks; the limit folds again', () => {
		const { fold, ana } = startedHeat();
		fold.now = T0 + MIN;
		const foldedAt = fold.foldedAt;
		fold.now = T0 + 2 * MIN;
		expect(fold.foldedAt).toBe(foldedAt);
		expect(fold.outcome(ana)).toMatchObject({ status: 'running', clockMs: 2 * MIN });
		fold.now = T0 + 90 * MIN;
		expect(fold.foldedAt).toBe(T0 + 90 * MIN);
		expect(fold.outcomes.get(ana)!.status).toBe('unfinished');
	});

	it('a tap written after the last frame shows at once: the time shown moves to it', () => {
		const { fold, judge, ana } = startedHeat();
		fold.now = T0 + MIN;
		fold.add([judge.hand(ana, T0 + 2 * MIN)], T0 + 2 * MIN);
		expect(fold.now).toBe(T0 + 2 * MIN);
		expect(fold.outcomes.get(ana)).toMatchObject({ status: 'finished', finishedAt: T0 + 2 * MIN });
	});

	it('events from elsewhere join once each, however often they arrive', () => {
		const { fold, judge, bob } = startedHeat();
		const hand = judge.hand(bob, T0 + 5 * MIN);
		fold.merge([hand]);
		fold.merge([hand, judge.events[0]!]);
		fold.now = T0 + 6 * MIN;
		expect(fold.events.map((e) => e.id)).toEqual(judge.events.map((e) => e.id));
		expect(fold.outcomes.get(bob)!.status).toBe('finished');
	});

	it('the heat’s standings count every seat of the heat, the seats shown only the table’s', () => {
		const { q, setup } = quickHeat('czjpa-individual', ['Ana', 'Bob']);
		const [ana, bob] = setup.entries;
		const split = { ...setup, entries: [{ ...ana!, table: 'T1' }, { ...bob!, table: 'T2' }] };
		const fold = new HeatFold({ setup: split, heatId: q.heatId, table: 't1', events: [] });
		expect(fold.seats.map((s) => s.name)).toEqual(['Ana']);
		expect(fold.standings.rows.map((r) => r.name).sort()).toEqual(['Ana', 'Bob']);
	});
});

describe('a heat at one table', () => {
	it('issue 29 #8: shows the seats whose table reads the same as the one opened ("T1", "t1", "T01")', async () => {
		const db = freshDb();
		const q = quickSetup({ presetId: 'czjpa-individual', seatNames: ['Ana', 'Bob', 'Cyril', 'Dana'], table: 'T1', day: '2026-05-16', suffix: 'abcd1234' });
		if (!q.ok) throw new Error(JSON.stringify(q.issues));
		const [ana, bob, cyril, dana] = q.value.bundle.entries;
		await saveSetup(db, { ...q.value.bundle, entries: [ana!, { ...bob!, table: 't1' }, { ...cyril!, table: 'T01' }, { ...dana!, table: 'T2' }] });
		const session = await reopen(db, q.value.competitionId, q.value.heatId, 'T1');
		expect(session.seats.map((s) => s.name)).toEqual(['Ana', 'Bob', 'Cyril']);
		expect((await reopen(db, q.value.competitionId, q.value.heatId, 't2')).seats.map((s) => s.name)).toEqual(['Dana']);
	});
});
