import { describe, expect, it } from 'vitest';
import { freshDb, MIN, openHeat, T0, tap } from './heat.testkit';

describe('a tap’s write comes before anything the screen shows', () => {
	it('CZ-GEN-FINISH: "Hand raised" creates the event’s strict transaction in the tap’s own call, before "saving" (which disables the buttons) changes', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bob']);
		await session.timing.start(tap(T0));
		const [ana] = session.seats.map((s) => s.id);
		const idb = db.backendDB();
		const transaction = idb.transaction.bind(idb);
		const seen: { stores: string[]; durability: string | undefined; saving: boolean; events: number }[] = [];
		idb.transaction = ((names: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) => {
			if (mode === 'readwrite') seen.push({ stores: [names].flat(), durability: options?.durability, saving: session.saving, events: session.fold.events.length });
			return transaction(names, mode, options);
		}) as typeof idb.transaction;

		const written = session.seat.handRaised(ana!, tap(T0 + MIN));
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

describe('the heat’s write path', () => {
	it('a write the log refuses changes nothing the screen shows and says why; the next write that succeeds clears it', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana']);
		const [ana] = session.seats.map((s) => s.id) as [string];
		const start = await session.writer.record('heat.start', null, { entryIds: [ana], previewMs: 0 }, tap(T0));
		expect(await session.writer.record('entry.disqualified', ana, { reason: ' ' }, tap(T0 + MIN))).toBeNull();
		expect(session.writer.error).toMatch(/reason/);
		expect([session.fold.events.length, session.writer.lastAction?.id, session.writer.saving]).toEqual([1, start!.id, false]);
		await session.writer.record('hand.raised', ana, {}, tap(T0 + 2 * MIN));
		expect(session.writer.error).toBeNull();
		expect(session.fold.events.map((e) => e.type)).toEqual(['heat.start', 'hand.raised']);
	});

	it('what the tablet records by itself is written with the judge’s name but is not the judge’s last action', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana']);
		const [ana] = session.seats.map((s) => s.id) as [string];
		const hand = await session.writer.record('hand.raised', ana, {}, tap(T0 + MIN));
		session.judge = 'Petr';
		const own = await session.writer.record('incident.noted', null, { note: 'lights' }, tap(T0 + 2 * MIN), true);
		expect(own).toMatchObject({ judge: 'Petr', competitionId: session.setup.competition.id, heatId: session.heatId, entryId: null });
		expect(session.writer.lastAction?.id).toBe(hand!.id);
	});
});
