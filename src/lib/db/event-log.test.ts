import { describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StationDb } from './station-db';
import { EVENTS_CHANNEL, EventLog } from './event-log';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';

const T0 = Date.UTC(2026, 4, 16, 9);

describe('EventLog.eventCountsByHeat', () => {
	it('counts the stored events of each heat, other devices’ included, and leaves out events without a heat', async () => {
		const db = new StationDb(`test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
		const log = await EventLog.open(db);
		expect(await log.eventCountsByHeat()).toEqual([]);

		const hand = (competitionId: string, heatId: string, at: number) =>
			log.append({ at, mono: at - T0, judge: 'Eva', competitionId, heatId, entryId: 'e1', type: 'hand.raised', payload: {} });
		await hand('c2', 'h1', T0);
		await hand('c1', 'h2', T0 + 1);
		await hand('c2', 'h1', T0 + 2);
		await hand('c1', 'h1', T0 + 3);
		await hand('c2', 'h1', T0 + 4);
		await log.append({ at: T0 + 5, mono: 5, judge: 'Eva', competitionId: 'c1', heatId: null, entryId: null, type: 'incident.noted', payload: { note: 'fire drill' } });
		// An event another tablet made, merged into this one's store.
		await db.events.add({ ...(await db.events.get(`${log.deviceId}-1`))!, id: 'tab-other-1', deviceId: 'tab-other', seq: 1 });

		expect(await log.eventCountsByHeat()).toEqual([
			{ competitionId: 'c1', heatId: 'h1', count: 1 },
			{ competitionId: 'c1', heatId: 'h2', count: 1 },
			{ competitionId: 'c2', heatId: 'h1', count: 4 }
		]);
	});
});

describe('EventLog.append', () => {
	it('skips a number whose ID an event of another device already holds on this tablet (pulled or imported)', async () => {
		const db = new StationDb(`test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
		const log = await EventLog.open(db);
		// Another device's event under the ID this tablet's next event would get.
		await db.events.add({ id: `${log.deviceId}-1`, deviceId: 'tab-other', seq: 7, at: T0, mono: 0, judge: 'X', competitionId: 'c1', heatId: 'h1', entryId: null, type: 'incident.noted', payload: { note: 'first' } });
		const stored = await log.append({ at: T0 + 1, mono: 1, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: 'e1', type: 'hand.raised', payload: {} });
		expect(stored).toMatchObject({ id: `${log.deviceId}-2`, seq: 2, deviceId: log.deviceId });
		expect((await db.events.get(`${log.deviceId}-1`))?.deviceId).toBe('tab-other');
	});
});

describe('EventLog.append issues its write at once', () => {
	const draft = { at: T0, mono: 0, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: 'e1', type: 'hand.raised', payload: {} } as const;

	/** The read-write transactions created on the log's connection, each with whether append had returned yet. */
	function watchTransactions(db: StationDb) {
		const idb = db.backendDB();
		const created: { stores: string[]; durability: string; returned: boolean }[] = [];
		const state = { returned: false };
		const transaction = idb.transaction.bind(idb);
		idb.transaction = ((names: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) => {
			if (mode === 'readwrite') created.push({ stores: [names].flat(), durability: options?.durability ?? 'default', returned: state.returned });
			return transaction(names, mode, options);
		}) as typeof idb.transaction;
		return { created, state };
	}

	it('creates the strict transaction of the event and its outbox row before append returns (in the tap’s own handler)', async () => {
		const db = new StationDb(`test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
		const log = await EventLog.open(db);
		const { created, state } = watchTransactions(db);
		const written = log.append(draft);
		state.returned = true;
		expect(created).toEqual([{ stores: ['events', 'outbox'], durability: 'strict', returned: false }]);
		const stored = await written;
		expect(await db.events.get(stored.id)).toEqual(stored);
		expect((await db.outbox.toArray()).map((r) => r.id)).toEqual([stored.id]);
	});

	it('a second append while the first is being written waits for it, and takes the next number', async () => {
		const db = new StationDb(`test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
		const log = await EventLog.open(db);
		const { created } = watchTransactions(db);
		const first = log.append(draft);
		const second = log.append({ ...draft, at: T0 + 1 });
		expect(created).toHaveLength(1);
		expect([(await first).seq, (await second).seq]).toEqual([1, 2]);
		expect(created).toHaveLength(2);
		// Idle again: the next one is issued at once.
		const third = log.append({ ...draft, at: T0 + 2 });
		expect(created).toHaveLength(3);
		expect((await third).seq).toBe(3);
	});

	it('writes through Dexie, which reopens it, when the connection was closed (e.g. by a version change)', async () => {
		const db = new StationDb(`test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
		const log = await EventLog.open(db);
		db.close({ disableAutoOpen: false });
		const stored = await log.append(draft);
		expect(await db.events.get(stored.id)).toEqual(stored);
		expect(await db.outbox.count()).toBe(1);
	});
});

describe('EventLog: the tablet’s other tabs', () => {
	const draft = { at: T0, mono: 0, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: 'e1', type: 'hand.raised', payload: {} } as const;

	/** Two tabs of one tablet: two logs on the same database, each with its own connection. */
	async function twoTabs() {
		const indexedDB = new IDBFactory();
		const name = `test-${Math.random()}`;
		const writer = await EventLog.open(new StationDb(name, { indexedDB, IDBKeyRange }));
		const reader = await EventLog.open(new StationDb(name, { indexedDB, IDBKeyRange }));
		return { writer, reader };
	}

	/** The next event the reader hears of from another tab. */
	const heard = (log: EventLog) =>
		new Promise<JudgeEvent>((resolve) => {
			const stop = log.onOtherTab((event) => {
				stop();
				resolve(event);
			});
		});

	it('hears another tab’s stored event without parsing it again (issue 31 #5: the writer checked it)', async () => {
		const { writer, reader } = await twoTabs();
		const parse = vi.spyOn(JudgeEventSchema, 'safeParse');
		try {
			const next = heard(reader);
			const stored = await writer.append(draft);
			const calls = parse.mock.calls.length;
			expect(calls).toBe(1);
			expect(await next).toEqual(stored);
			expect(parse.mock.calls.length).toBe(calls);
		} finally {
			parse.mockRestore();
			writer.close();
			reader.close();
		}
	});

	it('continues its numbers after the other tab’s, and ignores a message that is not an event', async () => {
		const { writer, reader } = await twoTabs();
		try {
			const channel = new BroadcastChannel(`${EVENTS_CHANNEL}:${(reader as unknown as { db: StationDb }).db.name}`);
			const next = heard(reader);
			channel.postMessage({ hello: 'not an event' });
			channel.close();
			const stored = await writer.append(draft);
			expect(await next).toEqual(stored);
			expect((await reader.append(draft)).seq).toBe(stored.seq + 1);
		} finally {
			writer.close();
			reader.close();
		}
	});
});
