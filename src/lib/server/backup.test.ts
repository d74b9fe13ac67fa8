import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { quickSetup } from '$lib/station/quick-setup';
import { makeBackup, restoreBackup } from './backup';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import { addDevice, listDevices, revokeDevice } from './devices';
import { answerOf } from './http-error.testkit';
import { eventSetup } from './organizer-setup';
import { Store } from './store';
import { finalize, listVersions, publish, readVersion } from './publications';
import { pushEvents } from './sync-push';
import { authenticate, issueToken } from './tokens';

const T0 = Date.UTC(2026, 4, 16, 9);
let dirs: string[] = [];
let stores: Store[] = [];

function fresh(seedDemo: boolean): Store {
	const dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-backup-'));
	dirs.push(dir);
	const store = seedDemo ? openStore(dir) : Store.open(dir);
	stores.push(store);
	return store;
}

beforeEach(() => {
	dirs = [];
	stores = [];
});
afterEach(() => {
	for (const s of stores) s.close();
	for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The demo event with a judge, a revoked display, pushed events (with a clock report) and a tablet-made competition. */
function busyServer() {
	const store = fresh(true);
	const judge = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'judge', label: 'Table 1', now: T0 });
	const display = addDevice(store, DEMO_EVENT_ID, { role: 'display', label: 'Hall' }, 'http://x', T0);
	revokeDevice(store, DEMO_EVENT_ID, display.device.id, T0 + 1);
	const log = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'demo-czjpa-individual', heatId: 'demo-czjpa-individual-h1' });
	const q = quickSetup({ presetId: 'es-adult-individual', seatNames: ['Ana'], day: '2026-05-16', suffix: 'qqqq' });
	if (!q.ok) throw new Error('quick set-up');
	// The same tablet (a judge's token pushes its own device's events only), its numbers going on.
	const qlog = new DeviceLog({ deviceId: 'tab-1', judge: 'Luis', competitionId: q.value.competitionId, heatId: q.value.heatId, firstSeq: 3 });
	pushEvents(store, judge, { events: [log.start(T0, ['demo-czjpa-individual-e1']), log.hand('demo-czjpa-individual-e1', T0 + 60_000)], clock: { offsetMs: 4, roundTripMs: 9, measuredAt: T0 } }, T0 + 100);
	pushEvents(store, judge, { events: [qlog.start(T0, [q.value.bundle.entries[0]!.id])], setup: q.value.bundle }, T0 + 200);
	// Results published twice, the second version final.
	publish(store, DEMO_EVENT_ID, 'demo-czjpa-individual', { now: T0 + 300 });
	publish(store, DEMO_EVENT_ID, 'demo-czjpa-individual', { now: T0 + 400, note: 'corrected' });
	finalize(store, DEMO_EVENT_ID, 'demo-czjpa-individual', T0 + 500);
	return { store, judge, display };
}

describe('backup and restore', () => {
	it('a restored backup holds the same set-up, events (in order, with time received), devices and tokens; its backup is identical', () => {
		const { store, judge, display } = busyServer();
		const backup = makeBackup(store, DEMO_EVENT_ID, T0 + 1000);
		expect(backup.judgeEvents.map((j) => j.receivedAt)).toEqual([T0 + 100, T0 + 100, T0 + 200]);
		// Through JSON, as the file travels.
		const target = fresh(false);
		const restored = restoreBackup(target, JSON.parse(JSON.stringify(backup)));
		expect(restored).toEqual({ eventId: DEMO_EVENT_ID, counts: { competitions: 10, heats: 10, entries: backup.entries.length, judgeEvents: 3, devices: 2, publications: 2, merges: 0 } });
		expect(eventSetup(target, DEMO_EVENT_ID)).toEqual(eventSetup(store, DEMO_EVENT_ID));
		expect(target.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 100)).toEqual(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 100));
		expect(listDevices(target, DEMO_EVENT_ID)).toEqual(listDevices(store, DEMO_EVENT_ID));
		expect(authenticate(target, judge.token)?.id).toBe(judge.id);
		expect(authenticate(target, display.token)).toBeNull(); // still revoked
		expect(listVersions(target, 'demo-czjpa-individual')).toEqual(listVersions(store, 'demo-czjpa-individual'));
		expect(readVersion(target, DEMO_EVENT_ID, 'demo-czjpa-individual', 1)).toEqual(readVersion(store, DEMO_EVENT_ID, 'demo-czjpa-individual', 1));
		expect(makeBackup(target, DEMO_EVENT_ID, T0 + 1000)).toEqual(backup);
	});

	it('refuses a backup of an event already there (409), and anything not a backup (400), storing nothing', () => {
		const { store } = busyServer();
		const backup = makeBackup(store, DEMO_EVENT_ID, T0);
		expect(answerOf(() => restoreBackup(store, backup)).status).toBe(409);
		const target = fresh(false);
		const forged = { ...backup.publications[0]!, snapshot: { ...backup.publications[0]!.snapshot, rows: [{ place: 'first' }] } };
		for (const bad of [null, {}, { ...backup, format: 'other' }, { ...backup, judgeEvents: [{ event: { id: 'x' }, receivedAt: 1, tokenId: null }] }, { ...backup, publications: [forged] }]) {
			const answer = answerOf(() => restoreBackup(target, bad));
			expect(answer.status).toBe(400);
			expect(answer.message).toMatch(/^not a puzzle-judge-backup file of version 1: /);
		}
		// A publication of a competition the backup does not hold.
		const elsewhere = { ...backup.publications[0]!, competitionId: 'autumn-solo' };
		expect(answerOf(() => restoreBackup(target, { ...backup, publications: [elsewhere] }))).toEqual({ status: 400, message: expect.stringMatching(/not of a competition of the event/) });
		expect(target.countEvents()).toBe(0);
		expect(answerOf(() => makeBackup(target, 'nowhere', 1)).status).toBe(404);
	});
});
