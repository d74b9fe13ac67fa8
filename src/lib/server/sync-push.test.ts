import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { PRESETS } from '$lib/rules/presets';
import { quickSetup } from '$lib/station/quick-setup';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import type { Store } from './store';
import { PushFormatError } from './push-validation';
import { boundDevices, claimDevice } from './device-binding';
import { pushEvents } from './sync-push';
import { eventSetup } from './organizer-setup';
import { DESK_ONLY } from './desk-push';
import { issueToken } from './tokens';
import type { Device } from '$lib/contract';

let dir: string;
let store: Store;
let judge: Device;
const T0 = Date.UTC(2026, 4, 16, 9);
const COMPETITION = 'demo-czjpa-individual';

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-push-'));
	store = openStore(dir);
	judge = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'judge', label: 'Table 1', now: T0 });
	// A second event with a competition of its own: a demo judge may not write to it.
	store.insertSetup({
		events: [{ id: 'autumn', name: 'Autumn', date: '2026-10-10' }],
		competitions: [{ id: 'autumn-solo', eventId: 'autumn', name: 'Solo', ruleset: { id: PRESETS[0]!.id, version: PRESETS[0]!.version } }]
	});
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
		const result = pushEvents(store, judge, { events: [start, 'garbage', hand, bad] });
		expect(result.stored.map((s) => s.id)).toEqual([start.id, hand.id]);
		expect(result.stored.map((s) => s.serverSeq)).toEqual([1, 2]);
		expect(result.refused).toEqual([
			{ index: 1, id: null, reason: expect.any(String) },
			{ index: 3, id: bad.id, reason: expect.stringMatching(/^seq: /) }
		]);

		const again = pushEvents(store, judge, { events: [start, hand] });
		expect(again).toEqual({ stored: [], duplicates: [start.id, hand.id], conflicts: [], refused: [] });
		// The same ID with other content is a conflict, not an overwrite.
		const forged = { ...hand, at: hand.at - 60_000 };
		expect(pushEvents(store, judge, { events: [forged] }).conflicts).toEqual([hand.id]);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 10).events).toEqual([start, hand]);
	});

	// Was: an event of a competition ID another event holds was refused ('competition "autumn-solo" belongs to another event', an oracle).
	it("issue 29 #10: an event naming a competition ID another event holds is stored under the device's event; the other event's log is unchanged", () => {
		const log = tablet('tab-1', 'autumn-solo');
		const events = [log.start(T0, ['x1']), log.hand('x1', T0 + 60_000)];
		expect(pushEvents(store, judge, { events })).toMatchObject({ refused: [], conflicts: [] });
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 10).events).toEqual(events);
		expect(store.judgeEventsOfEvent('autumn', 0, 10).events).toEqual([]);
		expect(store.getCompetition(DEMO_EVENT_ID, 'autumn-solo')).toBeUndefined(); // kept as events of a competition this event does not know
	});

	it('a body that is not a push is an error of its own', () => {
		for (const body of [null, [], { events: 'x' }, { nothing: [] }]) expect(() => pushEvents(store, judge, body)).toThrow(PushFormatError);
		expect(() => pushEvents(store, judge, { events: new Array(1001).fill(0) })).toThrow(/at most 1000 events/);
	});
});

describe("a device's identity bound to its credential", () => {
	const autumnJudge = () => issueToken(store, { eventId: 'autumn', role: 'judge', label: 'Autumn table', now: T0 });

	it('a judge token is bound by its first push to that device, and refuses events of any other, with the reason', () => {
		const own = tablet('tab-own');
		const first = own.start(T0, ['e1']);
		expect(pushEvents(store, judge, { events: [first] }).stored.map((s) => s.id)).toEqual([first.id]);
		expect(boundDevices(store, judge.id)).toEqual(['tab-own']);
		const other = tablet('tab-other').start(T0, ['e1']);
		const next = own.hand('e1', T0 + 60_000);
		const result = pushEvents(store, judge, { events: [other, next] });
		expect(result.stored.map((s) => s.id)).toEqual([next.id]);
		expect(result.refused).toEqual([{ index: 0, id: other.id, reason: 'this device may only push its own events: it pairs as device "tab-own", this event is of device "tab-other"' }]);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 10).events.map((e) => e.deviceId)).toEqual(['tab-own', 'tab-own']);
	});

	it('a judge token bound at pairing refuses even its first push of another device', () => {
		expect(claimDevice(store, judge, 'tab-paired')).toBe(true);
		const spoof = tablet('tab-someone').start(T0, ['e1']);
		expect(pushEvents(store, judge, { events: [spoof] }).refused).toEqual([{ index: 0, id: spoof.id, reason: expect.stringMatching(/only push its own events/) }]);
		expect(boundDevices(store, judge.id)).toEqual(['tab-paired']);
	});

	it("an organizer token pushes other devices' events of its own event (tablets' files imported on its device)", () => {
		const organizer = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'organizer', label: 'Desk', now: T0 });
		const events = [tablet('tab-1').start(T0, ['e1']), tablet('tab-2').start(T0, ['e2']), tablet('org-desk').hand('e1', T0)];
		expect(pushEvents(store, organizer, { events }).stored).toHaveLength(3);
	});

	it("the issue's case: a judge of another event pushes tablet A's device ID and next number; A's real push is stored, not a conflict", () => {
		const a = tablet('tab-a');
		const aStart = a.start(T0, ['e1']);
		expect(pushEvents(store, judge, { events: [aStart] }).stored).toHaveLength(1);
		// B's judge saw tab-a's events (say) and pushes its next number into B, before A does: its token is new, so trust on first use binds it.
		const forged = { ...new DeviceLog({ deviceId: 'tab-a', judge: 'Mallory', competitionId: 'autumn-solo', heatId: 'h1', firstSeq: 2 }).start(T0, ['x1']) };
		const b = autumnJudge();
		expect(pushEvents(store, b, { events: [forged] }).stored).toHaveLength(1);
		// A's real event with that number: stored in A, not a conflict.
		const aHand = a.hand('e1', T0 + 60_000);
		expect(aHand.seq).toBe(forged.seq);
		expect(pushEvents(store, judge, { events: [aHand] })).toEqual({ stored: [{ id: aHand.id, serverSeq: 3 }], duplicates: [], conflicts: [], refused: [] });
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 10).events).toEqual([aStart, aHand]);
		expect(store.judgeEventsOfEvent('autumn', 0, 10).events).toEqual([forged]);
	});

	it('an event ID stored in another event is a new event here: no conflict, no oracle', () => {
		const b = autumnJudge();
		const theirs = new DeviceLog({ deviceId: 'tab-b', judge: 'Bob', competitionId: 'autumn-solo', heatId: 'h1' }).start(T0, ['x1']);
		pushEvents(store, b, { events: [theirs] });
		// The same ID (and device and number) pushed to the demo event by its own judge, other content.
		const mine = { ...theirs, competitionId: COMPETITION, at: T0 + 5 };
		expect(pushEvents(store, judge, { events: [mine] })).toEqual({ stored: [{ id: theirs.id, serverSeq: 2 }], duplicates: [], conflicts: [], refused: [] });
		// Pushed again to each event: a duplicate in each, the other event's copy untouched.
		expect(pushEvents(store, b, { events: [theirs] }).duplicates).toEqual([theirs.id]);
		expect(pushEvents(store, judge, { events: [mine] }).duplicates).toEqual([theirs.id]);
		expect(store.judgeEventsOfEvent('autumn', 0, 10).events).toEqual([theirs]);
	});
});

describe('push with set-up made on the tablet', () => {
	function quick(suffix: string, presetId = 'czjpa-individual') {
		const made = quickSetup({ presetId, seatNames: ['Ann', 'Bob'], day: '2026-05-16', suffix });
		if (!made.ok) throw new Error('quick set-up failed');
		return made.value;
	}

	it('adopts a new competition into the device\'s event with its heat, entries and ruleset; its events are pulled', () => {
		const q = quick('abcd');
		const log = new DeviceLog({ deviceId: 'tab-q', judge: 'Eva', competitionId: q.competitionId, heatId: q.heatId });
		const events = [log.start(T0, q.bundle.entries.map((e) => e.id)), log.hand(q.bundle.entries[0]!.id, T0 + 60_000)];
		const result = pushEvents(store, judge, { events, setup: q.bundle });
		expect(result.setupAdded).toEqual([q.competitionId]);
		expect(result.setupRefused).toEqual([]);
		expect(result.stored).toHaveLength(2);
		expect(store.getCompetition(DEMO_EVENT_ID, q.competitionId)).toMatchObject({ eventId: DEMO_EVENT_ID });
		expect(store.listEntries(DEMO_EVENT_ID, q.competitionId).map((e) => e.name)).toEqual(['Ann', 'Bob']);
		expect(store.listHeats(DEMO_EVENT_ID, q.competitionId).map((h) => h.id)).toEqual([q.heatId]);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 10).events).toEqual(events);
		// The same push again: nothing changes, nothing doubles.
		const again = pushEvents(store, judge, { events, setup: q.bundle });
		expect(again).toMatchObject({ stored: [], duplicates: events.map((e) => e.id), setupAdded: [], setupRefused: [] });
		expect(store.listEntries(DEMO_EVENT_ID, q.competitionId)).toHaveLength(2);
	});

	it('a competition set up on a tablet never brings an advancement to a final (rounds are the organizer\'s)', () => {
		const q = quick('plan');
		const planned = { ...q.bundle, competitions: q.bundle.competitions.map((c) => ({ ...c, advancesTo: { competitionId: 'other-event-final', rule: { mode: 'overall' as const, count: 3 } } })) };
		expect(pushEvents(store, judge, { events: [], setup: planned }).setupAdded).toEqual([q.competitionId]);
		expect(store.getCompetition(DEMO_EVENT_ID, q.competitionId)).toMatchObject({ eventId: DEMO_EVENT_ID });
		expect(store.getCompetition(DEMO_EVENT_ID, q.competitionId)?.advancesTo).toBeUndefined();
	});

	it("never changes the organizer's set-up, refuses a ruleset version with other content", () => {
		const renamed = { id: 'demo-czjpa-individual', eventId: 'day-x', name: 'Renamed by a judge', ruleset: { id: 'czjpa-individual', version: 1 } };
		const q = quick('wxyz');
		const forgedRuleset = { ...q.bundle.rulesets[0]!, timeLimitMs: 1 };
		const result = pushEvents(store, judge, { events: [], setup: { competitions: [renamed, ...q.bundle.competitions], rulesets: [forgedRuleset], heats: q.bundle.heats, entries: q.bundle.entries } });
		expect(result.setupAdded).toEqual([]);
		expect(result.setupRefused).toEqual([{ id: q.competitionId, reason: expect.stringMatching(/stored on the server with other content/) }]);
		expect(store.getCompetition(DEMO_EVENT_ID, 'demo-czjpa-individual')?.name).not.toBe('Renamed by a judge');
		expect(store.getCompetition(DEMO_EVENT_ID, q.competitionId)).toBeUndefined();
	});

	// Was: "refuses another event's competition" ('this competition belongs to another event', an oracle).
	it("issue 29 #10: a quick set-up using another event's competition, heat and entry IDs is a new competition of the device's event; the other is unchanged", () => {
		const autumnBefore = eventSetup(store, 'autumn');
		const q = quick('reuse');
		const ids = (id: string) => id.replace(q.competitionId, 'autumn-solo');
		const bundle = {
			rulesets: q.bundle.rulesets,
			competitions: q.bundle.competitions.map((c) => ({ ...c, id: 'autumn-solo' })),
			heats: q.bundle.heats.map((h) => ({ ...h, id: ids(h.id), competitionId: 'autumn-solo' })),
			entries: q.bundle.entries.map((e) => ({ ...e, id: ids(e.id), competitionId: 'autumn-solo', heatId: ids(e.heatId) }))
		};
		const log = new DeviceLog({ deviceId: 'tab-reuse', judge: 'Eva', competitionId: 'autumn-solo', heatId: bundle.heats[0]!.id });
		const events = [log.start(T0, bundle.entries.map((e) => e.id))];
		const result = pushEvents(store, judge, { events, setup: bundle });
		expect(result).toMatchObject({ setupAdded: ['autumn-solo'], setupRefused: [], refused: [] });
		expect(result.stored).toHaveLength(1);
		expect(store.getCompetition(DEMO_EVENT_ID, 'autumn-solo')).toMatchObject({ eventId: DEMO_EVENT_ID });
		expect(store.listEntries(DEMO_EVENT_ID, 'autumn-solo').map((e) => e.name)).toEqual(['Ann', 'Bob']);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 10).events).toEqual(events);
		expect(eventSetup(store, 'autumn')).toEqual(autumnBefore);
		expect(store.judgeEventsOfEvent('autumn', 0, 10).events).toEqual([]);
	});

	it('keeps events of a competition the server does not know, under the device\'s event', () => {
		const log = new DeviceLog({ deviceId: 'tab-u', judge: 'Eva', competitionId: 'q-unknown', heatId: 'q-unknown-h1' });
		const events = [log.start(T0, ['q-unknown-s1'])];
		expect(pushEvents(store, judge, { events }).stored).toHaveLength(1);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 10).events).toEqual(events);
	});

	it('records the device\'s clock report and which logs it pushed', () => {
		const log = tablet('tab-c');
		pushEvents(store, judge, { events: [log.start(T0, ['e1'])], clock: { offsetMs: -12.5, roundTripMs: 8, measuredAt: T0 } }, T0 + 5);
		const row = store.db.prepare('SELECT last_seen_at, clock_offset_ms, clock_rtt_ms FROM device_tokens WHERE id = ?').get(judge.id);
		expect(row).toEqual({ last_seen_at: T0 + 5, clock_offset_ms: -12.5, clock_rtt_ms: 8 });
		expect(store.db.prepare('SELECT device_id FROM token_devices WHERE token_id = ?').pluck().all(judge.id)).toEqual(['tab-c']);
	});
});

describe('pull', () => {
	it("pages through the event's judge events after a cursor, and only this event's", () => {
		const log = tablet();
		const events = [log.start(T0, ['e1']), ...Array.from({ length: 5 }, (_, i) => log.hand('e1', T0 + (i + 1) * 60_000))];
		pushEvents(store, judge, { events });
		store.appendJudgeEvents([tablet('tab-x', 'autumn-solo').hand('z', T0)], { eventId: 'autumn' }); // another event's (imported), not pulled

		const first = store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 4);
		expect(first.events).toEqual(events.slice(0, 4));
		expect(first.more).toBe(true);
		const second = store.judgeEventsOfEvent(DEMO_EVENT_ID, first.cursor, 4);
		expect(second.events).toEqual(events.slice(4));
		expect(second.more).toBe(false);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, second.cursor, 4)).toEqual({ events: [], cursor: second.cursor, more: false });
	});
});

describe('a desk device (the check-in at the door)', () => {
	const desk = () => issueToken(store, { eventId: DEMO_EVENT_ID, role: 'desk', label: 'Door 1', now: T0 });
	const door = (deviceId = 'door-1') => new DeviceLog({ deviceId, judge: 'Door', competitionId: COMPETITION, heatId: null });

	it('pushes check-ins and the undo of its own, and nothing else: each other event refused with the reason', () => {
		const d = desk();
		const log = door();
		const checkIn = log.record('entry.checked-in', T0, 'reg-1', { paid: true, companions: 1 });
		const undo = log.correct(checkIn, T0 + 1000, 'wrong person');
		const again = log.record('entry.checked-in', T0 + 2000, 'reg-2', {});
		const replaced = log.correct(again, T0 + 3000, 'paid after all', { type: 'entry.checked-in', at: again.at, payload: { paid: true } });
		// Judge events of the desk's own device (valid ones, in a heat): still not a desk's to record.
		const judged = new DeviceLog({ deviceId: 'door-1', judge: 'Door', competitionId: COMPETITION, heatId: 'h1', firstSeq: 100 });
		const hand = judged.hand('e1', T0 + 4000);
		const start = judged.start(T0 + 5000, ['e1']);
		const turned = log.correct(again, T0 + 6000, 'not a check-in', { type: 'entry.did-not-start', at: again.at, payload: {} });
		const result = pushEvents(store, d, { events: [checkIn, undo, again, replaced, hand, start, turned] });
		expect(result.stored.map((s) => s.id)).toEqual([checkIn.id, undo.id, again.id, replaced.id]);
		expect(result.refused).toEqual([
			{ index: 4, id: hand.id, reason: DESK_ONLY },
			{ index: 5, id: start.id, reason: DESK_ONLY },
			{ index: 6, id: turned.id, reason: DESK_ONLY }
		]);
		// A later push may undo a check-in stored before.
		const later = log.correct(checkIn, T0 + 7000, 'undo again');
		expect(pushEvents(store, d, { events: [later] }).stored.map((s) => s.id)).toEqual([later.id]);
	});

	it('may not undo another device’s check-in or judge event, and is held to its own device like a judge', () => {
		const d = desk();
		const otherDesk = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'desk', label: 'Door 2', now: T0 });
		const theirs = door('door-2');
		const theirCheckIn = theirs.record('entry.checked-in', T0, 'reg-1', {});
		expect(pushEvents(store, otherDesk, { events: [theirCheckIn] }).stored).toHaveLength(1);
		const judgeHand = tablet('tab-j').hand('e1', T0);
		expect(pushEvents(store, judge, { events: [judgeHand] }).stored).toHaveLength(1);
		const mine = door('door-1');
		const first = mine.record('entry.checked-in', T0, 'reg-3', {});
		expect(pushEvents(store, d, { events: [first] }).stored).toHaveLength(1);
		expect(boundDevices(store, d.id)).toEqual(['door-1']);
		const undoTheirs = mine.correct(theirCheckIn, T0 + 1000, 'not mine');
		const undoJudge = mine.correct(judgeHand, T0 + 1000, 'not mine');
		const spoof = theirs.record('entry.checked-in', T0 + 2000, 'reg-4', {});
		expect(pushEvents(store, d, { events: [undoTheirs, undoJudge, spoof] }).refused.map((r) => r.reason)).toEqual([
			DESK_ONLY,
			DESK_ONLY,
			expect.stringMatching(/^this device may only push its own events/)
		]);
	});
});
