import { describe, expect, it } from 'vitest';
import { freshDb, MIN, openHeat, T0, tap } from './heat.testkit';

describe('a heat on the station', () => {
	it('CZ-GEN-FINISH: the heat header says all finished (not time is up) when every seat finished before the limit', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob']);
		const [ana, bob] = session.seats.map((s) => s.id) as [string, string];
		await session.timing.start(tap(T0));
		await session.seat.handRaised(ana, tap(T0 + 8 * MIN));
		session.now = T0 + 9 * MIN;
		expect(session.timing.clock).toMatchObject({ phase: 'running', leftMs: 81 * MIN });
		await session.seat.handRaised(bob, tap(T0 + 67 * MIN));
		session.now = T0 + 67 * MIN + 1000;
		expect(session.timing.clock).toEqual({ phase: 'all-finished', elapsedMs: 67 * MIN, startedAt: T0, endedAt: T0 + 67 * MIN });
	});
});

describe('the limit seen by the tablet', () => {
	it('CZ-IND-FORMAT, CZ-GEN-FINISH: a finish tapped just before the 90-minute limit, still being written when the limit passes, is not listed as stopped', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob']);
		await session.timing.start(tap(T0));
		const [ana, bob] = session.seats.map((s) => s.id);
		const writing = session.seat.handRaised(ana!, tap(T0 + 90 * MIN - 1000));
		session.now = T0 + 90 * MIN + 500;
		expect(await session.timing.recordTimeLimit(tap(T0 + 90 * MIN + 500))).toBeNull();
		await writing;
		const limit = await session.timing.recordTimeLimit(tap(T0 + 90 * MIN + 600));
		expect(limit?.type === 'heat.time-limit' && limit.payload.entryIds).toEqual([bob]);
	});
});

describe('the heat’s start and clock', () => {
	it('CZ-GEN-START, ES-PREVIEW: one tap starts every seat of the table with the ruleset’s preview; the heat then runs', async () => {
		const { session } = await openHeat(freshDb(), 'es-adult-individual', ['Ana', 'Bea']);
		expect([session.timing.started, session.timing.running]).toEqual([false, false]);
		const start = await session.timing.start(tap(T0));
		expect(start).toMatchObject({ type: 'heat.start', entryId: null, payload: { entryIds: session.seats.map((s) => s.id), previewMs: 2 * MIN } });
		session.now = T0 + MIN;
		expect(session.timing.clock.phase).toBe('preview');
		expect([session.timing.started, session.timing.running]).toEqual([true, true]);
	});

	it('CZ-GEN-FINISH: the limit is recorded once, by the tablet: the judge’s last tap stays the one to undo', async () => {
		const { session } = await openHeat(freshDb(), 'czjpa-individual', ['Ana', 'Bob']);
		const [ana, bob] = session.seats.map((s) => s.id) as [string, string];
		await session.timing.start(tap(T0));
		const hand = await session.seat.handRaised(ana, tap(T0 + 89 * MIN));
		session.now = T0 + 90 * MIN;
		expect(session.timing.limitUnrecorded).toEqual([bob]);
		const limit = await session.timing.recordTimeLimit(tap(T0 + 90 * MIN));
		expect(limit).toMatchObject({ type: 'heat.time-limit', payload: { entryIds: [bob] } });
		expect(session.timing.limitUnrecorded).toEqual([]);
		expect(await session.timing.recordTimeLimit(tap(T0 + 90 * MIN + 1))).toBeNull();
		expect(session.writer.lastAction?.id).toBe(hand!.id);
		expect(session.timing.running).toBe(false);
	});
});
