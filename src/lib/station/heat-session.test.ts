import { describe, expect, it } from 'vitest';
import { EventLog } from '$lib/db/event-log';
import { exportEventFile } from '$lib/db/setup-store';
import { parseEventFile } from '$lib/files/event-file';
import { standingsOfFiles } from '$lib/files/merge';
import { freshDb, MIN, openHeat, reopen, T0, tap } from './heat/heat.testkit';

describe('event log on the tablet', () => {
	it('numbers events per device, keeps numbering across a reopen, and refuses invalid events', async () => {
		const db = freshDb();
		const log = await EventLog.open(db);
		const draft = { at: T0, mono: 1, judge: 'Eva', competitionId: 'c', heatId: 'h', entryId: 'e', type: 'hand.raised', payload: {} } as const;
		const a = await log.append(draft);
		const b = await log.append({ ...draft, at: T0 + 1 });
		expect([a.seq, b.seq]).toEqual([1, 2]);
		expect(a.id).toBe(`${log.deviceId}-1`);
		const again = await EventLog.open(db);
		expect(again.deviceId).toBe(log.deviceId);
		expect((await again.append({ ...draft, at: T0 + 2 })).seq).toBe(3);
		await expect(again.append({ ...draft, entryId: null })).rejects.toThrow(/entryId/);
		expect(await db.events.count()).toBe(3);
		// Two taps at once, and a second tab of the station with its own log: no number is taken twice.
		const other = await EventLog.open(db);
		const burst = await Promise.all([again.append({ ...draft, at: T0 + 3 }), again.append({ ...draft, at: T0 + 4 }), other.append({ ...draft, at: T0 + 5 })]);
		expect(new Set(burst.map((e) => e.seq)).size).toBe(3);
		expect(await db.events.count()).toBe(6);
	});
});

describe('a heat on the station', () => {
	it('CZ-GEN-FINISH, CZ-GEN-RECORD: start, hand raised, check, acknowledgement; a reopen shows the same state', async () => {
		const db = freshDb();
		const { q, session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob', '']);
		expect(session.seats.map((s) => s.name)).toEqual(['Ana', 'Bob', 'Seat 3']);
		await session.timing.start(tap(T0));
		const ana = session.seats[0]!.id;
		await session.seat.handRaised(ana, tap(T0 + 42 * MIN));
		await session.seat.confirm(ana, 2, 0, tap(T0 + 43 * MIN));
		await session.seat.acknowledge(ana, tap(T0 + 43 * MIN + 5000));
		session.now = T0 + 50 * MIN;
		expect(session.outcome(ana)).toMatchObject({ status: 'finished', finalTimeMs: 42 * MIN + 20_000, locked: true });
		expect(session.outcome(session.seats[1]!.id)).toMatchObject({ status: 'running', clockMs: 50 * MIN });
		expect(session.timing.running).toBe(true);

		const reopened = await reopen(db, q.competitionId, q.heatId, q.table);
		reopened.now = T0 + 50 * MIN;
		for (const s of session.seats) expect(reopened.outcome(s.id)).toEqual(session.outcome(s.id));
	});

	it('the exported file gives the CLI the same standings as the tablet', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob', 'Cyril']);
		const [a, b, c] = session.seats.map((s) => s.id) as [string, string, string];
		await session.timing.start(tap(T0));
		await session.seat.handRaised(a, tap(T0 + 40 * MIN));
		await session.seat.confirm(a, 0, 0, tap(T0 + 41 * MIN));
		await session.seat.handRaised(b, tap(T0 + 35 * MIN));
		await session.seat.reject(b, tap(T0 + 36 * MIN));
		await session.seat.tally(b, [300, 2], tap(T0 + 91 * MIN));
		await session.seat.tally(c, [300, 40], tap(T0 + 91 * MIN));
		const now = T0 + 95 * MIN;
		session.now = now;
		const log = await EventLog.open(db);
		const file = await exportEventFile(db, log.deviceId, now);
		const parsed = parseEventFile(JSON.stringify(file), 'tablet.json');
		if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
		const merged = standingsOfFiles([parsed.value], now);
		if (!merged.ok) throw new Error('merge failed');
		const cli = merged.value[0];
		const view = (rows: { name: string; place: number | null; reason: string }[]) => rows.map((r) => [r.name, r.place, r.reason]);
		expect(view(cli!.standings.rows)).toEqual(view(session.standings.rows));
		expect(session.standings.rows.map((r) => [r.name, r.place])).toEqual([
			['Ana', 1],
			['Cyril', 2],
			['Bob', 3]
		]);
	});
});

describe('two tabs of the station on one tablet', () => {
	it("each tab shows the other's taps without a reload, and numbering continues after them", async () => {
		const db = freshDb();
		const { q, session: first } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob']);
		const second = await reopen(db, q.competitionId, q.heatId, q.table);
		const start = await first.timing.start(tap(T0));
		await expect.poll(() => second.fold.events.map((e) => e.id)).toEqual([start!.id]);
		second.now = T0 + 5 * MIN;
		const ana = q.bundle.entries[0]!.id;
		expect(second.outcome(ana).status).toBe('running');

		// The second tab's tap: the first tab shows it, and the device's numbering has no gap or reuse.
		const hand = await second.seat.handRaised(ana, tap(T0 + 5 * MIN));
		await expect.poll(() => first.fold.events.length).toBe(2);
		first.now = T0 + 6 * MIN;
		expect(first.outcome(ana).status).toBe('finished');
		expect([start!.seq, hand!.seq]).toEqual([1, 2]);
		const third = await first.seat.handRaised(q.bundle.entries[1]!.id, tap(T0 + 7 * MIN));
		expect(third!.seq).toBe(3);

		// A closed session no longer follows the other tab.
		first.close();
		await second.seat.note(null, 'lights flicker', tap(T0 + 8 * MIN));
		await new Promise((r) => setTimeout(r, 50));
		expect(first.fold.events.length).toBe(3);
	});
});
