import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PullQuerySchema } from '$lib/contract';
import { storePerTest } from './store-per-test.testkit';
import { Store } from './store';

let store: Store;
storePerTest(
	(dir) => Store.open(dir),
	(s) => (store = s)
);

const COMPETITIONS = ['c1', 'c2', 'c3', 'c4'];
let runs = 0;

/** A pull page as the route writes it, parsed back. */
function page(eventId: string, cursor: number, limit: number, scope?: readonly string[]) {
	const p = store.judgeEventPageBytes(eventId, cursor, limit, scope);
	return { ids: (JSON.parse(`[${p.joined.toString('utf8')}]`) as { id: string }[]).map((e) => e.id), cursor: p.cursor, more: p.more };
}

describe('a scoped pull (sync: each device pulls what it needs)', () => {
	it('pages through exactly the full pull filtered to the scope: same events, same order, each once, same cursors', () => {
		const stored = fc.record({ competition: fc.nat(COMPETITIONS.length - 1), heat: fc.nat(2), otherEvent: fc.boolean() });
		fc.assert(
			fc.property(
				fc.array(stored, { maxLength: 60 }),
				fc.subarray(COMPETITIONS, { minLength: 1 }),
				fc.nat(70),
				fc.integer({ min: 1, max: 12 }),
				(events, scope, start, limit) => {
					// Each run its own event (and a neighbour whose events interleave with it) in the same store.
					const run = ++runs;
					const eventId = `ev${run}`;
					events.forEach((e, i) => {
						const event = { id: `r${run}-${i}`, deviceId: `d${run}`, seq: i + 1, at: 1_000 + i, mono: i, judge: 'Eva', competitionId: COMPETITIONS[e.competition]!, heatId: `h${e.heat}`, entryId: 'e1', type: 'hand.raised', payload: {} };
						store.appendJudgeEvents([event], { eventId: e.otherEvent ? `${eventId}-other` : eventId });
					});
					const full = store.judgeEventsOfEvent(eventId, 0, 5000).events;
					const seqOf = new Map(store.db.prepare('SELECT id, server_seq FROM judge_events WHERE event_id = ?').all(eventId).map((r) => { const row = r as { id: string; server_seq: number }; return [row.id, row.server_seq]; }));
					// A cursor anywhere in the store's sequence: before, among or after this event's events.
					const first = Math.min(...[...seqOf.values(), 1]);
					const cursor0 = Math.max(0, first - 1 + start - 5);
					const filtered = full.filter((e) => scope.includes(e.competitionId) && seqOf.get(e.id)! > cursor0).map((e) => e.id);

					const seen: string[] = [];
					let cursor = cursor0;
					for (let more = true; more; ) {
						const p = page(eventId, cursor, limit, scope);
						const rest = filtered.slice(seen.length);
						// Each page: the next `limit` of the filtered full pull, its cursor the last one's sequence.
						expect(p.ids).toEqual(rest.slice(0, limit));
						expect(p.more).toBe(rest.length > limit);
						expect(p.cursor).toBe(p.ids.length ? seqOf.get(p.ids.at(-1)!) : cursor);
						seen.push(...p.ids);
						({ cursor, more } = p);
					}
					expect(seen).toEqual(filtered);
					expect(new Set(seen).size).toBe(seen.length);
					// All the competitions as a scope: the full pull itself.
					expect(page(eventId, cursor0, 5000, COMPETITIONS)).toEqual(page(eventId, cursor0, 5000));
				}
			),
			{ numRuns: 150 }
		);
	});

	it('reads one competition through the scope index, in arrival order, without sorting', () => {
		const plan = store.db
			.prepare('EXPLAIN QUERY PLAN SELECT json, server_seq FROM judge_events WHERE event_id = ? AND competition_id IN (?) AND server_seq > ? ORDER BY server_seq LIMIT ?')
			.all('e', 'c1', 0, 10) as { detail: string }[];
		expect(plan.map((p) => p.detail)).toEqual(['SEARCH judge_events USING INDEX judge_events_scope (event_id=? AND competition_id=? AND rowid>?)']);
	});
});

describe('the pull query', () => {
	it('takes a scope of competition IDs joined by commas, or none', () => {
		expect(PullQuerySchema.parse({ after: '3', competitions: 'c1,c-2' })).toEqual({ after: 3, limit: 1000, competitions: ['c1', 'c-2'] });
		expect(PullQuerySchema.parse({})).toEqual({ after: 0, limit: 1000 });
	});

	it('refuses an empty scope, a bad ID, a competition named twice, or more than 50', () => {
		for (const competitions of ['', 'c1,', 'c1,,c2', 'c 1', 'c1,c1', Array.from({ length: 51 }, (_, i) => `c${i}`).join(',')])
			expect(PullQuerySchema.safeParse({ competitions }).success, competitions).toBe(false);
	});
});
