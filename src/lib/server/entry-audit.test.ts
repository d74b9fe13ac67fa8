import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { compareEvents } from '$lib/events/order';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import { entryAudit } from './entry-audit';
import type { Store } from './store';
import { pushEvents } from './sync-push';
import { issueToken } from './tokens';
import { storePerTest } from './store-per-test.testkit';

let store: Store;
const T0 = Date.UTC(2026, 4, 16, 9);
const COMPETITION = 'demo-czjpa-individual';
const ENTRY = `${COMPETITION}-e1`;

storePerTest(openStore, (s) => (store = s));

describe('entry audit', () => {
	it('lists the entry\'s events, its heat start and the corrections of each, in recorded order, with who pushed them and their clock', () => {
		const heatId = store.getEntry(DEMO_EVENT_ID, ENTRY)!.heatId;
		const other = `${COMPETITION}-e2`;
		const tab1 = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'judge', label: 'Table 1', now: T0 });
		const tab2 = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'judge', label: 'Table 2', now: T0 });
		const log1 = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: COMPETITION, heatId });
		const log2 = new DeviceLog({ deviceId: 'tab-2', judge: 'Jan', competitionId: COMPETITION, heatId });
		const start = log1.start(T0, [ENTRY, other]);
		const hand = log2.hand(ENTRY, T0 + 30 * 60_000);
		const othersHand = log2.hand(other, T0 + 31 * 60_000);
		const fix = log1.correct(hand, T0 + 40 * 60_000, 'raised too early', { type: 'hand.raised', at: T0 + 30 * 60_000 + 500, payload: {} });
		const undoFix = log1.correct(fix, T0 + 41 * 60_000, 'the first time was right');
		pushEvents(store, tab1, { events: [start], clock: { offsetMs: -120, roundTripMs: 9, measuredAt: T0 } }, T0 + 1_000);
		pushEvents(store, tab2, { events: [hand, othersHand], clock: { offsetMs: 250, roundTripMs: 14, measuredAt: T0 + 5 } }, T0 + 31 * 60_000);
		pushEvents(store, tab1, { events: [fix, undoFix] }, T0 + 42 * 60_000);

		const audit = entryAudit(store, DEMO_EVENT_ID, ENTRY);
		expect(audit).toMatchObject({ entryId: ENTRY, competitionId: COMPETITION, heatId });
		expect(audit.events.map((a) => a.event.id)).toEqual([start.id, hand.id, fix.id, undoFix.id]);
		expect(audit.events[0]).toMatchObject({
			receivedAt: T0 + 1_000,
			token: { id: tab1.id, label: 'Table 1', role: 'judge' },
			clock: { offsetMs: -120, roundTripMs: 9, measuredAt: T0 }
		});
		expect(audit.events[1]).toMatchObject({ receivedAt: T0 + 31 * 60_000, token: { label: 'Table 2' }, clock: { offsetMs: 250 } });
		expect(audit.events[2]!.event).toEqual(fix);
	});

	it('orders events as everywhere else (compareEvents): time, then device, then sequence number', () => {
		const heatId = store.getEntry(DEMO_EVENT_ID, ENTRY)!.heatId;
		const tab = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'organizer', label: 'Desk', now: T0 });
		const log = (deviceId: string) => new DeviceLog({ deviceId, judge: 'Eva', competitionId: COMPETITION, heatId });
		const [b, a, c] = [log('tab-b'), log('tab-a'), log('tab-c')];
		const at = T0 + 30 * 60_000;
		// Three devices tap in one millisecond; device b twice. They arrive out of order.
		const note = (l: DeviceLog, t: number, text: string) => l.record('incident.noted', t, ENTRY, { note: text });
		const events = [note(b, at, 'b1'), note(c, at, 'c1'), note(b, at, 'b2'), note(a, at + 1, 'a1'), note(a, at - 1, 'a0')];
		pushEvents(store, tab, { events }, T0 + 31 * 60_000);
		expect(entryAudit(store, DEMO_EVENT_ID, ENTRY).events.map((x) => x.event.id)).toEqual([...events].sort(compareEvents).map((e) => e.id));
	});

	it('refuses an entry of another event or none', () => {
		store.insertSetup({ events: [{ id: 'autumn', name: 'Autumn', date: '2026-10-10' }] });
		expect(() => entryAudit(store, 'autumn', ENTRY)).toThrow(expect.objectContaining({ status: 404 }));
		expect(() => entryAudit(store, DEMO_EVENT_ID, 'nobody')).toThrow(expect.objectContaining({ status: 404 }));
	});
});
