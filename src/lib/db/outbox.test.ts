import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StationDb, STORES_V1 } from './station-db';
import { EventLog } from './event-log';
import { outboxCount, queueEvents } from './outbox';
import type { JudgeEvent } from '$lib/events/schema';

const T0 = Date.UTC(2026, 4, 16, 9);

function freshDb(name = `test-${Math.random()}`, factory = new IDBFactory()): StationDb {
	return new StationDb(name, { indexedDB: factory, IDBKeyRange });
}

const hand = (at: number, entryId = 'e1') =>
	({ at, mono: at - T0, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId, type: 'hand.raised', payload: {} }) as const;

describe('the outbox', () => {
	it('queues every appended event in order, with the time it was queued', async () => {
		const db = freshDb();
		let clock = T0;
		const log = await EventLog.open(db, { now: () => clock++ });
		const a = await log.append(hand(T0));
		const b = await log.append(hand(T0 + 1, 'e2'));
		const rows = await db.outbox.orderBy('n').limit(10).toArray();
		expect(rows.map((r) => r.id)).toEqual([a.id, b.id]);
		expect(rows.map((r) => r.queuedAt)).toEqual([T0, T0 + 1]);
	});

	it('writes the event and its outbox row together or not at all', async () => {
		const db = freshDb();
		const log = await EventLog.open(db);
		// Outbox rows already holding the IDs of every number the log would try make the outbox write fail…
		for (let seq = 1; seq <= 6; seq++) await db.outbox.add({ id: `${log.deviceId}-${seq}`, queuedAt: 0 });
		await expect(log.append(hand(T0))).rejects.toThrow();
		// …and then the event must not be stored either.
		expect(await db.events.count()).toBe(0);
		expect(await outboxCount(db)).toBe(6);
	});

	it('tells onAppend listeners about each stored event, and a throwing listener costs nothing', async () => {
		const db = freshDb();
		const log = await EventLog.open(db);
		const seen: string[] = [];
		log.onAppend(() => {
			throw new Error('listener trouble');
		});
		const off = log.onAppend((e) => seen.push(e.id));
		const a = await log.append(hand(T0));
		off();
		await log.append(hand(T0 + 1));
		expect(seen).toEqual([a.id]);
		expect(await db.events.count()).toBe(2);
	});

	it('queues imported events once: events already held are neither replaced nor queued again', async () => {
		const db = freshDb();
		const log = await EventLog.open(db);
		const own = await log.append(hand(T0));
		await db.outbox.clear(); // as if pushed
		const other: JudgeEvent = { ...own, id: 'tab-other-1', deviceId: 'tab-other', seq: 1 };
		const changedOwn: JudgeEvent = { ...own, at: T0 + 999 };
		const result = await log.importEvents([other, changedOwn, other]);
		expect(result).toEqual({ added: 1, alreadyHeld: 2 });
		expect((await db.events.get(own.id))!.at).toBe(T0);
		expect((await db.outbox.orderBy('n').limit(10).toArray()).map((r) => r.id)).toEqual(['tab-other-1']);
		// Importing again adds nothing.
		expect(await queueEvents(db, [other], T0)).toEqual({ added: 0, alreadyHeld: 1 });
		expect(await outboxCount(db)).toBe(1);
	});

	it('continues this device’s numbers after its own imported events', async () => {
		const db = freshDb();
		const log = await EventLog.open(db);
		const first = await log.append(hand(T0));
		await log.importEvents([{ ...first, id: `${log.deviceId}-7`, seq: 7 }]);
		expect((await log.append(hand(T0 + 1))).seq).toBe(8);
	});

	it('queues the events recorded before the upgrade to version 2, oldest first', async () => {
		const factory = new IDBFactory();
		const name = `test-${Math.random()}`;
		// The version-1 database as earlier releases left it.
		const v1 = new Dexie(name, { indexedDB: factory, IDBKeyRange });
		v1.version(1).stores(STORES_V1);
		const base = { mono: 0, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: 'e1', type: 'hand.raised', payload: {}, deviceId: 'tab-a' };
		await v1.table('events').bulkAdd([
			{ ...base, id: 'tab-a-2', seq: 2, at: T0 + 5 },
			{ ...base, id: 'tab-a-1', seq: 1, at: T0 }
		]);
		v1.close();

		const db = freshDb(name, factory);
		expect((await db.outbox.orderBy('n').limit(10).toArray()).map((r) => r.id)).toEqual(['tab-a-1', 'tab-a-2']);
		expect(await db.events.count()).toBe(2);
	});
});
