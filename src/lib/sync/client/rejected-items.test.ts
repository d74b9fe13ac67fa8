import { describe, expect, it } from 'vitest';
import { dbWithSetup } from '$lib/db/testkit';
import { DeviceLog } from '$lib/events/builder';
import { savePairing } from './pairing';
import { readRejected } from './rejected-items';
import { refusedTodo, refusedWhat, refusedWhy } from '../ui/rejected-words';

/** Issue 30 #2: a refused event is said in words (action, person and seat, heat), why, and what to do; never by its IDs. */
describe('refused events in words', () => {
	async function refusedTablet(card: boolean) {
		const { db } = await dbWithSetup();
		await db.entries.update('ana', { table: '3', seat: '1' });
		const log = new DeviceLog({ deviceId: 'tab-a', judge: 'Eva', competitionId: 'comp', heatId: 'heat-1' });
		const hand = log.hand('ana', Date.UTC(2026, 4, 16, 9, 40));
		await db.events.add(hand);
		await db.rejected.put({ id: hand.id, kind: 'refused', reason: 'entry "ana" is not seated in heat "heat-1"', at: 1 });
		await savePairing(db, {
			server: 'http://judge.local',
			eventId: 'day',
			role: 'judge',
			deviceLabel: 'Heat 9 · table 3 (card 1)',
			token: 'x'.repeat(24),
			...(card ? { card: { competitionId: 'comp', heatId: 'heat-9', heatName: 'Heat 9', table: '3' } } : {})
		});
		return { db, hand };
	}

	it('names the action, the person at their seat and the heat; quotes the server’s reason with names for its IDs', async () => {
		const { db } = await refusedTablet(false);
		const [item] = await readRejected(db);
		expect(refusedWhat(item!)).toMatch(/^Hand raised \(finish\) · Ana \(table 3, seat 1\) · .+ · Heat 1$/);
		expect(refusedWhy(item!)).toBe('Why (the server’s words): entry “Ana” is not seated in heat “Heat 1”');
		expect(refusedTodo(item!)).toMatch(/^What to do: tell the organizer/);
	});

	it('a card’s tablet: why is the card (its table and heat), and what to do', async () => {
		const { db } = await refusedTablet(true);
		const [item] = await readRejected(db);
		expect(refusedWhy(item!)).toBe('Why: this tablet was paired by the card of table 3 (Heat 9), and the server takes only what is recorded at that heat.');
		expect(refusedTodo(item!)).toMatch(/^What to do: these taps will never reach the results from this tablet/);
	});
});
