import { describe, expect, it } from 'vitest';
import { UNDO_WINDOW_MS } from './corrections.svelte';
import { freshDb, MIN, openHeat, reopen, T0, tap } from './heat.testkit';

describe('a heat on the station', () => {
	it('undo within 10 s voids the last action with a correction kept in the log', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana']);
		await session.timing.start(tap(T0));
		const ana = session.seats[0]!.id;
		await session.seat.handRaised(ana, tap(T0 + 30 * MIN));
		expect(session.corrections.canUndo(T0 + 30 * MIN + 9_000)).toBe(true);
		expect(session.corrections.canUndo(T0 + 30 * MIN + 11_000)).toBe(false);
		await session.corrections.undo(tap(T0 + 30 * MIN + 5_000));
		session.now = T0 + 31 * MIN;
		expect(session.outcome(ana).status).toBe('running');
		expect((await db.events.toArray()).map((e) => e.type)).toEqual(['heat.start', 'hand.raised', 'correction']);
	});

	it('after a reload the last tap is still undoable for the rest of its 10 seconds, and the undo survives a reload', async () => {
		const db = freshDb();
		const { q, session } = await openHeat(db, 'czjpa-individual', ['Ana']);
		await session.timing.start(tap(T0));
		const ana = session.seats[0]!.id;
		const hand = await session.seat.handRaised(ana, tap(T0 + 30 * MIN));
		const reloaded = await reopen(db, q.competitionId, q.heatId, q.table);
		expect(reloaded.writer.lastAction?.id).toBe(hand!.id);
		expect(reloaded.corrections.canUndo(T0 + 30 * MIN + 6_000)).toBe(true);
		expect(reloaded.corrections.canUndo(T0 + 30 * MIN + UNDO_WINDOW_MS + 1)).toBe(false);
		await reloaded.corrections.undo(tap(T0 + 30 * MIN + 6_000));
		reloaded.now = T0 + 31 * MIN;
		expect(reloaded.outcome(ana).status).toBe('running');
		// Undone: nothing to undo after another reload.
		const again = await reopen(db, q.competitionId, q.heatId, q.table);
		expect(again.corrections.canUndo(T0 + 30 * MIN + 7_000)).toBe(false);
	});
});

describe('undo and corrections', () => {
	it('an undo is not undone again: nothing is offered after it, even within the window', async () => {
		const { session } = await openHeat(freshDb(), 'czjpa-individual', ['Ana']);
		await session.timing.start(tap(T0));
		await session.seat.handRaised(session.seats[0]!.id, tap(T0 + 30 * MIN));
		const undo = await session.corrections.undo(tap(T0 + 30 * MIN + 1_000));
		expect(undo).toMatchObject({ type: 'correction', judge: 'Eva', payload: { reason: 'undo' } });
		expect(session.corrections.canUndo(T0 + 30 * MIN + 2_000)).toBe(false);
		expect(await session.corrections.undo(tap(T0 + 30 * MIN + 2_000))).toBeNull();
	});

	it('CZ-GEN-FINISH: a correction with a replacement stands for what it corrects, which stays in the log', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana']);
		const ana = session.seats[0]!.id;
		await session.timing.start(tap(T0));
		const hand = await session.seat.handRaised(ana, tap(T0 + 30 * MIN));
		await session.corrections.correct(hand!, 'tapped late', { type: 'hand.raised', at: T0 + 29 * MIN, payload: {} }, tap(T0 + 31 * MIN));
		session.now = T0 + 32 * MIN;
		expect(session.outcome(ana)).toMatchObject({ status: 'finished', finishedAt: T0 + 29 * MIN, finishEventId: hand!.id });
		expect((await db.events.toArray()).map((e) => e.type)).toEqual(['heat.start', 'hand.raised', 'correction']);
	});
});
