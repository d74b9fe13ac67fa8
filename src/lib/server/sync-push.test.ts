import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import type { Store } from './store';
import { PushFormatError, pushEvents } from './sync-push';
import { issueToken, type Device } from './tokens';

let dir: string;
let store: Store;
let judge: Device;
const T0 = Date.UTC(2026, 4, 16, 9);
const COMPETITION = 'demo-czjpa-individual';

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-push-'));
	store = openStore(dir);
	judge = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'judge', label: 'Table 1', now: T0 });
});

afterEach(() => {
	store.close();
	rmSync(dir, { recursive: true, force: true });
});

function tablet(deviceId = 'tab-1', competitionId = COMPETITION) {
	return new DeviceLog({ deviceId, judge: 'Eva', competitionId, heatId: 'h1' });
}

describe('push', () => {
	it('stores valid events, refuses the others one by one with a reason, and a repeated push changes nothing', () => {
		const log = tablet();
		const start = log.start(T0, ['e1', 'e2']);
		const hand = log.hand('e1', T0 + 30 * 60_000);
		const bad = { ...log.hand('e2', T0 + 31 * 60_000), seq: -4 };
		const foreign = tablet('tab-2', 'not-here').hand('x1', T0);
		const result = pushEvents(store, judge, { events: [start, 'garbage', hand, bad, foreign] });
		expect(result.stored.map((s) => s.id)).toEqual([start.id, hand.id]);
		expect(result.stored.map((s) => s.serverSeq)).toEqual([1, 2]);
		expect(result.refused).toEqual([
			{ index: 1, id: null, reason: expect.any(String) },
			{ index: 3, id: bad.id, reason: expect.stringMatching(/^seq: /) },
			{ index: 4, id: foreign.id, reason: 'competition "not-here" is not part of this event' }
		]);

		const again = pushEvents(store, judge, { events: [start, hand] });
		expect(again).toEqual({ stored: [], duplicates: [start.id, hand.id], conflicts: [], refused: [] });
		// The same ID with other content is a conflict, not an overwrite.
		const forged = { ...hand, at: hand.at - 60_000 };
		expect(pushEvents(store, judge, { events: [forged] }).conflicts).toEqual([hand.id]);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 10).events).toEqual([start, hand]);
	});

	it('a body that is not a push is an error of its own', () => {
		for (const body of [null, [], { events: 'x' }, { nothing: [] }]) expect(() => pushEvents(store, judge, body)).toThrow(PushFormatError);
		expect(() => pushEvents(store, judge, { events: new Array(1001).fill(0) })).toThrow(/at most 1000 events/);
	});
});

describe('pull', () => {
	it("pages through the event's judge events after a cursor, and only this event's", () => {
		const log = tablet();
		const events = [log.start(T0, ['e1']), ...Array.from({ length: 5 }, (_, i) => log.hand('e1', T0 + (i + 1) * 60_000))];
		pushEvents(store, judge, { events });
		store.appendJudgeEvents([tablet('tab-x', 'elsewhere').hand('z', T0)]); // another event's (imported), not pulled

		const first = store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 4);
		expect(first.events).toEqual(events.slice(0, 4));
		expect(first.more).toBe(true);
		const second = store.judgeEventsOfEvent(DEMO_EVENT_ID, first.cursor, 4);
		expect(second.events).toEqual(events.slice(4));
		expect(second.more).toBe(false);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, second.cursor, 4)).toEqual({ events: [], cursor: second.cursor, more: false });
	});
});
