import { describe, expect, it } from 'vitest';
import { MIN, T0, tablet } from '$lib/scoring/testkit';
import type { DeviceListing } from '$lib/contract';
import { entryProtests, entryTrail } from './entry-trail';

describe('an entry\'s trail on the organizer\'s screen', () => {
	const a = tablet('tablet-a');
	const start = a.start(T0, ['ana', 'bob']);
	const hand = a.hand('ana', T0 + 40 * MIN);
	a.hand('bob', T0 + 41 * MIN);
	const fix = a.correct(hand, T0 + 45 * MIN, 'tapped the wrong seat');
	const devices = [{ label: 'North tablet', deviceIds: ['tablet-a'] }] as unknown as DeviceListing[];

	it('offline: the local events of the entry, by device time, with the paired device\'s name and what corrected them', () => {
		const rows = entryTrail(a.events, 'ana', null, devices);
		expect(rows.map((r) => r.event.id)).toEqual([start.id, hand.id, fix.id]);
		expect(rows.map((r) => r.deviceLabel)).toEqual(['North tablet', 'North tablet', 'North tablet']);
		expect(rows[1]!.correctedBy).toEqual(fix);
		expect(rows.every((r) => r.server === null)).toBe(true);
	});

	it('online: the server\'s receipt, token and clock completes each row, and events only the server holds are added', () => {
		const answer = (e: typeof hand, label: string) => ({ event: e, receivedAt: T0 + 50 * MIN, token: { id: 'dev-1', label, role: 'judge' as const }, clock: { offsetMs: 40, roundTripMs: 8, measuredAt: T0 } });
		const audit = { eventId: 'ev', entryId: 'ana', competitionId: 'comp', heatId: 'heat-1', events: [answer(hand, 'Table 3'), answer(fix as never, 'Table 3')] };
		const rows = entryTrail([start, hand], 'ana', audit, []);
		expect(rows.map((r) => r.event.id)).toEqual([start.id, hand.id, fix.id]);
		expect(rows.map((r) => r.deviceLabel)).toEqual([null, 'Table 3', 'Table 3']);
		expect(rows[1]!.server?.clock?.offsetMs).toBe(40);
	});

	it('issue 33 #3: the protests about the entry, each with the trail\'s rows of the corrections that carry it', () => {
		const protest = { id: 'p-1', eventId: 'ev', competitionId: 'comp', entryIds: ['ana'], raisedBy: 'Bob', claim: 'Late', raisedAt: T0, publicationVersion: 1, photoHashes: [], state: 'upheld' as const, decidedAt: T0, decisionReason: 'Seen', correctionEventIds: [fix.id], answeredByVersion: null, recordedBy: 'dev-1', recordedAt: T0 };
		const audit = { eventId: 'ev', entryId: 'ana', competitionId: 'comp', heatId: 'heat-1', events: [], protests: [protest] };
		const rows = entryTrail(a.events, 'ana', audit, devices);
		expect(entryProtests(audit, rows)).toEqual([{ protest, corrections: [rows[2]] }]);
		expect(entryProtests(null, rows)).toEqual([]);
	});
});
