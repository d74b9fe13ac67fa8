import { describe, expect, it } from 'vitest';
import type { JudgeEvent } from '$lib/events/schema';
import { EventLog } from '$lib/db/event-log';
import { listSetup, saveSetup } from '$lib/db/setup-store';
import { choiceTree } from '$lib/station/choice-tree';
import { quickSetup } from '$lib/station/quick-setup';
import { pushOutbox } from './push';
import { SyncApi } from './api';
import { FakeSyncServer, freshDb, pairingFor, SERVER, TOKEN } from './fake-server.testkit';
import { cursorKey, pullEvents, pullSetup, readCursor } from './pull';

const T0 = Date.UTC(2026, 4, 16, 9);

function event(deviceId: string, seq: number, note = 'n'): JudgeEvent {
	return { id: `${deviceId}-${seq}`, deviceId, seq, at: T0 + seq, mono: seq, judge: 'Ana', competitionId: 'c1', heatId: null, entryId: null, type: 'incident.noted', payload: { note } } as JudgeEvent;
}

function setUp() {
	const db = freshDb();
	const server = new FakeSyncServer(() => T0);
	server.addCompetition({ id: 'c1', eventId: 'ev1', name: 'Individual', ruleset: { id: 'czjpa-individual', version: 1 } });
	const api = new SyncApi({ server: SERVER, token: TOKEN, fetch: server.fetch, setTimeout, clearTimeout });
	return { db, server, api, pairing: pairingFor() };
}

describe('pullEvents', () => {
	it('pages while the server says there are more, and stores the cursor after the events', async () => {
		const { db, server, api, pairing } = setUp();
		for (let i = 1; i <= 7; i++) server.storeFromElsewhere(event('tab-b', i));
		const outcome = await pullEvents(db, api, pairing, 3);
		expect(outcome.pages).toBe(3);
		expect(outcome.added.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(await db.events.count()).toBe(7);
		expect(await readCursor(db, pairing)).toBe(7);
		// Pulled events are the server's already: not queued.
		expect(await db.outbox.count()).toBe(0);

		// Next time it asks from the cursor and gets only what is new.
		server.storeFromElsewhere(event('tab-b', 8));
		const again = await pullEvents(db, api, pairing, 3);
		expect(again.added.map((e) => e.seq)).toEqual([8]);
		const pulls = server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/judge-events'));
		expect(pulls.length).toBe(4);
		expect(await readCursor(db, pairing)).toBe(8);
	});

	it('never replaces an event it holds', async () => {
		const { db, server, api, pairing } = setUp();
		const mine = event('tab-a', 1, 'mine');
		await db.events.add(mine);
		server.storeFromElsewhere({ ...mine, payload: { note: 'theirs' } } as JudgeEvent);
		server.storeFromElsewhere(event('tab-b', 1));
		const outcome = await pullEvents(db, api, pairing);
		expect(outcome.added.map((e) => e.id)).toEqual(['tab-b-1']);
		expect(((await db.events.get('tab-a-1'))!.payload as { note: string }).note).toBe('mine');
	});

	it('keeps the cursor when a page fails, so nothing is skipped', async () => {
		const { db, server, api, pairing } = setUp();
		for (let i = 1; i <= 4; i++) server.storeFromElsewhere(event('tab-b', i));
		await db.meta.put({ key: cursorKey(pairing), value: 1 });
		server.failWith = [503];
		await expect(pullEvents(db, api, pairing, 2)).rejects.toMatchObject({ kind: 'server', status: 503 });
		expect(await readCursor(db, pairing)).toBe(1);
		expect(await db.events.count()).toBe(0);
		await pullEvents(db, api, pairing, 2);
		expect((await db.events.toArray()).map((e) => e.seq).sort()).toEqual([2, 3, 4]);
	});

	it('stores the set-up the server sends', async () => {
		const { db, api, pairing } = setUp();
		await pullSetup(db, api, pairing);
		expect((await db.competitions.get('c1'))!.name).toBe('Individual');
		expect((await db.days.get('ev1'))!.name).toBe('Puzzle day');
	});
});

describe('pullSetup', () => {
	it('removes the day of a quick set-up once the server adopted its competition, keeping everything recorded (issue 11, point 9)', async () => {
		const { db, server, api, pairing } = setUp();
		// A blank tablet: a quick set-up (its own day) and a heat judged, before any pairing.
		const made = quickSetup({ presetId: 'czjpa-individual', seatNames: ['Ana', 'Bohdan'], day: '2026-12-03', suffix: 'abcd1234' });
		if (!made.ok) throw new Error('not set up');
		await saveSetup(db, made.value.bundle);
		const log = await EventLog.open(db);
		const { competitionId, heatId } = made.value;
		const seats = made.value.bundle.entries.map((e) => e.id);
		await log.append({ at: T0, mono: 0, judge: 'Eva', competitionId, heatId, entryId: null, type: 'heat.start', payload: { entryIds: seats, previewMs: 0 } });
		await log.append({ at: T0 + 60_000, mono: 60_000, judge: 'Eva', competitionId, heatId, entryId: seats[0]!, type: 'hand.raised', payload: {} });
		const recorded = await db.events.toArray();

		// Paired later: the pairing stores the event's set-up, the push carries the quick set-up,
		// the server adopts it into its event, and the next pull brings it back under that event.
		await pullSetup(db, api, pairing);
		await pushOutbox({ db, api, pairing, clock: null, now: () => T0 });
		expect(server.competitions.get(competitionId)?.eventId).toBe('ev1');
		await pullSetup(db, api, pairing);

		expect((await db.days.toArray()).map((d) => d.id)).toEqual(['ev1']);
		expect((await db.competitions.get(competitionId))?.eventId).toBe('ev1');
		expect((await db.heats.get(heatId))?.name).toBe('Heat 1');
		expect((await db.entries.where('competitionId').equals(competitionId).toArray()).map((e) => e.name)).toEqual(['Ana', 'Bohdan']);
		expect(await db.events.toArray()).toEqual(recorded);
		// The station lists one event, the paired one, holding both competitions: no empty day.
		const tree = choiceTree(await listSetup(db));
		expect(tree.map((e) => [e.key, e.children.map((c) => c.key).sort()])).toEqual([['ev1', ['c1', competitionId].sort()]]);
	});
});
