import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventLog } from '$lib/db/event-log';
import { loadPairing, savePairing } from '$lib/sync/client/pairing';
import { device, PAIRING, until, disconnectAfterEach } from './device.testkit';

const keep = disconnectAfterEach();
afterEach(() => void vi.restoreAllMocks());

describe('DeviceSession: the device, once for the app', () => {
	it('opens one database and one event log, reads the pairing, and starts syncing on that database', async () => {
		const d = device();
		const earlier = d.open(); // paired before this page opened
		await savePairing(earlier, PAIRING);
		earlier.close();
		expect(d.session.state).toBe('opening');
		keep(d.session.connect());
		const { db, log } = await d.session.opened();
		expect(d.opened).toEqual([db]);
		await until(() => d.syncStarts.length === 1);
		expect(d.syncStarts).toEqual([db]);
		expect(d.session.db).toBe(db);
		expect(d.session.log).toBe(log);
		expect(d.session.state).toBe('ready');
		expect(d.session.pairing).toEqual(PAIRING);
		// The sync status is the engine's, on this database.
		d.sync.report({ state: 'online', waiting: 2 });
		expect(d.session.sync.current).toMatchObject({ state: 'online', waiting: 2 });
	});

	it('a live read is read again after an event stored here, another tab’s, a sync, a new pairing and a reported write; never by a timer', async () => {
		const intervals = vi.spyOn(globalThis, 'setInterval');
		const d = device();
		const earlier = d.open(); // paired: the sync runs
		await savePairing(earlier, PAIRING);
		earlier.close();
		keep(d.session.connect());
		const { db, log } = await d.session.opened();
		let reads = 0;
		const live = d.session.live(async ({ db: read, pairing }) => {
			reads++;
			return { events: await read.events.count(), event: pairing?.eventId ?? null };
		});
		keep(live.connect());
		await until(() => live.current?.events === 0);

		const tap = (l: EventLog, entryId: string) =>
			l.append({ at: 1_000_000, mono: 1, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId, type: 'hand.raised', payload: {} });
		await tap(log, 'e1');
		await until(() => live.current?.events === 1);

		// Another tab of the device: its own connection to the same database, its own log.
		const otherDb = d.open();
		const otherLog = await EventLog.open(otherDb);
		await tap(otherLog, 'e2');
		await until(() => live.current?.events === 2);
		otherLog.close();
		otherDb.close();

		// A sync that pulled events: written by the engine, told by its status.
		await db.events.add({ ...(await db.events.toCollection().first())!, id: 'pulled-1', deviceId: 'tab-far', seq: 1 });
		d.sync.report({ state: 'online', lastSuccessAt: 5000 });
		await until(() => live.current?.events === 3);

		// A new pairing, saved here (as /pair does) and announced.
		await savePairing(db, { ...PAIRING, eventId: 'ev2' });
		await d.session.pairingChanged({ paired: true, eventId: 'ev2' });
		await until(() => live.current?.event === 'ev2');

		// A write that no event tells of (a set-up), reported.
		await db.days.put({ id: 'ev2', name: 'Cup', date: '2026-05-16' });
		const seen = reads;
		d.session.changed();
		await until(() => reads > seen);
		await live.settled();

		const settledReads = reads;
		await new Promise((r) => setTimeout(r, 50));
		expect(reads).toBe(settledReads);
		expect(intervals).not.toHaveBeenCalled();
	});

	it('after a sync, reads what it brought (issue 32 #2): nothing when it brought nothing; its events once in this tab and once in each other tab', async () => {
		const d = device();
		const earlier = d.open();
		await savePairing(earlier, PAIRING);
		earlier.close();
		keep(d.session.connect());
		const { db, log } = await d.session.opened();
		const told: (string[] | 'anything')[] = [];
		const live = d.session.live(async (_device, changed) => {
			told.push(changed.events === null ? 'anything' : changed.events.map((e) => e.id));
			return told.length;
		});
		keep(live.connect());
		await until(() => live.current === 1);
		// The open heat of this tab and another tab's log hear of pulled events too.
		const heardHere: string[] = [];
		keep(log.onOtherTab((e) => heardHere.push(e.id)));
		const otherDb = d.open();
		const otherLog = await EventLog.open(otherDb);
		const heardThere: string[] = [];
		keep(otherLog.onOtherTab((e) => heardThere.push(e.id)));
		keep(() => (otherLog.close(), otherDb.close()));

		const nothing = { events: [], competitions: [], setupChanged: false, rosterChanged: false };
		d.sync.report({ state: 'online', lastSuccessAt: 5000 }, nothing);
		await new Promise((r) => setTimeout(r, 20));
		expect(told).toEqual(['anything']);

		const pulled = (id: string) => ({ id, deviceId: 'tab-far', seq: 1, at: 5, mono: 5, judge: 'Ana', competitionId: 'c1', heatId: 'h1', entryId: 'e1', type: 'hand.raised', payload: {} }) as const;
		const events = [pulled('far-1'), pulled('far-2')];
		await db.events.bulkAdd(events); // as the pull stores them
		d.sync.report({ state: 'online', lastSuccessAt: 6000 }, { ...nothing, events, competitions: ['c1'] });
		await until(() => live.current === 2);
		await until(() => heardThere.length === 2);
		await new Promise((r) => setTimeout(r, 20));
		expect(told).toEqual(['anything', ['far-1', 'far-2']]);
		expect(heardHere).toEqual(['far-1', 'far-2']);
		expect(heardThere).toEqual(['far-1', 'far-2']);

		// A changed set-up: everything, in one read with the events it brought.
		d.sync.report({ state: 'online', lastSuccessAt: 7000 }, { ...nothing, events: [pulled('far-3')], competitions: ['c1'], setupChanged: true });
		await until(() => live.current === 3);
		await new Promise((r) => setTimeout(r, 20));
		expect(told.at(-1)).toBe('anything');
		expect(told).toHaveLength(3);
	});

	it('a pairing changed in another tab is read again and handed to the sync; forgetting it clears it everywhere', async () => {
		const d = device();
		keep(d.session.connect());
		const { db } = await d.session.opened();
		const toSync = vi.spyOn(d.session.sync, 'pairingChanged');
		expect(d.session.pairing).toBeNull();
		const other = d.open();
		await savePairing(other, PAIRING);
		d.bus.announce({ paired: true, eventId: PAIRING.eventId });
		await until(() => d.session.pairing?.eventId === PAIRING.eventId);
		await until(() => toSync.mock.calls.length === 1);
		other.close();

		const kept = d.session.pairing;
		await d.session.refreshPairing();
		expect(d.session.pairing).toBe(kept); // unchanged: the same object, nothing downstream recomputes

		await d.session.forgetPairing();
		expect(d.session.pairing).toBeNull();
		expect(await loadPairing(db)).toBeNull();
		await until(() => toSync.mock.calls.length === 2);
	});

	it('an unpaired device does not start the sync (its code stays unloaded) until a pairing arrives, then starts it once', async () => {
		const d = device();
		keep(d.session.connect());
		const { db } = await d.session.opened();
		await d.session.live(async () => null).settled();
		expect(d.session.state).toBe('ready');
		expect(d.syncStarts).toEqual([]);
		await savePairing(db, PAIRING);
		await d.session.pairingChanged({ paired: true, eventId: PAIRING.eventId });
		await until(() => d.syncStarts.length === 1);
		expect(d.syncStarts).toEqual([db]);
	});

	it('a device whose storage does not open says why, and its live reads wait in vain without breaking', async () => {
		const d = device({ failOpen: true });
		const live = d.session.live(async () => 'never');
		keep(live.connect());
		keep(d.session.connect());
		await until(() => d.session.state === 'failed');
		expect(d.session.error).toBe('IndexedDB is not available');
		await expect(d.session.opened()).rejects.toThrow('IndexedDB is not available');
		await live.settled();
		expect(live.current).toBeUndefined();
		expect(live.error).toBe('IndexedDB is not available');
	});
});
