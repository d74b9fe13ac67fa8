import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { freshDb } from '$lib/sync/client/fake-server.testkit';
import { saveRoster } from '$lib/sync/client/roster';
import { readCheckedIn, seatsNotCheckedIn } from './seat-check-ins';

const T = Date.UTC(2026, 4, 16, 8);

describe('seats not checked in', () => {
	it('ES-LATE: marked only when the event has a roster; a check-in (not undone) unmarks the seat', async () => {
		const db = freshDb();
		expect(await readCheckedIn(db, 'ev1', 'c1')).toEqual({ hasRoster: false, checkedIn: new Set() });
		expect([...seatsNotCheckedIn(['r1', 'r2'], false, new Set())]).toEqual([]);
		await saveRoster(db, 'ev1', [
			{ id: 'r1', competitionId: 'c1', name: 'Jana', status: 'registered', members: [{ id: 'p1', name: 'Jana', minor: false, child: false }], fee: { amount: 0, currency: 'CZK' }, paid: true }
		]);
		const door = new DeviceLog({ deviceId: 'door', judge: 'Door', competitionId: 'c1', heatId: null });
		const one = door.record('entry.checked-in', T, 'r1', {});
		const two = door.record('entry.checked-in', T + 1, 'r2', {});
		door.correct(two, T + 2, 'wrong person');
		const other = new DeviceLog({ deviceId: 'door', judge: 'Door', competitionId: 'c2', heatId: null, firstSeq: 10 }).record('entry.checked-in', T, 'r3', {});
		await db.events.bulkAdd([...door.events, other]);
		const read = await readCheckedIn(db, 'ev1', 'c1');
		expect(read).toEqual({ hasRoster: true, checkedIn: new Set([one.entryId]) });
		expect([...seatsNotCheckedIn(['r1', 'r2', 'r3'], read.hasRoster, read.checkedIn)]).toEqual(['r2', 'r3']);
	});
});
