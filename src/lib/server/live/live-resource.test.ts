import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceLog } from '$lib/events/builder';
import { presetById } from '$lib/rules/presets';
import { LiveCompetitionSchema, LiveEventSchema } from '$lib/contract';
import { answerOf } from '../http-error.testkit';
import { publish } from '../publications';
import { Store } from '../store';
import { liveCompetitionOf, liveEventOf } from './live-resource';
import { isLive, setLive } from './live-settings';

const T0 = Date.UTC(2026, 4, 16, 9);
const MIN = 60_000;
const RULESET = presetById('czjpa-individual')!;
const rs = { id: RULESET.id, version: RULESET.version };
let dir: string;
let store: Store;

/** Event "spring": "solo" in two heats (Anna, Bea | Cyril, Dana), qualifying for "final"; "pairs" never live. */
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-live-'));
	store = Store.open(dir);
	store.insertSetup({
		events: [{ id: 'spring', name: 'Spring Cup', date: '2026-05-16' }],
		rulesets: [RULESET],
		competitions: [
			{ id: 'solo', eventId: 'spring', name: 'Solo', ruleset: rs, advancesTo: { competitionId: 'final', rule: { mode: 'overall', count: 2 } } },
			{ id: 'final', eventId: 'spring', name: 'Final', ruleset: rs },
			{ id: 'pairs', eventId: 'spring', name: 'Pairs', ruleset: rs }
		],
		heats: [
			{ id: 'h1', competitionId: 'solo', name: 'Heat 1' },
			{ id: 'h2', competitionId: 'solo', name: 'Heat 2' },
			{ id: 'p1', competitionId: 'pairs', name: 'Heat 1' }
		],
		entries: [
			{ id: 'anna', competitionId: 'solo', heatId: 'h1', name: 'Anna', members: [{ id: 'm-anna', name: 'Anna', birthDate: '2001-02-03', country: 'CZ' }] },
			{ id: 'bea', competitionId: 'solo', heatId: 'h1', name: 'Bea', members: [] },
			{ id: 'cyril', competitionId: 'solo', heatId: 'h2', name: 'Cyril', members: [] },
			{ id: 'dana', competitionId: 'solo', heatId: 'h2', name: 'Dana', members: [] },
			{ id: 'pia', competitionId: 'pairs', heatId: 'p1', name: 'Pia & Petr', members: [] }
		]
	});
});

afterEach(() => {
	store.close();
	rmSync(dir, { recursive: true, force: true });
});

/** Heat 1 judged (Anna 40 min, Bea 55); heat 2 started at T0 + 2 h, Cyril finished in 30 min, Dana still going. */
function judge() {
	const t1 = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'solo', heatId: 'h1' });
	t1.start(T0, ['anna', 'bea']);
	t1.finish('anna', T0 + 40 * MIN);
	t1.finish('bea', T0 + 55 * MIN);
	const t2 = new DeviceLog({ deviceId: 'tab-2', judge: 'Jan', competitionId: 'solo', heatId: 'h2' });
	t2.start(T0 + 120 * MIN, ['cyril', 'dana']);
	t2.finish('cyril', T0 + 150 * MIN);
	store.appendJudgeEvents([...t1.events, ...t2.events], { eventId: 'spring' });
}

const on = (competitionId: string) => setLive(store, 'spring', competitionId, { show: true }, T0);

describe('the live switch', () => {
	it('is off by default, on with its moment (kept when switched on again), off again', () => {
		expect(isLive(store, 'spring', 'solo')).toBe(false);
		expect(on('solo')).toEqual({ competitionId: 'solo', show: true, since: T0 });
		expect(setLive(store, 'spring', 'solo', { show: true }, T0 + 5)).toEqual({ competitionId: 'solo', show: true, since: T0 });
		expect(setLive(store, 'spring', 'solo', { show: false }, T0 + 9)).toEqual({ competitionId: 'solo', show: false, since: null });
		expect(isLive(store, 'spring', 'solo')).toBe(false);
	});

	it('refuses a bad body (400) and a competition not in the event (404)', () => {
		expect(answerOf(() => setLive(store, 'spring', 'solo', { show: 'yes' }, T0))).toMatchObject({ status: 400 });
		expect(answerOf(() => setLive(store, 'spring', 'nope', { show: true }, T0))).toMatchObject({ status: 404, message: 'no competition "nope" in this event' });
	});
});

describe('the public live resources', () => {
	it('list only the competitions shown live, in set-up order', () => {
		expect(liveEventOf(store, 'spring').competitions).toEqual([]);
		on('pairs');
		on('solo');
		const live = LiveEventSchema.parse(liveEventOf(store, 'spring'));
		expect(live.competitions).toEqual([
			{ id: 'solo', name: 'Solo' },
			{ id: 'pairs', name: 'Pairs' }
		]);
		expect(answerOf(() => liveEventOf(store, 'nowhere'))).toMatchObject({ status: 404 });
	});

	it('say a competition not shown live is not, in the same words as one that does not exist', () => {
		judge();
		const off = answerOf(() => liveCompetitionOf(store, 'spring', 'solo', T0 + 160 * MIN));
		expect(off).toMatchObject({ status: 404, message: 'competition "solo" is not shown live' });
		expect(answerOf(() => liveCompetitionOf(store, 'spring', 'ghost', T0))).toMatchObject({ status: 404, message: 'competition "ghost" is not shown live' });
	});

	it('show the provisional standings, each heat\'s clock, who is still going and the latest finishes', () => {
		judge();
		on('solo');
		const now = T0 + 155 * MIN;
		const live = LiveCompetitionSchema.parse(liveCompetitionOf(store, 'spring', 'solo', now));
		expect(live).toMatchObject({ competition: { id: 'solo', name: 'Solo' }, state: 'provisional', version: null, advancement: { mode: 'overall', count: 2, to: 'Final' } });
		expect(live.rows.map((r) => [r.place, r.name, r.result, r.stillGoing])).toEqual([
			[1, 'Cyril', { kind: 'time', ms: 30 * MIN }, false],
			[2, 'Anna', { kind: 'time', ms: 40 * MIN }, false],
			[3, 'Bea', { kind: 'time', ms: 55 * MIN }, false],
			[null, 'Dana', null, true]
		]);
		expect(live.rows.find((r) => r.name === 'Anna')).toMatchObject({ countries: ['CZ'], heatId: 'h1', status: 'finished' });
		// Two go on to the final: Dana, still going 35 minutes in, can still pass Anna (40) but not Cyril (30).
		expect(live.rows.map((r) => [r.name, r.advancement])).toEqual([
			['Cyril', 'through'],
			['Anna', 'edge'],
			['Bea', null],
			['Dana', null]
		]);
		expect(live.heats).toEqual([
			{ id: 'h1', name: 'Heat 1', phase: 'all-finished', startedAt: T0, limitAt: null, endedAt: T0 + 55 * MIN, stillGoing: 0 },
			{ id: 'h2', name: 'Heat 2', phase: 'running', startedAt: T0 + 120 * MIN, limitAt: T0 + 120 * MIN + RULESET.timeLimitMs, endedAt: null, stillGoing: 1 }
		]);
		expect(live.latest).toEqual([
			{ entryId: 'cyril', at: T0 + 150 * MIN },
			{ entryId: 'bea', at: T0 + 55 * MIN },
			{ entryId: 'anna', at: T0 + 40 * MIN }
		]);
		// Five minutes later Dana can no longer finish ahead of Anna: Anna is through.
		const later = liveCompetitionOf(store, 'spring', 'solo', T0 + 161 * MIN);
		expect(later.rows.find((r) => r.name === 'Anna')?.advancement).toBe('through');
	});

	it('carry names and countries only: no birth date, member IDs, devices or judges', () => {
		judge();
		on('solo');
		const text = JSON.stringify(liveCompetitionOf(store, 'spring', 'solo', T0 + 160 * MIN));
		for (const secret of ['2001-02-03', 'm-anna', 'tab-1', 'Eva', 'Jan']) expect(text).not.toContain(secret);
	});

	it('show the latest published version once there is one, marked published, then final', () => {
		judge();
		on('solo');
		const later = T0 + 300 * MIN;
		publish(store, 'spring', 'solo', { now: later });
		const live = liveCompetitionOf(store, 'spring', 'solo', later);
		expect(live).toMatchObject({ state: 'published', version: 1 });
		expect(live.rows.map((r) => `${r.place} ${r.name}`)).toEqual(['1 Cyril', '2 Anna', '3 Bea', 'null Dana']);
		expect(live.rows.every((r) => !r.stillGoing)).toBe(true);
	});
});
