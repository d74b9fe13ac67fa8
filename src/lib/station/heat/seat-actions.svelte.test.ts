import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { freshDb, MIN, openHeat, T0, tap } from './heat.testkit';

describe('a heat on the station', () => {
	it('ES-PAUSE: a pause leaves the heat’s time left alone; the paused seat shows how long its pause ran and may still run', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'es-adult-individual', ['Lucía', 'Marta']);
		const [lucia, marta] = session.seats.map((s) => s.id) as [string, string];
		await session.timing.start(tap(T0));
		const Z = T0 + 2 * MIN;
		session.now = Z + MIN;
		expect(session.timing.clock).toMatchObject({ phase: 'running', leftMs: 119 * MIN });
		await session.seat.pauseStart(lucia, tap(Z + MIN));
		session.now = Z + 2 * MIN;
		expect(session.timing.clock).toMatchObject({ phase: 'running', leftMs: 118 * MIN });
		expect(session.seat.runningPause(lucia)).toEqual({ from: Z + MIN, runMs: MIN, leftMs: 4 * MIN });
		expect(session.seat.runningPause(marta)).toBeNull();
		await session.seat.pauseEnd(lucia, tap(Z + 4 * MIN));
		session.now = Z + 5 * MIN;
		expect(session.seat.runningPause(lucia)).toBeNull();
		// At the heat's limit Lucía goes on for the 3:00 she paused.
		session.now = Z + 120 * MIN + 1000;
		expect(session.timing.clock).toMatchObject({ phase: 'time-up', stillGoing: 1 });
		expect(session.outcome(lucia).status).toBe('running');
		expect(session.outcome(marta).status).toBe('unfinished');
	});

	it('ES-INCIDENT, ES-DQ: an incident note changes nothing but is kept; a disqualification needs its reason', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'es-adult-individual', ['Ana', 'Bea']);
		await session.timing.start(tap(T0));
		const [ana, bea] = session.seats.map((s) => s.id) as [string, string];
		await session.seat.note(ana, 'her table wobbles; moved at 12:00', tap(T0 + 15 * MIN));
		session.now = T0 + 20 * MIN;
		expect(session.outcome(ana).status).toBe('running');
		expect(session.outcome(ana).incidents).toEqual(['her table wobbles; moved at 12:00']);

		expect(await session.seat.disqualify(bea, '   ', tap(T0 + 21 * MIN))).toBeNull();
		expect(session.error).toMatch(/reason/);
		await session.seat.disqualify(bea, 'helped by a spectator', tap(T0 + 22 * MIN));
		session.now = T0 + 23 * MIN;
		expect(session.outcome(bea).status).toBe('disqualified');
		expect(session.outcome(bea).disqualification).toBe('helped by a spectator');
		expect((await db.events.toArray()).map((e) => e.type)).toEqual(['heat.start', 'incident.noted', 'entry.disqualified']);
	});

	it('ES-PAUSE, ES-ASSIST: what is offered, and why not', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'es-adult-individual', ['Lucía']);
		const cz = await openHeat(freshDb(), 'czjpa-individual', ['Ana']);
		expect(cz.session.seat.pauseOffer(cz.session.seats[0]!.id)).toEqual({ offered: false, why: 'no-pause-rule' });
		const id = session.seats[0]!.id;
		await session.timing.start(tap(T0));
		session.now = T0 + MIN; // in the 2:00 preview
		expect(session.seat.pauseOffer(id)).toEqual({ offered: false, why: 'not-running' });
		const Z = T0 + 2 * MIN;
		await session.seat.pauseStart(id, tap(Z + 10 * MIN));
		await session.seat.pauseEnd(id, tap(Z + 11 * MIN));
		await session.seat.pauseStart(id, tap(Z + 20 * MIN));
		await session.seat.pauseEnd(id, tap(Z + 21 * MIN));
		session.now = Z + 30 * MIN;
		expect(session.seat.pauseOffer(id)).toEqual({ offered: false, why: 'pauses-used' });
		expect(session.seat.assistOffer(id)).toEqual({ offered: true });
		await session.seat.assistStart(id, tap(Z + 30 * MIN));
		await session.seat.assistEnd(id, tap(Z + 40 * MIN));
		session.now = Z + 41 * MIN;
		expect(session.seat.assistOffer(id)).toEqual({ offered: false, why: 'assistance-cap' });
	});
});

describe('another tablet on the same seat', () => {
	it('a check under way stays when the other tablet’s checked finish arrives, and confirms this tablet’s own finish', async () => {
		const db = freshDb();
		const { q, session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob']);
		const ana = session.seats[0]!.id;
		await session.timing.start(tap(T0));
		const own = await session.seat.handRaised(ana, tap(T0 + 8 * MIN + 44_966));
		expect(session.seat.checking(ana)).toBe(true);

		// Tablet A's finish, check and acknowledgement arrive (as sync posts pulled events).
		const other = new DeviceLog({ deviceId: 'tab-other', judge: 'Petr', competitionId: q.competitionId, heatId: q.heatId });
		other.finish(ana, T0 + 8 * MIN + 31_103);
		session.merge(other.events);
		session.now = T0 + 9 * MIN;
		expect(session.outcome(ana)).toMatchObject({ status: 'finished', check: 'confirmed', locked: true, finalTimeMs: 8 * MIN + 31_103 });
		expect(session.seat.checking(ana)).toBe(true);
		expect(session.seat.checkTarget(ana)).toBe(own!.id);
		const records = session.seat.records.get(ana)!;
		expect(records.mine).toMatchObject({ judge: 'Eva', counted: false, outcome: { finalTimeMs: 8 * MIN + 44_966 } });
		expect(records.others).toEqual([expect.objectContaining({ judge: 'Petr', counted: true })]);

		const check = await session.seat.confirm(ana, 0, 0, tap(T0 + 9 * MIN));
		expect(check).toMatchObject({ type: 'check.confirmed', payload: { ref: own!.id } });
		session.now = T0 + 10 * MIN;
		expect(session.seat.checking(ana)).toBe(false);
		// What this tablet recorded is still there, marked as not counted; the organizer decides.
		expect(session.seat.records.get(ana)!.mine).toMatchObject({ counted: false, outcome: { check: 'confirmed', finalTimeMs: 8 * MIN + 44_966 } });
		expect(session.seat.records.get(ana)!.conflicts.length).toBeGreaterThan(0);
	});
});

describe('a seat’s actions', () => {
	it('CZ-GEN-CHECK: a check with no finish to check writes nothing', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana']);
		const [ana] = session.seats.map((s) => s.id) as [string];
		await session.timing.start(tap(T0));
		expect(session.seat.checking(ana)).toBe(false);
		expect(await session.seat.confirm(ana, 0, 0, tap(T0 + MIN))).toBeNull();
		expect(await session.seat.reject(ana, tap(T0 + MIN))).toBeNull();
		expect((await db.events.toArray()).map((e) => e.type)).toEqual(['heat.start']);
	});

	it('CZ-GEN-MISSING: a check with pieces missing from the box writes them; without any it writes the check as before', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob']);
		const [ana, bob] = session.seats.map((s) => s.id) as [string, string];
		await session.timing.start(tap(T0));
		const ha = await session.seat.handRaised(ana, tap(T0 + 40 * MIN));
		const hb = await session.seat.handRaised(bob, tap(T0 + 41 * MIN));
		session.now = T0 + 41 * MIN + 1;
		expect(await session.seat.confirm(ana, 3, 2, tap(T0 + 42 * MIN))).toMatchObject({ payload: { ref: ha!.id, missingPieces: 3, missingFromBox: 2 } });
		const plain = await session.seat.confirm(bob, 1, 0, tap(T0 + 42 * MIN));
		expect(plain!.payload).toEqual({ ref: hb!.id, missingPieces: 1 });
		session.now = T0 + 43 * MIN;
		// The preset penalises them like any missing piece (CZ-GEN-MISSING).
		expect(session.outcome(ana)).toMatchObject({ missingPieces: 3, missingFromBox: 2, boxFaultPending: 0, finalTimeMs: 40 * MIN + 30_000 });
	});

	it('CZ-GEN-FINISH, ES-LATE: a hand raised is checked against the tap that raised it; a seat nobody came to has no place', async () => {
		const { session } = await openHeat(freshDb(), 'czjpa-individual', ['Ana', 'Bob']);
		const [ana, bob] = session.seats.map((s) => s.id) as [string, string];
		await session.timing.start(tap(T0));
		const hand = await session.seat.handRaised(ana, tap(T0 + 30 * MIN));
		expect([session.seat.checking(ana), session.seat.checkTarget(ana)]).toEqual([true, hand!.id]);
		await session.seat.reject(ana, tap(T0 + 31 * MIN));
		await session.seat.didNotStart(bob, tap(T0 + 31 * MIN));
		session.now = T0 + 32 * MIN;
		expect(session.seat.checking(ana)).toBe(false);
		expect(session.outcome(ana).status).toBe('running');
		expect(session.outcome(bob).status).toBe('did-not-start');
		expect(session.standings.rows.find((r) => r.entryId === bob)?.place).toBeNull();
	});
});
