import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StationDb } from '$lib/db/station-db';
import { EventLog } from '$lib/db/event-log';
import { exportEventFile, loadCompetition, saveSetup } from '$lib/db/setup-store';
import { parseEventFile } from '$lib/files/event-file';
import { standingsOfFiles } from '$lib/files/merge';
import { DeviceLog } from '$lib/events/builder';
import { HeatSession, UNDO_WINDOW_MS } from './heat-session.svelte';
import { quickSetup } from './quick-setup';

const T0 = Date.UTC(2026, 4, 16, 9);
const MIN = 60_000;
const tap = (at: number) => ({ at, mono: at - T0 });

function freshDb() {
	return new StationDb(`test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}

async function openHeat(db: StationDb, presetId: string, names: string[]) {
	const q = quickSetup({ presetId, seatNames: names, day: '2026-05-16', suffix: 'abcd1234' });
	if (!q.ok) throw new Error(JSON.stringify(q.issues));
	await saveSetup(db, q.value.bundle);
	return { q: q.value, session: await reopen(db, q.value.competitionId, q.value.heatId, q.value.table) };
}

async function reopen(db: StationDb, competitionId: string, heatId: string, table: string | null) {
	const log = await EventLog.open(db);
	const setup = await loadCompetition(db, competitionId);
	if (!setup) throw new Error('no competition');
	return new HeatSession({ setup, heatId, table, log, judge: 'Eva', events: await log.heatEvents(competitionId, heatId) });
}

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
		await session.start(tap(T0));
		const ana = session.seats[0]!.id;
		await session.handRaised(ana, tap(T0 + 42 * MIN));
		await session.confirm(ana, 2, tap(T0 + 43 * MIN));
		await session.acknowledge(ana, tap(T0 + 43 * MIN + 5000));
		session.now = T0 + 50 * MIN;
		expect(session.outcome(ana)).toMatchObject({ status: 'finished', finalTimeMs: 42 * MIN + 20_000, locked: true });
		expect(session.outcome(session.seats[1]!.id)).toMatchObject({ status: 'running', clockMs: 50 * MIN });
		expect(session.running).toBe(true);

		const reopened = await reopen(db, q.competitionId, q.heatId, q.table);
		reopened.now = T0 + 50 * MIN;
		for (const s of session.seats) expect(reopened.outcome(s.id)).toEqual(session.outcome(s.id));
	});

	it('undo within 10 s voids the last action with a correction kept in the log', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana']);
		await session.start(tap(T0));
		const ana = session.seats[0]!.id;
		await session.handRaised(ana, tap(T0 + 30 * MIN));
		expect(session.canUndo(T0 + 30 * MIN + 9_000)).toBe(true);
		expect(session.canUndo(T0 + 30 * MIN + 11_000)).toBe(false);
		await session.undo(tap(T0 + 30 * MIN + 5_000));
		session.now = T0 + 31 * MIN;
		expect(session.outcome(ana).status).toBe('running');
		expect((await db.events.toArray()).map((e) => e.type)).toEqual(['heat.start', 'hand.raised', 'correction']);
	});

	it('after a reload the last tap is still undoable for the rest of its 10 seconds, and the undo survives a reload', async () => {
		const db = freshDb();
		const { q, session } = await openHeat(db, 'czjpa-individual', ['Ana']);
		await session.start(tap(T0));
		const ana = session.seats[0]!.id;
		const hand = await session.handRaised(ana, tap(T0 + 30 * MIN));
		const reloaded = await reopen(db, q.competitionId, q.heatId, q.table);
		expect(reloaded.lastAction?.id).toBe(hand!.id);
		expect(reloaded.canUndo(T0 + 30 * MIN + 6_000)).toBe(true);
		expect(reloaded.canUndo(T0 + 30 * MIN + UNDO_WINDOW_MS + 1)).toBe(false);
		await reloaded.undo(tap(T0 + 30 * MIN + 6_000));
		reloaded.now = T0 + 31 * MIN;
		expect(reloaded.outcome(ana).status).toBe('running');
		// Undone: nothing to undo after another reload.
		const again = await reopen(db, q.competitionId, q.heatId, q.table);
		expect(again.canUndo(T0 + 30 * MIN + 7_000)).toBe(false);
	});

	it('CZ-GEN-FINISH: the heat header says all finished (not time is up) when every seat finished before the limit', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob']);
		const [ana, bob] = session.seats.map((s) => s.id) as [string, string];
		await session.start(tap(T0));
		await session.handRaised(ana, tap(T0 + 8 * MIN));
		session.now = T0 + 9 * MIN;
		expect(session.clock).toMatchObject({ phase: 'running', leftMs: 81 * MIN });
		await session.handRaised(bob, tap(T0 + 67 * MIN));
		session.now = T0 + 67 * MIN + 1000;
		expect(session.clock).toEqual({ phase: 'all-finished', elapsedMs: 67 * MIN, startedAt: T0, endedAt: T0 + 67 * MIN });
	});

	it('ES-PAUSE: a pause leaves the heat’s time left alone; the paused seat shows how long its pause ran and may still run', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'es-adult-individual', ['Lucía', 'Marta']);
		const [lucia, marta] = session.seats.map((s) => s.id) as [string, string];
		await session.start(tap(T0));
		const Z = T0 + 2 * MIN;
		session.now = Z + MIN;
		expect(session.clock).toMatchObject({ phase: 'running', leftMs: 119 * MIN });
		await session.pauseStart(lucia, tap(Z + MIN));
		session.now = Z + 2 * MIN;
		expect(session.clock).toMatchObject({ phase: 'running', leftMs: 118 * MIN });
		expect(session.runningPause(lucia)).toEqual({ from: Z + MIN, runMs: MIN, leftMs: 4 * MIN });
		expect(session.runningPause(marta)).toBeNull();
		await session.pauseEnd(lucia, tap(Z + 4 * MIN));
		session.now = Z + 5 * MIN;
		expect(session.runningPause(lucia)).toBeNull();
		// At the heat's limit Lucía goes on for the 3:00 she paused.
		session.now = Z + 120 * MIN + 1000;
		expect(session.clock).toMatchObject({ phase: 'time-up', stillGoing: 1 });
		expect(session.outcome(lucia).status).toBe('running');
		expect(session.outcome(marta).status).toBe('unfinished');
	});

	it('ES-INCIDENT, ES-DQ: an incident note changes nothing but is kept; a disqualification needs its reason', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'es-adult-individual', ['Ana', 'Bea']);
		await session.start(tap(T0));
		const [ana, bea] = session.seats.map((s) => s.id) as [string, string];
		await session.note(ana, 'her table wobbles; moved at 12:00', tap(T0 + 15 * MIN));
		session.now = T0 + 20 * MIN;
		expect(session.outcome(ana).status).toBe('running');
		expect(session.outcome(ana).incidents).toEqual(['her table wobbles; moved at 12:00']);

		expect(await session.disqualify(bea, '   ', tap(T0 + 21 * MIN))).toBeNull();
		expect(session.error).toMatch(/reason/);
		await session.disqualify(bea, 'helped by a spectator', tap(T0 + 22 * MIN));
		session.now = T0 + 23 * MIN;
		expect(session.outcome(bea).status).toBe('disqualified');
		expect(session.outcome(bea).disqualification).toBe('helped by a spectator');
		expect((await db.events.toArray()).map((e) => e.type)).toEqual(['heat.start', 'incident.noted', 'entry.disqualified']);
	});

	it('ES-PAUSE, ES-ASSIST: what is offered, and why not', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'es-adult-individual', ['Lucía']);
		const cz = await openHeat(freshDb(), 'czjpa-individual', ['Ana']);
		expect(cz.session.pauseOffer(cz.session.seats[0]!.id)).toEqual({ offered: false, why: 'no-pause-rule' });
		const id = session.seats[0]!.id;
		await session.start(tap(T0));
		session.now = T0 + MIN; // in the 2:00 preview
		expect(session.pauseOffer(id)).toEqual({ offered: false, why: 'not-running' });
		const Z = T0 + 2 * MIN;
		await session.pauseStart(id, tap(Z + 10 * MIN));
		await session.pauseEnd(id, tap(Z + 11 * MIN));
		await session.pauseStart(id, tap(Z + 20 * MIN));
		await session.pauseEnd(id, tap(Z + 21 * MIN));
		session.now = Z + 30 * MIN;
		expect(session.pauseOffer(id)).toEqual({ offered: false, why: 'pauses-used' });
		expect(session.assistOffer(id)).toEqual({ offered: true });
		await session.assistStart(id, tap(Z + 30 * MIN));
		await session.assistEnd(id, tap(Z + 40 * MIN));
		session.now = Z + 41 * MIN;
		expect(session.assistOffer(id)).toEqual({ offered: false, why: 'assistance-cap' });
	});

	it('the exported file gives the CLI the same standings as the tablet', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob', 'Cyril']);
		const [a, b, c] = session.seats.map((s) => s.id) as [string, string, string];
		await session.start(tap(T0));
		await session.handRaised(a, tap(T0 + 40 * MIN));
		await session.confirm(a, 0, tap(T0 + 41 * MIN));
		await session.handRaised(b, tap(T0 + 35 * MIN));
		await session.reject(b, tap(T0 + 36 * MIN));
		await session.tally(b, [300, 2], tap(T0 + 91 * MIN));
		await session.tally(c, [300, 40], tap(T0 + 91 * MIN));
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

describe('another tablet on the same seat', () => {
	it('a check under way stays when the other tablet’s checked finish arrives, and confirms this tablet’s own finish', async () => {
		const db = freshDb();
		const { q, session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob']);
		const ana = session.seats[0]!.id;
		await session.start(tap(T0));
		const own = await session.handRaised(ana, tap(T0 + 8 * MIN + 44_966));
		expect(session.checking(ana)).toBe(true);

		// Tablet A's finish, check and acknowledgement arrive (as sync posts pulled events).
		const other = new DeviceLog({ deviceId: 'tab-other', judge: 'Petr', competitionId: q.competitionId, heatId: q.heatId });
		other.finish(ana, T0 + 8 * MIN + 31_103);
		session.merge(other.events);
		session.now = T0 + 9 * MIN;
		expect(session.outcome(ana)).toMatchObject({ status: 'finished', check: 'confirmed', locked: true, finalTimeMs: 8 * MIN + 31_103 });
		expect(session.checking(ana)).toBe(true);
		expect(session.checkTarget(ana)).toBe(own!.id);
		const records = session.records.get(ana)!;
		expect(records.mine).toMatchObject({ judge: 'Eva', counted: false, outcome: { finalTimeMs: 8 * MIN + 44_966 } });
		expect(records.others).toEqual([expect.objectContaining({ judge: 'Petr', counted: true })]);

		const check = await session.confirm(ana, 0, tap(T0 + 9 * MIN));
		expect(check).toMatchObject({ type: 'check.confirmed', payload: { ref: own!.id } });
		session.now = T0 + 10 * MIN;
		expect(session.checking(ana)).toBe(false);
		// What this tablet recorded is still there, marked as not counted; the organizer decides.
		expect(session.records.get(ana)!.mine).toMatchObject({ counted: false, outcome: { check: 'confirmed', finalTimeMs: 8 * MIN + 44_966 } });
		expect(session.records.get(ana)!.conflicts.length).toBeGreaterThan(0);
	});
});

describe('two tabs of the station on one tablet', () => {
	it("each tab shows the other's taps without a reload, and numbering continues after them", async () => {
		const db = freshDb();
		const { q, session: first } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob']);
		const second = await reopen(db, q.competitionId, q.heatId, q.table);
		const start = await first.start(tap(T0));
		await expect.poll(() => second.events.map((e) => e.id)).toEqual([start!.id]);
		second.now = T0 + 5 * MIN;
		const ana = q.bundle.entries[0]!.id;
		expect(second.outcome(ana).status).toBe('running');

		// The second tab's tap: the first tab shows it, and the device's numbering has no gap or reuse.
		const hand = await second.handRaised(ana, tap(T0 + 5 * MIN));
		await expect.poll(() => first.events.length).toBe(2);
		first.now = T0 + 6 * MIN;
		expect(first.outcome(ana).status).toBe('finished');
		expect([start!.seq, hand!.seq]).toEqual([1, 2]);
		const third = await first.handRaised(q.bundle.entries[1]!.id, tap(T0 + 7 * MIN));
		expect(third!.seq).toBe(3);

		// A closed session no longer follows the other tab.
		first.close();
		await second.note(null, 'lights flicker', tap(T0 + 8 * MIN));
		await new Promise((r) => setTimeout(r, 50));
		expect(first.events.length).toBe(3);
	});
});

describe('the limit seen by the tablet', () => {
	it('CZ-IND-FORMAT, CZ-GEN-FINISH: a finish tapped just before the 90-minute limit, still being written when the limit passes, is not listed as stopped', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob']);
		await session.start(tap(T0));
		const [ana, bob] = session.seats.map((s) => s.id);
		const writing = session.handRaised(ana!, tap(T0 + 90 * MIN - 1000));
		session.now = T0 + 90 * MIN + 500;
		expect(await session.recordTimeLimit(tap(T0 + 90 * MIN + 500))).toBeNull();
		await writing;
		const limit = await session.recordTimeLimit(tap(T0 + 90 * MIN + 600));
		expect(limit?.type === 'heat.time-limit' && limit.payload.entryIds).toEqual([bob]);
	});
});

describe('a heat at one table', () => {
	it('issue 29 #8: shows the seats whose table reads the same as the one opened ("T1", "t1", "T01")', async () => {
		const db = freshDb();
		const q = quickSetup({ presetId: 'czjpa-individual', seatNames: ['Ana', 'Bob', 'Cyril', 'Dana'], table: 'T1', day: '2026-05-16', suffix: 'abcd1234' });
		if (!q.ok) throw new Error(JSON.stringify(q.issues));
		const [ana, bob, cyril, dana] = q.value.bundle.entries;
		await saveSetup(db, { ...q.value.bundle, entries: [ana!, { ...bob!, table: 't1' }, { ...cyril!, table: 'T01' }, { ...dana!, table: 'T2' }] });
		const session = await reopen(db, q.value.competitionId, q.value.heatId, 'T1');
		expect(session.seats.map((s) => s.name)).toEqual(['Ana', 'Bob', 'Cyril']);
		expect((await reopen(db, q.value.competitionId, q.value.heatId, 't2')).seats.map((s) => s.name)).toEqual(['Dana']);
	});
});

describe('a tap’s write comes before anything the screen shows', () => {
	it('CZ-GEN-FINISH: "Hand raised" creates the event’s strict transaction in the tap’s own call, before "saving" (which disables the buttons) changes', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob']);
		await session.start(tap(T0));
		const [ana] = session.seats.map((s) => s.id);
		const idb = db.backendDB();
		const transaction = idb.transaction.bind(idb);
		const seen: { stores: string[]; durability: string | undefined; saving: boolean; events: number }[] = [];
		idb.transaction = ((names: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) => {
			if (mode === 'readwrite') seen.push({ stores: [names].flat(), durability: options?.durability, saving: session.saving, events: session.events.length });
			return transaction(names, mode, options);
		}) as typeof idb.transaction;

		const written = session.handRaised(ana!, tap(T0 + MIN));
		// Issued within the call, while nothing the screen reads has changed yet.
		expect(seen).toEqual([{ stores: ['events', 'outbox'], durability: 'strict', saving: false, events: 1 }]);
		expect(session.saving).toBe(true);
		const event = await written;
		expect(event?.type).toBe('hand.raised');
		expect(session.saving).toBe(false);
		expect(session.outcomes.get(ana!)!.status).toBe('finished');
		expect(await db.events.get(event!.id)).toEqual(event);
	});
});
