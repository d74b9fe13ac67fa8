import { describe, expect, it } from 'vitest';
import { busyEvent, eventRows, MIN, T0 } from './backup.testkit';
import { listDraws } from './draws';
import { eventSetup } from './organizer-setup';
import { computeSnapshot } from './publications';
import { publicCompetitionResult, publicResults } from './public-results';
import { Store } from './store';
import { storePerTest } from './store-per-test.testkit';

/**
 * Issue 29 #10: competition, heat and entry IDs are each event's own (store.ts, migration 19;
 * docs/sync.md, Events apart), as judge events' already were: an ID another event holds is simply
 * another item of this event, never a conflict, and says nothing of the other event.
 */

let store: Store;
storePerTest((dir) => Store.open(dir), (s) => (store = s));

describe('IDs per event (issue 29 #10)', () => {
	it("issue 29 #10: event B goes through everything under A's IDs (organizer set-up, quick set-ups pushed by tablets, judge events, a merge, publications, draws, table cards); A's set-up, events, standings and public results are unchanged", () => {
		busyEvent(store, 'a', 'x');
		const before = {
			rows: eventRows(store, 'a'),
			standings: computeSnapshot(store, 'a', 'x-q', T0 + 200 * MIN),
			results: publicResults(store, 'a'),
			result: publicCompetitionResult(store, 'a', 'x-q')
		};
		// The same scenario in B with the same prefix: every competition, heat, entry, quick set-up, merge, draw and device log ID is A's.
		const b = busyEvent(store, 'b', 'x');
		const [setupA, setupB] = [eventSetup(store, 'a')!, eventSetup(store, 'b')!];
		for (const key of ['competitions', 'heats', 'entries', 'merges'] as const) expect(setupB[key].map((x) => x.id), key).toEqual(setupA[key].map((x) => x.id));
		expect(setupB.competitions.every((c) => c.eventId === 'b')).toBe(true);
		expect(setupB.deviceCompetitionIds).toEqual([b.competitions.qa, b.competitions.qb]);
		expect(listDraws(store, 'b').map((d) => d.id)).toEqual(listDraws(store, 'a').map((d) => d.id));
		expect(store.judgeEventsOfEvent('b', 0, 100).events.map((e) => e.id)).toEqual(store.judgeEventsOfEvent('a', 0, 100).events.map((e) => e.id));

		// A as it was.
		expect(eventRows(store, 'a')).toEqual(before.rows);
		expect(computeSnapshot(store, 'a', 'x-q', T0 + 200 * MIN)).toEqual(before.standings);
		expect(publicResults(store, 'a')).toEqual(before.results);
		expect(publicCompetitionResult(store, 'a', 'x-q')).toEqual(before.result);
	});

	it("issue 29 #10: the public results of B's competition show B's versions only, never those of A's competition of the same ID", () => {
		busyEvent(store, 'a', 'x'); // x-q published twice and made final in A
		busyEvent(store, 'b', 'x'); // and in B
		const [a, b] = [publicCompetitionResult(store, 'a', 'x-q'), publicCompetitionResult(store, 'b', 'x-q')];
		expect(a.versions.map((v) => [v.eventId, v.version, v.state])).toEqual([['a', 1, 'published'], ['a', 2, 'final']]);
		expect(b.versions.map((v) => [v.eventId, v.version, v.state])).toEqual([['b', 1, 'published'], ['b', 2, 'final']]);
		expect(b.publication.snapshot.event.id).toBe('b');
		expect(publicResults(store, 'b').competitions.flatMap((c) => c.versions.map((v) => v.eventId))).toEqual(['b', 'b']);
	});
});
