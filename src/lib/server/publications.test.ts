import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { presetById } from '$lib/rules/presets';
import { answerOf } from './http-error.testkit';
import { finalize, listVersions, publish, publishedCompetitions, publishRequest, readVersion } from './publications';
import { Store } from './store';

const T0 = Date.UTC(2026, 4, 16, 9);
const AFTER = T0 + 4 * 3_600_000;
const RULESET = presetById('czjpa-individual')!;
const rs = { id: RULESET.id, version: RULESET.version };
let dir: string;
let store: Store;

/** Event "spring": competition "solo" in two heats (Anna, Bea | Cyril, Dana), and "pairs" never published; event "autumn" apart. */
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-publications-'));
	store = Store.open(dir);
	store.insertSetup({
		events: [
			{ id: 'spring', name: 'Spring Cup', date: '2026-05-16' },
			{ id: 'autumn', name: 'Autumn Cup', date: '2026-10-10' }
		],
		rulesets: [RULESET],
		competitions: [
			{ id: 'solo', eventId: 'spring', name: 'Solo', ruleset: rs },
			{ id: 'pairs', eventId: 'spring', name: 'Pairs', ruleset: rs },
			{ id: 'autumn-solo', eventId: 'autumn', name: 'Autumn solo', ruleset: rs }
		],
		heats: [
			{ id: 'h1', competitionId: 'solo', name: 'Heat 1' },
			{ id: 'h2', competitionId: 'solo', name: 'Heat 2' },
			{ id: 'p1', competitionId: 'pairs', name: 'Heat 1' }
		],
		entries: [
			{ id: 'anna', competitionId: 'solo', heatId: 'h1', name: 'Anna', members: [] },
			{ id: 'bea', competitionId: 'solo', heatId: 'h1', name: 'Bea', members: [] },
			{ id: 'cyril', competitionId: 'solo', heatId: 'h2', name: 'Cyril', members: [] },
			{ id: 'dana', competitionId: 'solo', heatId: 'h2', name: 'Dana', members: [] }
		]
	});
});

afterEach(() => {
	store.close();
	rmSync(dir, { recursive: true, force: true });
});

/** Both heats judged: Cyril 30 min, Anna 40, Dana 50, Bea 55. Returns Anna's hand raised, for a correction. */
function judgeBothHeats() {
	const t1 = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'solo', heatId: 'h1' });
	t1.start(T0, ['anna', 'bea']);
	const anna = t1.finish('anna', T0 + 40 * 60_000);
	t1.finish('bea', T0 + 55 * 60_000);
	const t2 = new DeviceLog({ deviceId: 'tab-2', judge: 'Jan', competitionId: 'solo', heatId: 'h2' });
	t2.start(T0 + 2 * 3_600_000, ['cyril', 'dana']);
	t2.finish('cyril', T0 + 2 * 3_600_000 + 30 * 60_000);
	t2.finish('dana', T0 + 2 * 3_600_000 + 50 * 60_000);
	store.appendJudgeEvents([...t1.events, ...t2.events], { eventId: 'spring' });
	return { t1, anna };
}

const places = (p: { snapshot: { rows: { name: string; place: number | null }[] } }) => p.snapshot.rows.map((r) => `${r.place} ${r.name}`);

describe('publications', () => {
	it('publishes the standings the shared scorer computes from the stored set-up and events, as version 1', () => {
		judgeBothHeats();
		const p = publish(store, 'spring', 'solo', { now: AFTER });
		expect(p).toMatchObject({ eventId: 'spring', competitionId: 'solo', version: 1, state: 'published', publishedAt: AFTER, protestUntil: null, note: null });
		expect(places(p)).toEqual(['1 Cyril', '2 Anna', '3 Dana', '4 Bea']);
		expect(p.snapshot).toMatchObject({
			event: { id: 'spring', name: 'Spring Cup', date: '2026-05-16', venue: null },
			competition: { id: 'solo', name: 'Solo' },
			ruleset: { id: RULESET.id, version: RULESET.version, timeResolution: RULESET.timeResolution },
			computedAt: AFTER,
			conflicts: 0
		});
		expect(p.snapshot.rows[0]).toMatchObject({ entryId: 'cyril', status: 'finished', finalTimeMs: 30 * 60_000 });
		// What is read back is what was published.
		expect(readVersion(store, 'spring', 'solo', 1)).toEqual(p);
		expect(readVersion(store, 'spring', 'solo')).toEqual(p);
	});

	it('a correction after publishing shows only when re-published, as version 2; version 1 stays as it was', () => {
		const { t1, anna } = judgeBothHeats();
		const v1 = publish(store, 'spring', 'solo', { now: AFTER });
		// Anna's finish was recorded 15 minutes late: the judge replaces it.
		const fix = t1.correct(anna, AFTER + 1000, 'finish recorded late', { type: 'hand.raised', at: T0 + 25 * 60_000, payload: {} });
		store.appendJudgeEvents([fix], { eventId: 'spring' });
		expect(readVersion(store, 'spring', 'solo')).toEqual(v1);

		const v2 = publish(store, 'spring', 'solo', { now: AFTER + 60_000, note: ' Anna: finish time corrected ' });
		expect(v2.version).toBe(2);
		expect(v2.note).toBe('Anna: finish time corrected');
		expect(places(v2)).toEqual(['1 Anna', '2 Cyril', '3 Dana', '4 Bea']);
		expect(readVersion(store, 'spring', 'solo', 1)).toEqual(v1);
		expect(listVersions(store, 'spring', 'solo').map((v) => [v.version, v.state, v.note])).toEqual([
			[1, 'published', null],
			[2, 'published', 'Anna: finish time corrected']
		]);
	});

	it('finalizes the latest version only after its protest window, then refuses any further publication', () => {
		judgeBothHeats();
		const p = publish(store, 'spring', 'solo', { now: AFTER, protestMinutes: 30 });
		expect(p.protestUntil).toBe(AFTER + 30 * 60_000);
		const early = answerOf(() => finalize(store, 'spring', 'solo', AFTER + 29 * 60_000));
		expect(early).toEqual({ status: 409, message: expect.stringContaining(`under protest until ${new Date(AFTER + 30 * 60_000).toISOString()}`) });
		expect(readVersion(store, 'spring', 'solo')!.state).toBe('published');

		const final = finalize(store, 'spring', 'solo', AFTER + 30 * 60_000);
		expect(final).toMatchObject({ version: 1, state: 'final', finalizedAt: AFTER + 30 * 60_000, snapshot: p.snapshot });
		expect(readVersion(store, 'spring', 'solo')).toEqual(final);

		const again = answerOf(() => publish(store, 'spring', 'solo', { now: AFTER + 31 * 60_000 }));
		expect(again.status).toBe(409);
		expect(again.message).toMatch(/final.*locked/);
		expect(answerOf(() => finalize(store, 'spring', 'solo', AFTER + 32 * 60_000))).toEqual({ status: 409, message: expect.stringMatching(/already final/) });
		expect(listVersions(store, 'spring', 'solo')).toHaveLength(1);
	});

	it('refuses a competition of another event or unknown (404), and making final what was never published (409)', () => {
		expect(answerOf(() => publish(store, 'spring', 'autumn-solo', { now: AFTER })).status).toBe(404);
		expect(answerOf(() => publish(store, 'spring', 'nope', { now: AFTER })).status).toBe(404);
		expect(answerOf(() => finalize(store, 'autumn', 'solo', AFTER)).status).toBe(404);
		expect(answerOf(() => finalize(store, 'spring', 'solo', AFTER))).toEqual({ status: 409, message: expect.stringMatching(/no published results/) });
		expect(readVersion(store, 'autumn', 'solo')).toBeUndefined();
	});

	it('publishes despite conflicts, with their count in the snapshot', () => {
		judgeBothHeats();
		// A second tablet also recorded Bea's finish, at another time: a double finish.
		const other = new DeviceLog({ deviceId: 'tab-3', judge: 'Ola', competitionId: 'solo', heatId: 'h1' });
		other.hand('bea', T0 + 54 * 60_000);
		store.appendJudgeEvents(other.events, { eventId: 'spring' });
		const p = publish(store, 'spring', 'solo', { now: AFTER });
		expect(p.snapshot.conflicts).toBeGreaterThan(0);
	});

	it('lists only the published competitions of the event, each with its latest version and every version', () => {
		judgeBothHeats();
		expect(publishedCompetitions(store, 'spring')).toEqual([]);
		publish(store, 'spring', 'solo', { now: AFTER });
		publish(store, 'spring', 'solo', { now: AFTER + 1 });
		const list = publishedCompetitions(store, 'spring');
		expect(list.map((c) => [c.latest.competitionId, c.latest.version, c.versions.map((v) => v.version)])).toEqual([['solo', 2, [1, 2]]]);
		expect(publishedCompetitions(store, 'autumn')).toEqual([]);
	});

	it('validates a request body: 400 with the reason', () => {
		for (const body of [null, {}, { competitionId: 'a b' }, { competitionId: 'solo', protestMinutes: -1 }, { competitionId: 'solo', protestMinutes: 1.5 }, { competitionId: 'solo', note: 5 }]) {
			const a = answerOf(() => publishRequest(store, 'spring', body, AFTER));
			expect(a.status, JSON.stringify(body)).toBe(400);
			expect(a.message.length).toBeGreaterThan(5);
		}
		expect(publishRequest(store, 'spring', { competitionId: 'solo', protestMinutes: 10 }, AFTER).protestUntil).toBe(AFTER + 600_000);
	});
});
