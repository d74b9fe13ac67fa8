import { describe, expect, it } from 'vitest';
import { EventLog } from '$lib/db/event-log';
import { saveSetup } from '$lib/db/setup-store';
import { presetById } from '$lib/rules/presets';
import { quickSetup } from '$lib/station/quick-setup';
import { SyncApi } from './api';
import { FakeSyncServer, freshDb, pairingFor, SERVER, TOKEN } from './fake-server.testkit';
import { pushOutbox, TOO_LARGE_REASON } from './push';
import { ApiError } from './errors';

const T0 = Date.UTC(2026, 4, 16, 9);
const now = () => T0;

function apiFor(server: FakeSyncServer, token = TOKEN) {
	return new SyncApi({ server: SERVER, token, fetch: server.fetch, setTimeout, clearTimeout });
}

async function setUp(events = 3) {
	const db = freshDb();
	const server = new FakeSyncServer(now);
	server.addCompetition({ id: 'c1', eventId: 'ev1', name: 'Individual', ruleset: { id: 'czjpa-individual', version: 1 } });
	const log = await EventLog.open(db);
	for (let i = 0; i < events; i++) await log.append({ at: T0 + i, mono: i, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: `e${i}`, type: 'hand.raised', payload: {} });
	return { db, server, log, api: apiFor(server), pairing: pairingFor() };
}

describe('pushOutbox', () => {
	it('pushes the outbox and empties it as the server acknowledges', async () => {
		const { db, server, api, pairing } = await setUp(3);
		const outcome = await pushOutbox({ db, api, pairing, clock: null, now });
		expect(outcome).toEqual({ acknowledged: 3, rejected: 0, requests: 1, competitions: new Set(['c1']) });
		expect(await db.outbox.count()).toBe(0);
		expect(server.eventsOf().map((e) => e.seq)).toEqual([1, 2, 3]);
	});

	it('after a lost answer, pushes again and the server holds each event once', async () => {
		const { db, server, api, pairing } = await setUp(3);
		server.loseAnswers = 1;
		await expect(pushOutbox({ db, api, pairing, clock: null, now })).rejects.toMatchObject({ kind: 'unreachable' });
		// The server stored them, the tablet does not know: still queued.
		expect(server.stored.size).toBe(3);
		expect(await db.outbox.count()).toBe(3);
		await pushOutbox({ db, api, pairing, clock: null, now });
		expect(await db.outbox.count()).toBe(0);
		expect(server.stored.size).toBe(3);
		expect(server.pushRequests()).toHaveLength(2);
	});

	it('splits a large outbox into batches within the limits', async () => {
		const { db, server, api, pairing } = await setUp(25);
		await pushOutbox({ db, api, pairing, clock: null, now, limits: { maxEvents: 10, maxBytes: 512 * 1024 } });
		expect(server.pushRequests().map((r) => (r.body as { events: unknown[] }).events.length)).toEqual([10, 10, 5]);
		expect(server.eventsOf().map((e) => e.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
	});

	it('halves the batch when the server answers 413, down to one event, then sets that event aside', async () => {
		const { db, server, api, pairing } = await setUp(4);
		const oneEvent = new TextEncoder().encode(JSON.stringify({ events: [(await db.events.toArray())[0]] })).length;
		server.maxBytes = oneEvent + 20; // one event fits, two do not
		await pushOutbox({ db, api, pairing, clock: null, now });
		expect(server.pushRequests().map((r) => (r.body as { events: unknown[] }).events.length)).toEqual([4, 2, 1, 1, 1, 1]);
		expect(server.pushRequests().map((r) => r.bytes > server.maxBytes)).toEqual([true, true, false, false, false, false]);
		expect(server.stored.size).toBe(4);

		const more = await setUp(1);
		more.server.maxBytes = 10;
		const outcome = await pushOutbox({ db: more.db, api: more.api, pairing: more.pairing, clock: null, now });
		expect(outcome.rejected).toBe(1);
		expect((await more.db.rejected.toArray())[0]).toMatchObject({ kind: 'refused', reason: TOO_LARGE_REASON });
	});

	it('moves conflicts and refusals to rejected, with reasons, and acknowledges the rest', async () => {
		const { db, server, log, api, pairing } = await setUp(3);
		const [first, second, third] = (await db.events.toArray()).sort((a, b) => a.seq - b.seq);
		// Another event under the first's ID is on the server already; the second is refused.
		server.storeFromElsewhere({ ...first!, at: first!.at + 1 });
		server.refuseIds.add(second!.id);
		const outcome = await pushOutbox({ db, api, pairing, clock: null, now });
		expect(outcome).toMatchObject({ acknowledged: 1, rejected: 2 });
		expect(await db.outbox.count()).toBe(0);
		const rejected = Object.fromEntries((await db.rejected.toArray()).map((r) => [r.id, r]));
		expect(rejected[first!.id]).toMatchObject({ kind: 'conflict', at: T0 });
		expect(rejected[second!.id]).toMatchObject({ kind: 'refused', reason: 'invalid' });
		expect(rejected[third!.id]).toBeUndefined();
		// Rejected events are never retried.
		await log.append({ at: T0 + 9, mono: 9, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: 'e9', type: 'hand.raised', payload: {} });
		await pushOutbox({ db, api, pairing, clock: null, now });
		const last = server.pushRequests().at(-1)!.body as { events: { id: string }[] };
		expect(last.events.map((e) => e.id)).toEqual([`${log.deviceId}-4`]);
	});

	it('sends the set-up of a quick-set-up competition with its events, and the clock report', async () => {
		const { db, server, log, api, pairing } = await setUp(1);
		const made = quickSetup({ presetId: 'czjpa-individual', seatNames: ['Ana', 'Bo'], day: '2026-05-16', suffix: 'abcd1234' });
		if (!made.ok) throw new Error('quick set-up failed');
		await saveSetup(db, made.value.bundle);
		await log.append({ at: T0 + 5, mono: 5, judge: 'Eva', competitionId: made.value.competitionId, heatId: made.value.heatId, entryId: `${made.value.competitionId}-s1`, type: 'hand.raised', payload: {} });
		const clock = { offsetMs: 12, roundTripMs: 4, measuredAt: T0 };
		await pushOutbox({ db, api, pairing, clock, now });
		const body = server.pushRequests()[0]!.body as { setup: { competitions: { id: string }[]; heats: unknown[]; entries: unknown[]; rulesets: { id: string }[] }; clock: unknown };
		// The organizer's competition c1 is not sent; the quick one is, whole.
		expect(body.setup.competitions.map((c) => c.id)).toEqual([made.value.competitionId]);
		expect(body.setup.heats).toHaveLength(1);
		expect(body.setup.entries).toHaveLength(2);
		expect(body.setup.rulesets.map((r) => r.id)).toEqual(['czjpa-individual']);
		expect(body.clock).toEqual(clock);
		expect(server.competitions.get(made.value.competitionId)!.eventId).toBe('ev1');
		expect(server.stored.size).toBe(2);
	});

	it("issue 29 #10: never pushes events or set-up of another event's competitions to the paired event; they stay queued, and go once paired with their event", async () => {
		const { db, server, log, api } = await setUp(0);
		// Set up from event A's server (the tablet was paired with A), then a quick set-up, then the paired event's own competition c1.
		const a = { id: 'a-solo', eventId: 'evA', name: 'A solo', ruleset: { id: 'czjpa-individual', version: 1 } };
		await saveSetup(db, {
			days: [{ id: 'evA', name: 'Event A', date: '2026-05-16' }],
			rulesets: [presetById('czjpa-individual')!],
			competitions: [a],
			heats: [{ id: 'a-solo-h1', competitionId: 'a-solo', name: 'Heat 1' }],
			entries: [{ id: 'a-solo-s1', competitionId: 'a-solo', heatId: 'a-solo-h1', name: 'Private Name', members: [], table: '1', seat: '1' }]
		});
		const made = quickSetup({ presetId: 'czjpa-individual', seatNames: ['Ana'], day: '2026-05-16', suffix: 'quick123' });
		if (!made.ok) throw new Error('quick set-up failed');
		await saveSetup(db, made.value.bundle);
		const tap = (i: number, competitionId: string, heatId: string, entryId: string) =>
			log.append({ at: T0 + i, mono: i, judge: 'Eva', competitionId, heatId, entryId, type: 'hand.raised', payload: {} });
		// A's events first in the queue, more than a batch: the push passes over them.
		for (let i = 0; i < 5; i++) await tap(i, 'a-solo', 'a-solo-h1', 'a-solo-s1');
		await tap(5, made.value.competitionId, made.value.heatId, `${made.value.competitionId}-s1`);
		await tap(6, 'c1', 'h1', 'e1');
		const outcome = await pushOutbox({ db, api, pairing: pairingFor('ev1'), clock: null, now, limits: { maxEvents: 2, maxBytes: 512 * 1024 } });
		expect(outcome).toMatchObject({ acknowledged: 2, rejected: 0, competitions: new Set([made.value.competitionId, 'c1']) });
		const sent = server.pushRequests().map((r) => r.body as { events: { competitionId: string }[]; setup?: { competitions: { id: string }[] } });
		expect(sent.flatMap((b) => b.events.map((e) => e.competitionId))).toEqual([made.value.competitionId, 'c1']);
		expect(sent.flatMap((b) => b.setup?.competitions.map((c) => c.id) ?? [])).toEqual([made.value.competitionId]);
		expect(JSON.stringify(sent)).not.toContain('Private Name');
		expect(server.competitions.has('a-solo')).toBe(false);
		// Not lost: still queued, and pushed (without a set-up: the server holds it) once the tablet is paired with A.
		expect(await db.outbox.count()).toBe(5);
		const tokenA = 'judge-token-of-event-a-0123456789';
		server.tokens.set(tokenA, 'evA');
		const again = await pushOutbox({ db, api: apiFor(server, tokenA), pairing: pairingFor('evA', tokenA), clock: null, now });
		expect(again.acknowledged).toBe(5);
		expect(await db.outbox.count()).toBe(0);
		expect((server.pushRequests().at(-1)!.body as { setup?: unknown }).setup).toBeUndefined();
	});

	it('throws an auth error on a bad token and keeps the outbox', async () => {
		const { db, server, pairing } = await setUp(2);
		const error = await pushOutbox({ db, api: apiFor(server, 'x'.repeat(30)), pairing, clock: null, now }).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ApiError);
		expect(error).toMatchObject({ kind: 'auth', status: 401 });
		expect(await db.outbox.count()).toBe(2);
	});
});
