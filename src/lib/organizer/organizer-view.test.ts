import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryDb } from '$lib/db/testkit';
import { organizerStandings, readSortedEvent } from '$lib/db/merged-event';
import { saveSetup, type SetupBundle } from '$lib/db/setup-store';
import type { StationDb } from '$lib/db/station-db';
import { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent } from '$lib/events/schema';
import { EVENT, T0 as QUICK_T0, MIN as QUICK_MIN, twoQuickSetups } from '$lib/files/two-quick-setups.testkit';
import { competitionArb, mulberry32, shuffled, type GeneratedCompetition } from '$lib/scoring/arbitraries';
import { CompetitionScorer } from '$lib/scoring';
import { competition, MIN, T0 } from '$lib/scoring/testkit';
import { DEVICE_SOURCES, OrganizerViewKeeper, type OrganizerView, type OrganizerViewSources } from './organizer-view';

/** The device's sources, counted: how often the event is read whole, how many scorers are made and how many events they are given. */
function counted() {
	const count = { reads: 0, scorers: 0, scored: new Map<string, number>() };
	const sources: OrganizerViewSources = {
		read: (db, eventId) => {
			count.reads++;
			return DEVICE_SOURCES.read(db, eventId);
		},
		setupExtras: DEVICE_SOURCES.setupExtras,
		scorer: (setup) => {
			count.scorers++;
			const scorer = new CompetitionScorer(setup);
			const add = scorer.add.bind(scorer);
			scorer.add = (events) => {
				const list = [...events];
				count.scored.set(setup.competition.id, (count.scored.get(setup.competition.id) ?? 0) + list.length);
				add(list);
			};
			return scorer;
		}
	};
	return { count, keeper: new OrganizerViewKeeper(sources) };
}

/** Two competitions of day "day": the testkit's "comp" (heat-1) and "comp-b" (heat-b), three seats each. */
function twoCompetitions(): SetupBundle {
	const a = competition('czjpa-individual', ['Ana', 'Bob', 'Cyril']);
	const b = competition('czjpa-individual', ['Dora', 'Emil', 'Fany']);
	return {
		days: [{ id: 'day', name: 'Puzzle day', date: '2026-05-16' }],
		rulesets: [a.ruleset],
		competitions: [a.competition, { ...b.competition, id: 'comp-b', name: 'Second' }],
		heats: [
			{ id: 'heat-1', competitionId: 'comp', name: 'Heat 1' },
			{ id: 'heat-b', competitionId: 'comp-b', name: 'Heat B' }
		],
		entries: [...a.entries, ...b.entries.map((e) => ({ ...e, id: `b-${e.id}`, competitionId: 'comp-b', heatId: 'heat-b' }))]
	};
}

/** What the view shows, from scratch: the CLI's path over what the device holds (organizerStandings). */
async function fromScratch(db: StationDb, eventId: string, at: number) {
	return organizerStandings(db, eventId, at);
}

/** The parts of a view that must equal a view read from scratch (the log as a set: its order is the store's there, arrival order here). */
function comparable(v: Omit<OrganizerView, 'heats' | 'eventName' | 'eventsById' | 'recorders' | 'at'> & Partial<OrganizerView>) {
	return {
		standings: v.standings,
		log: [...v.merged.log].sort((a, b) => (a.id < b.id ? -1 : 1)),
		setup: v.merged.setup,
		eventCount: v.eventCount,
		deviceIds: v.deviceIds,
		missingRuleset: v.missingRuleset,
		unknownCompetitionEvents: v.unknownCompetitionEvents
	};
}

const AT = T0 + 95 * MIN;

describe('OrganizerViewKeeper: the organizer’s standings kept between reads (issue 32 #2)', () => {
	it('a change that brings nothing reads and scores nothing; events re-score only their competition; anything reads whole again', async () => {
		const db = memoryDb();
		await saveSetup(db, twoCompetitions());
		const a = new DeviceLog({ deviceId: 'tab-a', judge: 'Eva', competitionId: 'comp', heatId: 'heat-1' });
		const b = new DeviceLog({ deviceId: 'tab-b', judge: 'Jan', competitionId: 'comp-b', heatId: 'heat-b' });
		a.start(T0, ['ana', 'bob', 'cyril']);
		b.start(T0, ['b-dora', 'b-emil', 'b-fany']);
		await db.events.bulkAdd([...a.events, ...b.events]);
		const { count, keeper } = counted();

		const first = await keeper.view(db, 'day', AT, null);
		expect([count.reads, count.scorers]).toEqual([1, 2]);
		expect(first.standings.map((s) => s.competition.id)).toEqual(['comp', 'comp-b']);

		// Nothing new (an empty change, events told twice): the same view, nothing read or scored.
		expect(await keeper.view(db, 'day', AT + 1, [])).toBe(first);
		expect(await keeper.view(db, 'day', AT + 2, [a.events[0]!, { ...b.events[0]! }])).toBe(first);
		expect([count.reads, count.scorers, count.scored.get('comp'), count.scored.get('comp-b')]).toEqual([1, 2, 1, 1]);

		// A finish in comp: only comp's scorer is given it; comp-b's standings are the same object.
		const fresh = [a.finish('ana', T0 + 40 * MIN)].flat();
		const more = a.events.slice(1);
		await db.events.bulkAdd(more);
		const second = await keeper.view(db, 'day', AT, more);
		expect([count.reads, count.scorers, count.scored.get('comp'), count.scored.get('comp-b')]).toEqual([1, 2, 1 + more.length, 1]);
		expect(fresh.length).toBeGreaterThan(0);
		expect(second).not.toBe(first);
		expect(second.standings[1]).toBe(first.standings[1]);
		expect(second.standings[0]!.standings.rows.find((r) => r.entryId === 'ana')!.outcome.status).toBe('finished');
		expect(second.eventsById.get(more[0]!.id)).toEqual(more[0]);
		expect(comparable(second)).toEqual(comparable(await fromScratch(db, 'day', AT)));

		// An event of a competition not on the device is counted, and scores nothing.
		const stray = { ...b.events[0]!, id: 'stray-1', competitionId: 'elsewhere' } as JudgeEvent;
		await db.events.add(stray);
		const third = await keeper.view(db, 'day', AT, [stray]);
		expect(third.unknownCompetitionEvents).toBe(1);
		expect(third.standings).toEqual(second.standings);
		expect(count.scorers).toBe(2);

		// An event replaced in the store (an erasure's redaction): its competition alone is scored again from its events.
		const redacted = { ...b.events[0]!, judge: '' } as JudgeEvent;
		await db.events.put(redacted);
		const fourth = await keeper.view(db, 'day', AT, [redacted]);
		expect([count.reads, count.scorers]).toEqual([1, 3]);
		expect(fourth.standings[0]).toBe(third.standings[0]);
		expect(fourth.eventsById.get(redacted.id)!.judge).toBe('');
		expect(comparable(fourth)).toEqual(comparable(await fromScratch(db, 'day', AT)));

		// Anything may have changed (a set-up): read and scored whole.
		await keeper.view(db, 'day', AT, null);
		expect([count.reads, count.scorers]).toEqual([2, 5]);
		// Another event: read whole.
		await keeper.view(db, 'other', AT, []);
		expect(count.reads).toBe(3);
	});

	it('time alone: a limit passed since the last scoring scores that competition again, without reading or a new scorer', async () => {
		const db = memoryDb();
		await saveSetup(db, twoCompetitions());
		const a = new DeviceLog({ deviceId: 'tab-a', judge: 'Eva', competitionId: 'comp', heatId: 'heat-1' });
		a.start(T0, ['ana', 'bob', 'cyril']);
		await db.events.bulkAdd(a.events);
		const { count, keeper } = counted();
		const running = await keeper.view(db, 'day', T0 + 50 * MIN, null);
		expect(running.standings[0]!.standings.rows.map((r) => r.outcome.status)).toEqual(['running', 'running', 'running']);
		// Before the limit nothing is due: the same view.
		expect(keeper.dueByClock(T0 + 80 * MIN)).toBe(false);
		expect(await keeper.view(db, 'day', T0 + 80 * MIN, [])).toBe(running);
		// Past the 90-minute limit: comp is scored again at the new moment; comp-b (never started) stays.
		expect(keeper.dueByClock(T0 + 91 * MIN)).toBe(true);
		const over = await keeper.view(db, 'day', T0 + 91 * MIN, []);
		expect(over).not.toBe(running);
		expect(over.standings[0]!.standings.rows.map((r) => r.outcome.status)).toEqual(['unfinished', 'unfinished', 'unfinished']);
		expect(over.standings[1]).toBe(running.standings[1]);
		expect([count.reads, count.scorers]).toEqual([1, 2]);
		expect(comparable(over).standings[0]).toEqual(comparable(await fromScratch(db, 'day', T0 + 91 * MIN)).standings[0]);
		expect(keeper.dueByClock(T0 + 92 * MIN)).toBe(false);
	});

	it('merged competitions: an event of the folded-in competition re-scores the kept one, read as its own', async () => {
		const t = twoQuickSetups();
		const db = memoryDb();
		const { events, rulesets, competitions, heats, entries } = t.setup;
		await saveSetup(db, { days: events, rulesets, competitions, heats, entries, merges: [t.merge] });
		await db.events.bulkAdd(t.logA.events);
		const { count, keeper } = counted();
		const at = QUICK_T0 + 90 * QUICK_MIN;
		const first = await keeper.view(db, EVENT, at, null);
		expect(first.standings.map((s) => s.competition.id)).toEqual([t.a.competitionId]);
		await db.events.bulkAdd(t.logB.events);
		const second = await keeper.view(db, EVENT, at, t.logB.events);
		expect([count.reads, count.scorers]).toEqual([1, 1]);
		expect(second.merged.log.filter((e) => e.deviceId === 'tab-b').every((e) => e.competitionId === t.a.competitionId)).toBe(true);
		expect(second.standings[0]!.standings.conflicts.map((c) => c.kind)).toContain('double-finish');
		expect(second.recorders.get(t.a.competitionId)).toEqual(new Set(['tab-a', 'tab-b']));
		expect(comparable(second)).toEqual(comparable(await fromScratch(db, EVENT, at)));
	});

	it('a read that fails leaves nothing half kept: the next one is whole', async () => {
		const db = memoryDb();
		await saveSetup(db, twoCompetitions());
		let fail = false;
		let reads = 0;
		const keeper = new OrganizerViewKeeper({
			...DEVICE_SOURCES,
			read: (d, id) => {
				reads++;
				return DEVICE_SOURCES.read(d, id);
			},
			scorer: (setup) => {
				if (fail) throw new Error('scorer broke');
				return new CompetitionScorer(setup);
			}
		});
		await keeper.view(db, 'day', AT, null);
		const log = new DeviceLog({ deviceId: 'tab-b', judge: 'Jan', competitionId: 'comp-b', heatId: 'heat-b' });
		const start = log.start(T0, ['b-dora']);
		await db.events.add(start);
		await keeper.view(db, 'day', AT, [start]);
		const redacted = { ...start, judge: '' } as JudgeEvent;
		await db.events.put(redacted);
		fail = true;
		await expect(keeper.view(db, 'day', AT, [redacted])).rejects.toThrow('scorer broke');
		fail = false;
		const after = await keeper.view(db, 'day', AT, []);
		expect(reads).toBe(2);
		expect(after.eventsById.get(start.id)!.judge).toBe('');
	});

	it('property: after random batches of events (some told twice, some of no competition here, some replaced), the kept view equals the view from scratch', async () => {
		await fc.assert(
			fc.asyncProperty(competitionArb({ maxEntries: 12 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (gc, seed) => {
				const { db, pool, second } = await deviceOf(gc);
				const random = mulberry32(seed);
				const order = shuffled([...pool], random);
				const keeper = new OrganizerViewKeeper();
				const at = gc.now;
				// Some of the events are held before the first read.
				const before = Math.floor(random() * order.length * 0.3);
				await db.events.bulkAdd(order.slice(0, before));
				let view = await keeper.view(db, 'day-1', at, null);
				let i = before;
				while (i < order.length) {
					const batch = order.slice(i, i + 1 + Math.floor(random() * 12));
					i += batch.length;
					await db.events.bulkAdd(batch);
					const told = [...batch];
					// Told twice now and then (another tab's post of an event already read).
					if (random() < 0.3 && i > 1) told.push(order[Math.floor(random() * i)]!);
					// Now and then a held event is replaced (a redaction keeps the ID).
					if (random() < 0.15) {
						const target = order[Math.floor(random() * i)]!;
						const replaced = { ...target, judge: `${target.judge} (redacted)` } as JudgeEvent;
						await db.events.put(replaced);
						order[order.indexOf(target)] = replaced;
						told.push(replaced);
					}
					view = await keeper.view(db, 'day-1', at, told);
					expect(comparable(view)).toEqual(comparable(await fromScratch(db, 'day-1', at)));
				}
				expect(view.standings.map((s) => s.competition.id)).toEqual(['comp-1', second].sort());
				const scratch = await readSortedEvent(db, 'day-1');
				expect(new Set(view.eventsById.keys())).toEqual(new Set(scratch.read.merged.log.map((e) => e.id)));
				db.close();
			}),
			{ numRuns: Number(process.env.PROPERTY_RUNS ?? 25) }
		);
	}, 120_000);
});

/** A device holding a generated competition and a small second one of its day, and the events to store: both competitions', and one of a competition not on the device. */
async function deviceOf(gc: GeneratedCompetition) {
	const db = memoryDb();
	const heatIds = [...new Set(gc.setup.entries.map((e) => e.heatId))];
	const second = 'comp-2';
	const other = competition('czjpa-individual', ['Dora', 'Emil']);
	await saveSetup(db, {
		days: [{ id: 'day-1', name: 'Day', date: '2025-06-07' }],
		rulesets: [...new Map([gc.ruleset, other.ruleset].map((r) => [`${r.id}@${r.version}`, r])).values()],
		competitions: [gc.setup.competition, { ...other.competition, id: second, eventId: 'day-1' }],
		heats: [...heatIds.map((id) => ({ id, competitionId: gc.setup.competition.id, name: id })), { id: 'heat-2', competitionId: second, name: 'Heat 2' }],
		entries: [...gc.setup.entries, ...other.entries.map((e) => ({ ...e, id: `c2-${e.id}`, competitionId: second, heatId: 'heat-2' }))]
	});
	const t = new DeviceLog({ deviceId: 'second-tab', judge: 'Jan', competitionId: second, heatId: 'heat-2' });
	t.start(gc.now - 30 * MIN, ['c2-dora', 'c2-emil']);
	t.finish('c2-dora', gc.now - 5 * MIN);
	const stray = { ...t.events[0]!, id: 'stray-1', deviceId: 'stray', competitionId: 'nowhere' } as JudgeEvent;
	return { db, pool: [...gc.events, ...t.events, stray], second };
}
