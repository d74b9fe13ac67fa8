import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StationDb } from './station-db';
import { EventLog } from './event-log';

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
