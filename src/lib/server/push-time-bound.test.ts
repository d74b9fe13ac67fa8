import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import type { Device } from '$lib/contract';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import { latestAcceptedAt, MAX_COUNTED_LEAD_MS, SLACK_AHEAD_MS } from './push-time-bound';
import type { Store } from './store';
import { pushEvents } from './sync-push';
import { issueToken } from './tokens';

const NOW = Date.UTC(2026, 4, 16, 9);
const HOUR = 60 * 60_000;
const COMPETITION = `${DEMO_EVENT_ID}-czjpa-individual`;

let dir: string;
let store: Store;
let organizer: Device;
let judge: Device;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-time-bound-'));
	store = openStore(dir);
	organizer = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'organizer', label: 'Laptop', now: NOW });
	judge = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'judge', label: 'Table 1', now: NOW });
});

afterEach(() => {
	store.close();
	rmSync(dir, { recursive: true, force: true });
});

const log = (deviceId: string) => new DeviceLog({ deviceId, judge: 'Eva', competitionId: COMPETITION, heatId: null });

describe('issue 29 #1: times too far from the server clock are refused, for every device', () => {
	it('the bound: 24 h past the server clock, plus the device’s measured lead up to 7 days', () => {
		expect(latestAcceptedAt(NOW, null)).toBe(NOW + SLACK_AHEAD_MS);
		expect(latestAcceptedAt(NOW, 5 * HOUR)).toBe(NOW + SLACK_AHEAD_MS); // a device behind the server gains nothing
		expect(latestAcceptedAt(NOW, -30 * HOUR)).toBe(NOW + SLACK_AHEAD_MS + 30 * HOUR);
		expect(latestAcceptedAt(NOW, -1e12)).toBe(NOW + SLACK_AHEAD_MS + MAX_COUNTED_LEAD_MS);
	});

	it("the probe's tie-break in the year 2223 is refused even to the organizer; one 23 h ahead is stored", () => {
		const l = log('org-laptop');
		const far = l.record('tiebreak.result', 8_000_000_000_000, null, { order: ['a', 'b'] });
		const near = l.record('tiebreak.result', NOW + 23 * HOUR, null, { order: ['b', 'a'] });
		const r = pushEvents(store, organizer, { events: [far, near] }, NOW);
		expect(r.stored.map((s) => s.id)).toEqual([near.id]);
		expect(r.refused).toEqual([{ index: 0, id: far.id, reason: expect.stringMatching(/^its time 2223-.* more than 24 h ahead of the server's clock/) }]);
	});

	it("an offline tablet's old taps stay welcome, however old (a flat battery's clock in 1970 too)", () => {
		const l = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: COMPETITION, heatId: `${COMPETITION}-h1` });
		const events = [l.record('incident.noted', NOW - 400 * 24 * HOUR, null, { note: 'a year ago' }), l.record('incident.noted', 5, null, { note: '1970' })];
		expect(pushEvents(store, judge, { events }, NOW).stored).toHaveLength(2);
	});

	it("a tablet whose clock runs 2 days ahead, as its clock report says, is not refused; the report's lead counts up to 7 days", () => {
		const l = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: COMPETITION, heatId: `${COMPETITION}-h1` });
		const ahead = l.record('incident.noted', NOW + 48 * HOUR + 5 * 60_000, null, { note: 'clock ahead' });
		const clock = { offsetMs: -48 * HOUR, roundTripMs: 20, measuredAt: NOW + 48 * HOUR };
		expect(pushEvents(store, judge, { events: [ahead] }, NOW).refused).toHaveLength(1);
		expect(pushEvents(store, judge, { events: [ahead], clock }, NOW).stored).toHaveLength(1);
		// The offset stays measured for the next push, which brings no report.
		const next = l.record('incident.noted', NOW + 48 * HOUR + 6 * 60_000, null, { note: 'still ahead' });
		expect(pushEvents(store, judge, { events: [next] }, NOW + 60_000).stored).toHaveLength(1);
		const forged = l.record('incident.noted', NOW + 30 * 24 * HOUR, null, { note: 'a month ahead' });
		expect(pushEvents(store, judge, { events: [forged], clock: { ...clock, offsetMs: -40 * 24 * HOUR } }, NOW).refused).toHaveLength(1);
	});

	it("a correction's replacement time is held to the same bound", () => {
		const l = log('org-laptop');
		const tiebreak = l.record('tiebreak.result', NOW, null, { order: ['a', 'b'] });
		const moved = l.correct(tiebreak, NOW + 1000, 'later', { type: 'tiebreak.result', at: 8_000_000_000_000, payload: { order: ['b', 'a'] } });
		const r = pushEvents(store, organizer, { events: [tiebreak, moved] }, NOW + 2000);
		expect(r.stored.map((s) => s.id)).toEqual([tiebreak.id]);
		expect(r.refused[0]).toMatchObject({ id: moved.id, reason: expect.stringMatching(/more than 24 h ahead/) });
	});
});
