import { describe, expect, it } from 'vitest';
import type { JudgeEvent } from '$lib/events/schema';
import { EventLog } from '$lib/db/event-log';
import { SyncEngine } from './engine';
import { fakeEnvironment, FakeSyncServer, freshDb, ManualTimers, pairingFor } from './fake-server.testkit';
import { savePairing } from './pairing';

/** A fake server whose announcement streams the test writes to. */
async function setUp() {
	const timers = new ManualTimers();
	const server = new FakeSyncServer(timers.now);
	server.addCompetition({ id: 'c1', eventId: 'ev1', name: 'Individual', ruleset: { id: 'czjpa-individual', version: 1 } });
	const db = freshDb();
	await savePairing(db, pairingFor());
	const log = await EventLog.open(db, { now: timers.now });
	await log.append({ at: 1_000_000, mono: 0, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: 'e0', type: 'hand.raised', payload: {} });
	const streams: { write: (text: string) => void; end: () => void }[] = [];
	const env = fakeEnvironment(server, timers);
	const fetch = env.fetch;
	env.fetch = async (input, init) => {
		if (!input.endsWith('/announcements')) return fetch(input, init);
		let controller!: ReadableStreamDefaultController<Uint8Array>;
		const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
		init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
		streams.push({ write: (text) => controller.enqueue(new TextEncoder().encode(text)), end: () => controller.close() });
		return new Response(body, { status: 200 });
	};
	const engine = new SyncEngine({ db, env, announcements: true });
	return { timers, server, db, engine, streams };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const pulls = (server: FakeSyncServer) => server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/judge-events')).length;
const otherTabletsHand = (seq: number, competitionId = 'c1'): JudgeEvent =>
	({ id: `tab-b-${seq}`, deviceId: 'tab-b', seq, at: 1_000_500 + seq, mono: seq, judge: 'Jan', competitionId, heatId: 'h1', entryId: 'e9', type: 'hand.raised', payload: {} }) as JudgeEvent;

describe('SyncEngine with announcements (issue 32 #1)', () => {
	it('pulls at once when the server announces events of a competition it follows, not at the next poll; ignores others', async () => {
		const { engine, server, db, streams, timers } = await setUp();
		await engine.start();
		await engine.whenIdle();
		await settle();
		expect(streams).toHaveLength(1);
		streams[0]!.write('event: open\ndata: {}\n\n');
		await settle();
		const before = pulls(server);
		const pending = timers.delays();
		const requestsBefore = server.requests.length;

		server.storeFromElsewhere(otherTabletsHand(1));
		streams[0]!.write(`event: events\ndata: {"cursor":${server.eventsOf().length},"competitions":["c1"]}\n\n`);
		await settle();
		await engine.whenIdle();
		expect(pulls(server)).toBe(before + 1);
		expect(await db.events.get('tab-b-1')).toBeDefined();
		expect(timers.delays()).toEqual(pending); // no timer fired: the announcement did it
		// What was announced is events: neither the set-up nor the roster is fetched again for it.
		expect(server.requests.slice(requestsBefore).map((r) => `${r.method} ${r.path.split('/').pop()}`)).toEqual(['GET judge-events']);

		streams[0]!.write('event: events\ndata: {"cursor":99,"competitions":["c9"]}\n\n');
		await settle();
		await engine.whenIdle();
		expect(pulls(server)).toBe(before + 1);
		engine.stop();
	});

	it('opens the stream again after a gap and pulls what was announced meanwhile', async () => {
		const { engine, server, db, streams, timers } = await setUp();
		await engine.start();
		await engine.whenIdle();
		await settle();
		streams[0]!.write('event: open\ndata: {}\n\n');
		await settle();
		streams[0]!.end();
		await settle();
		server.storeFromElsewhere(otherTabletsHand(2));
		// The soonest timer is the feed's backoff (at most 1 s), before the 30 s poll.
		expect(timers.delays()[0]).toBeLessThan(30_000);
		timers.fireNext();
		await settle();
		expect(streams).toHaveLength(2);
		const before = pulls(server);
		streams[1]!.write('event: open\ndata: {}\n\n');
		await settle();
		await engine.whenIdle();
		expect(pulls(server)).toBe(before + 1);
		expect(await db.events.get('tab-b-2')).toBeDefined();
		engine.stop();
	});

	it('closes the stream when stopped, and keeps no stream without the option', async () => {
		const { engine, streams } = await setUp();
		await engine.start();
		await engine.whenIdle();
		await settle();
		expect(streams).toHaveLength(1);
		engine.stop();
		await settle();
		expect(() => streams[0]!.write('x')).toThrow();

		const plain = await setUp();
		const quiet = new SyncEngine({ db: plain.db, env: fakeEnvironment(plain.server, plain.timers) });
		await quiet.start();
		await quiet.whenIdle();
		expect(plain.server.requests.some((r) => r.path.endsWith('/announcements'))).toBe(false);
		quiet.stop();
	});

	it('tells each successful sync to its listeners, even two on a clock that did not move (what a re-read follows)', async () => {
		const { engine } = await setUp();
		let synced = 0;
		engine.onSynced(() => synced++);
		await engine.start();
		await engine.whenIdle();
		await engine.syncNow();
		expect(engine.status.lastSuccessAt).not.toBeNull();
		expect(synced).toBe(2);
		engine.stop();
	});
});
