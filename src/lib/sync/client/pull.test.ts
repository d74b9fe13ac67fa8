import { describe, expect, it } from 'vitest';
import type { JudgeEvent } from '$lib/events/schema';
import { EventLog } from '$lib/db/event-log';
import { listSetup, saveSetup } from '$lib/db/setup-store';
import { choiceTree } from '$lib/station/choice-tree';
import { quickSetup } from '$lib/station/quick-setup';
import { pushOutbox } from './push';
import { SyncApi } from './api';
import { FakeSyncServer, freshDb, pairingFor, SERVER, TOKEN } from './fake-server.testkit';
import { ERASED } from '$lib/events/erasure';
import { cursorKey, cursorStoreKey, pullEvents, pullSetup, readCursor, readPosition } from './pull';

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

	it('issue 29 #4: takes the redaction of an event it holds (an erasure on the server), and nothing else in its place', async () => {
		const { db, server, api, pairing } = setUp();
		const checkIn = { id: 'desk-1', deviceId: 'desk', seq: 1, at: T0, mono: 0, judge: 'Door', competitionId: 'c1', heatId: null, entryId: 'r1', type: 'entry.checked-in', payload: { paid: true, accompaniedBy: 'Guardian Six' } } as JudgeEvent;
		await db.events.add(checkIn);
		server.storeFromElsewhere({ ...checkIn, payload: { paid: true, accompaniedBy: ERASED } } as JudgeEvent);
		const outcome = await pullEvents(db, api, pairing);
		expect(outcome.redacted.map((e) => e.id)).toEqual(['desk-1']);
		expect(outcome.added).toEqual([]);
		expect((await db.events.get('desk-1'))!.payload).toEqual({ paid: true, accompaniedBy: ERASED });
		expect(JSON.stringify(await db.events.toArray())).not.toContain('Guardian Six');
		// Another change under the same ID is not a redaction: the held copy stays.
		const other = { ...checkIn, id: 'desk-2', seq: 2, payload: { paid: true, accompaniedBy: 'Guardian Seven' } } as JudgeEvent;
		await db.events.add(other);
		server.storeFromElsewhere({ ...other, payload: { paid: false, accompaniedBy: ERASED } } as JudgeEvent);
		expect((await pullEvents(db, api, pairing)).redacted).toEqual([]);
		expect((await db.events.get('desk-2'))!.payload).toEqual({ paid: true, accompaniedBy: 'Guardian Seven' });
	});

	it('keeps the cursor when a page fails, so nothing is skipped', async () => {
		const { db, server, api, pairing } = setUp();
		for (let i = 1; i <= 4; i++) server.storeFromElsewhere(event('tab-b', i));
		await db.meta.bulkPut([
			{ key: cursorKey(pairing), value: 1 },
			{ key: cursorStoreKey(pairing), value: server.storeId }
		]);
		server.failWith = [503];
		await expect(pullEvents(db, api, pairing, 2)).rejects.toMatchObject({ kind: 'server', status: 503 });
		expect(await readCursor(db, pairing)).toBe(1);
		expect(await db.events.count()).toBe(0);
		await pullEvents(db, api, pairing, 2);
		expect((await db.events.toArray()).map((e) => e.seq).sort()).toEqual([2, 3, 4]);
	});

	it('a cursor counts in one store: after the server was restored into another data directory, the tablet pulls again from 0 and sees every event (issue 12, point 4)', async () => {
		const { db, server, pairing } = setUp();
		const tablet = (s: FakeSyncServer) => new SyncApi({ server: SERVER, token: TOKEN, fetch: s.fetch, setTimeout, clearTimeout });
		for (let i = 1; i <= 5; i++) server.storeFromElsewhere(event('tab-b', i));
		await pullEvents(db, tablet(server), pairing, 2);
		expect(await readPosition(db, pairing)).toEqual({ cursor: 5, store: 'store-1' });
		// The backup is taken now; the first server goes on a little (the tablet pulls that too), then is lost.
		const restored = server.restoredCopy('store-2');
		for (let i = 6; i <= 8; i++) server.storeFromElsewhere(event('tab-b', i));
		await pullEvents(db, tablet(server), pairing, 2);
		expect(await readCursor(db, pairing)).toBe(8);
		// The restored server numbers new events after its highest (5): 6, 7, 8 … below the tablet's cursor.
		for (let i = 1; i <= 4; i++) restored.storeFromElsewhere(event('tab-c', i));
		expect(restored.eventsOf().length).toBe(9);
		const outcome = await pullEvents(db, tablet(restored), pairing, 2);
		expect(outcome.restarted).toBe(true);
		expect(outcome.added.map((e) => e.id)).toEqual(['tab-c-1', 'tab-c-2', 'tab-c-3', 'tab-c-4']);
		expect(await readPosition(db, pairing)).toEqual({ cursor: 9, store: 'store-2' });
		const ids = (await db.events.toArray()).map((e) => e.id);
		for (const e of restored.eventsOf()) expect(ids).toContain(e.id);
		// From then on it pulls from its cursor again.
		restored.storeFromElsewhere(event('tab-c', 5));
		const next = await pullEvents(db, tablet(restored), pairing, 2);
		expect(next).toMatchObject({ restarted: false, pages: 1 });
		expect(next.added.map((e) => e.id)).toEqual(['tab-c-5']);
	});

	it('a cursor kept without its store (an older version of the app) starts over once; a server that sends no store is read as before', async () => {
		const { db, server, api, pairing } = setUp();
		for (let i = 1; i <= 4; i++) server.storeFromElsewhere(event('tab-b', i));
		await db.meta.put({ key: cursorKey(pairing), value: 3 });
		const outcome = await pullEvents(db, api, pairing);
		expect(outcome.restarted).toBe(true);
		expect(outcome.added.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
		expect(await readPosition(db, pairing)).toEqual({ cursor: 4, store: 'store-1' });

		const old = setUp();
		old.server.storeId = null;
		for (let i = 1; i <= 4; i++) old.server.storeFromElsewhere(event('tab-b', i));
		await old.db.meta.put({ key: cursorKey(old.pairing), value: 3 });
		const plain = await pullEvents(old.db, old.api, old.pairing);
		expect(plain).toMatchObject({ restarted: false, pages: 1 });
		expect(plain.added.map((e) => e.seq)).toEqual([4]);
		expect(await readPosition(old.db, old.pairing)).toEqual({ cursor: 4, store: null });
	});

	describe('scoped to one competition (issue 18: each device pulls what it needs)', () => {
		const inC2 = (deviceId: string, seq: number): JudgeEvent => ({ ...event(deviceId, seq), competitionId: 'c2' }) as JudgeEvent;
		const c1 = { competitionId: 'c1' };
		const c2 = { competitionId: 'c2' };

		it('pulls only that competition, with a cursor of its own; a competition opened later is fetched from its start', async () => {
			const { db, server, api, pairing } = setUp();
			for (let i = 1; i <= 6; i++) server.storeFromElsewhere(i % 2 ? event('tab-b', i) : inC2('tab-b', i));
			const outcome = await pullEvents(db, api, pairing, 2, c1);
			expect(outcome.added.map((e) => e.seq)).toEqual([1, 3, 5]);
			expect(outcome.pages).toBe(2);
			expect(await readPosition(db, pairing, c1)).toEqual({ cursor: 5, store: 'store-1' });
			// Neither the pull of everything nor another competition moved.
			expect(await db.meta.get(cursorKey(pairing))).toBeUndefined();
			expect(await db.meta.get(cursorKey(pairing, c2))).toBeUndefined();
			// The tablet opens c2: fetched from its start, its own cursor after it.
			const opened = await pullEvents(db, api, pairing, 2, c2);
			expect(opened.added.map((e) => e.seq)).toEqual([2, 4, 6]);
			expect(await readCursor(db, pairing, c2)).toBe(6);
			// Each goes on from its own cursor.
			server.storeFromElsewhere(event('tab-b', 7));
			expect((await pullEvents(db, api, pairing, 2, c1)).added.map((e) => e.seq)).toEqual([7]);
			expect((await pullEvents(db, api, pairing, 2, c2)).added).toEqual([]);
		});

		it('a device that pulled everything before scopes came goes on from that cursor, in the same store, without pulling again', async () => {
			const { db, server, api, pairing } = setUp();
			for (let i = 1; i <= 4; i++) server.storeFromElsewhere(i % 2 ? event('tab-b', i) : inC2('tab-b', i));
			await pullEvents(db, api, pairing);
			expect(await readPosition(db, pairing)).toEqual({ cursor: 4, store: 'store-1' });
			server.storeFromElsewhere(event('tab-b', 5));
			server.storeFromElsewhere(inC2('tab-b', 6));
			const scoped = await pullEvents(db, api, pairing, 1000, c1);
			expect(scoped).toMatchObject({ restarted: false, pages: 1 });
			expect(scoped.added.map((e) => e.seq)).toEqual([5]);
			expect(await readPosition(db, pairing, c1)).toEqual({ cursor: 5, store: 'store-1' });
			expect((await pullEvents(db, api, pairing, 1000, c1)).restarted).toBe(false);
		});

		it('a scope’s cursor counts in one store too: after a restore elsewhere it starts over from 0', async () => {
			const { db, server, pairing } = setUp();
			const tablet = (s: FakeSyncServer) => new SyncApi({ server: SERVER, token: TOKEN, fetch: s.fetch, setTimeout, clearTimeout });
			for (let i = 1; i <= 3; i++) server.storeFromElsewhere(event('tab-b', i));
			await pullEvents(db, tablet(server), pairing, 1000, c1);
			const restored = server.restoredCopy('store-2');
			restored.storeFromElsewhere(event('tab-c', 1));
			restored.storeFromElsewhere(inC2('tab-c', 2));
			const outcome = await pullEvents(db, tablet(restored), pairing, 1000, c1);
			expect(outcome.restarted).toBe(true);
			expect(outcome.added.map((e) => e.id)).toEqual(['tab-c-1']);
			expect(await readPosition(db, pairing, c1)).toEqual({ cursor: 4, store: 'store-2' });
			expect(await db.meta.get(cursorKey(pairing))).toBeUndefined();
		});
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
