import { beforeEach, describe, expect, it } from 'vitest';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import { heatStartsAfter, startHeat } from './heat-starts';
import { answerOf } from './http-error.testkit';
import type { Store } from './store';
import { issueToken } from './tokens';
import type { Device } from '$lib/contract';
import { storePerTest } from './store-per-test.testkit';

let store: Store;
let organizer: Device;
storePerTest(openStore, (s) => (store = s));
beforeEach(() => {
	organizer = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'organizer', label: 'Desk', now: 0 });
	store.insertSetup({ events: [{ id: 'other', name: 'Other', date: '2026-01-01' }] });
});

const heat = { competitionId: 'demo-czjpa-individual', heatId: 'demo-czjpa-individual-h1' };

describe('heats started by the organizer', () => {
	it("keep the moment on the server's clock, once per ID, listed after a cursor", () => {
		const first = startHeat(store, organizer, { id: 's1', ...heat, organizerAt: 1_000_000, offsetMs: 250 }, 2_000_000);
		expect(first).toEqual({ seq: 1, id: 's1', ...heat, serverAt: 1_000_250, createdAt: 2_000_000 });
		expect(startHeat(store, organizer, { id: 's1', ...heat, organizerAt: 9, offsetMs: 0 }, 3)).toEqual(first); // repeated
		const second = startHeat(store, organizer, { id: 's2', ...heat, organizerAt: 1_000_000, offsetMs: null }, 2_000_001);
		expect(second.serverAt).toBe(2_000_001); // no offset: the time of arrival
		expect(heatStartsAfter(store, DEMO_EVENT_ID, 0).map((s) => s.id)).toEqual(['s1', 's2']);
		expect(heatStartsAfter(store, DEMO_EVENT_ID, 1).map((s) => s.id)).toEqual(['s2']);
		expect(heatStartsAfter(store, 'other', 0)).toEqual([]);
	});

	it("a start ID is the event's own: the same ID in another event is another start, and says nothing of the first", () => {
		store.insertSetup({
			competitions: [{ id: 'other-c', eventId: 'other', name: 'C', ruleset: { id: 'czjpa-individual', version: 1 } }],
			heats: [{ id: 'other-h', competitionId: 'other-c', name: 'H' }]
		});
		const elsewhere = issueToken(store, { eventId: 'other', role: 'organizer', label: 'Other desk', now: 0 });
		const first = startHeat(store, organizer, { id: 's1', ...heat, organizerAt: 1_000, offsetMs: 0 }, 5);
		const theirs = startHeat(store, elsewhere, { id: 's1', competitionId: 'other-c', heatId: 'other-h', organizerAt: 2_000, offsetMs: 0 }, 6);
		expect(theirs).toEqual({ seq: 2, id: 's1', competitionId: 'other-c', heatId: 'other-h', serverAt: 2_000, createdAt: 6 });
		expect(heatStartsAfter(store, 'other', 0)).toEqual([theirs]);
		expect(heatStartsAfter(store, DEMO_EVENT_ID, 0)).toEqual([first]);
		// Within one event the ID still names one heat.
		expect(answerOf(() => startHeat(store, organizer, { id: 's1', competitionId: heat.competitionId, heatId: 'demo-czjpa-individual-h2', organizerAt: 1, offsetMs: 0 }, 7))).toEqual({
			status: 409,
			message: 'start s1 was already used for another heat'
		});
	});

	it('refuses a heat outside the event, a heat of another competition, and bad input', () => {
		expect(answerOf(() => startHeat(store, organizer, { id: 'x', competitionId: 'nope', heatId: 'h', organizerAt: 1, offsetMs: 0 }, 1)).status).toBe(404);
		expect(answerOf(() => startHeat(store, organizer, { id: 'x', competitionId: heat.competitionId, heatId: 'demo-es-adult-individual-h1', organizerAt: 1, offsetMs: 0 }, 1)).status).toBe(404);
		expect(answerOf(() => startHeat(store, organizer, { id: 'x', ...heat, organizerAt: -1, offsetMs: 0 }, 1))).toEqual({ status: 400, message: expect.stringMatching(/^organizerAt: /) });
		expect(heatStartsAfter(store, DEMO_EVENT_ID, 0)).toEqual([]);
	});
});
