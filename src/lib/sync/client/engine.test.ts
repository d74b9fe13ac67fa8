import { describe, expect, it } from 'vitest';
import { EventLog } from '$lib/db/event-log';
import { SyncEngine, type SyncStatusSnapshot } from './engine';
import { fakeEnvironment, FakeSyncServer, freshDb, ManualTimers, pairingFor } from './fake-server.testkit';
import { savePairing } from './pairing';
import { followCompetitions } from './pull-scope';

async function setUp(options: { paired?: boolean; events?: number; random?: () => number } = {}) {
	const timers = new ManualTimers();
	const server = new FakeSyncServer(timers.now);
	server.addCompetition({ id: 'c1', eventId: 'ev1', name: 'Individual', ruleset: { id: 'czjpa-individual', version: 1 } });
	const db = freshDb();
	if (options.paired ?? true) await savePairing(db, pairingFor());
	const log = await EventLog.open(db, { now: timers.now });
	for (let i = 0; i < (options.events ?? 2); i++) await tap(log, i);
	const engine = new SyncEngine({ db, env: fakeEnvironment(server, timers, options.random) });
	const seen: SyncStatusSnapshot[] = [];
	engine.subscribe((s) => seen.push(s));
	return { timers, server, db, log, engine, seen };
}

function tap(log: EventLog, i: number) {
	return log.append({ at: 1_000_000 + i, mono: i, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: `e${i}`, type: 'hand.raised', payload: {} });
}

/** Fires the engine's one pending timer and waits for the sync it starts. */
async function fire(timers: ManualTimers, engine: SyncEngine) {
	expect(timers.fireNext()).toBe(true);
	await engine.whenIdle();
}

describe('SyncEngine', () => {
	it('does nothing but say so when the tablet is not paired', async () => {
		const { engine, server, timers } = await setUp({ paired: false });
		await engine.start();
		await engine.whenIdle();
		expect(engine.status).toMatchObject({ state: 'unpaired', waiting: 2 });
		expect(server.requests).toEqual([]);
		expect(timers.delays()).toEqual([]);
	});

	it('syncs on start: pushes, pulls, measures the clock, then syncs again every 30 s', async () => {
		const { engine, server, timers, seen } = await setUp();
		server.offsetMs = 250;
		await engine.start();
		await engine.whenIdle();
		expect(server.stored.size).toBe(2);
		expect(engine.status).toMatchObject({ state: 'online', reachable: true, waiting: 0, rejected: 0, lastError: null, offsetMs: 250, lastSuccessAt: timers.clock });
		expect(seen.some((s) => s.state === 'syncing')).toBe(true);
		expect(server.clocks).toEqual([{ offsetMs: 250, roundTripMs: 0, measuredAt: timers.clock }]);
		expect(timers.delays()).toEqual([30_000]);
		await fire(timers, engine);
		expect(timers.delays()).toEqual([30_000]);
	});

	it('tells the server its display mode with every sync request made with the tablet’s token', async () => {
		const timers = new ManualTimers();
		const server = new FakeSyncServer(timers.now);
		server.addCompetition({ id: 'c1', eventId: 'ev1', name: 'Individual', ruleset: { id: 'czjpa-individual', version: 1 } });
		const db = freshDb();
		await savePairing(db, pairingFor());
		await tap(await EventLog.open(db, { now: timers.now }), 0);
		const env = fakeEnvironment(server, timers);
		const said: [string, string | undefined][] = [];
		const engine = new SyncEngine({
			db,
			env: {
				...env,
				fetch: (url, init = {}) => {
					const headers = init.headers as Record<string, string>;
					if (headers.authorization) said.push([init.method ?? 'GET', headers['x-display-mode']]);
					return env.fetch(url, init);
				}
			},
			displayMode: () => 'standalone'
		});
		await engine.start();
		await engine.whenIdle();
		expect(said.map(([method]) => method)).toContain('POST');
		expect(said.map(([method]) => method)).toContain('GET');
		expect(said.every(([, mode]) => mode === 'standalone')).toBe(true);
	});

	it('pushes soon after a recorded event, and a request during a sync runs one more sync', async () => {
		const { engine, server, timers, log } = await setUp({ events: 0 });
		log.onAppend(() => engine.eventsQueued());
		await engine.start();
		await engine.whenIdle();
		await tap(log, 1);
		await Promise.resolve();
		expect(timers.delays()[0]).toBe(300);
		await fire(timers, engine);
		expect(server.stored.size).toBe(1);

		// Two requests while one sync runs: one more sync after it, never two at once.
		server.mostInFlight = 0;
		const before = server.pushRequests().length;
		await tap(log, 2);
		const first = engine.syncNow();
		await tap(log, 3);
		engine.eventsQueued();
		await Promise.all([first, engine.syncNow()]);
		await engine.whenIdle();
		expect(server.mostInFlight).toBe(1);
		expect(server.stored.size).toBe(3);
		expect(server.pushRequests().length - before).toBeLessThanOrEqual(2);
		expect(engine.status.waiting).toBe(0);
	});

	it('backs off exponentially with full jitter, capped at 60 s, and starts over after a success', async () => {
		const { engine, server, timers } = await setUp({ random: () => 0.5 });
		server.down = true;
		await engine.start();
		await engine.whenIdle();
		expect(engine.status).toMatchObject({ state: 'offline', reachable: false, waiting: 2 });
		const delays = [timers.delays()[0]];
		for (let i = 0; i < 8; i++) {
			await fire(timers, engine);
			delays.push(timers.delays()[0]);
		}
		expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
		expect(engine.status.lastError).toMatch(/cannot reach/);

		server.down = false;
		await fire(timers, engine);
		expect(engine.status).toMatchObject({ state: 'online', waiting: 0, lastError: null });
		expect(timers.delays()).toEqual([30_000]);
		server.down = true;
		await fire(timers, engine);
		expect(timers.delays()).toEqual([500]);
	});

	it('draws each delay anywhere in the window: jitter, never past the cap', async () => {
		const draws = [0, 0.999, 0.25, 0.999, 0.999, 0.999, 0.999, 0.999, 0.999, 0.999];
		let i = 0;
		const { engine, server, timers } = await setUp({ random: () => draws[i++ % draws.length]! });
		server.down = true;
		await engine.start();
		await engine.whenIdle();
		const delays = [timers.delays()[0]!];
		for (let n = 0; n < 9; n++) {
			await fire(timers, engine);
			delays.push(timers.delays()[0]!);
		}
		expect(delays.slice(0, 3)).toEqual([0, 0.999 * 2000, 0.25 * 4000]);
		expect(Math.max(...delays)).toBeLessThan(60_000);
		expect(delays.at(-1)).toBeCloseTo(0.999 * 60_000);
	});

	it('counts a server error as reachable, and backs off', async () => {
		const { engine, server, timers } = await setUp({ random: () => 0.5 });
		server.failWith = [500, 500]; // the clock's exchange, then the push
		await engine.start();
		await engine.whenIdle();
		expect(engine.status).toMatchObject({ state: 'online', reachable: true, waiting: 2, lastError: 'failed with 500' });
		expect(timers.delays()).toEqual([500]);
	});

	it('stops retrying after an authentication failure until the pairing changes', async () => {
		const { engine, server, timers, db, log } = await setUp();
		server.tokens.clear();
		await engine.start();
		await engine.whenIdle();
		expect(engine.status.state).toBe('auth-failed');
		expect(timers.delays()).toEqual([]);
		const requests = server.requests.length;
		await tap(log, 5);
		await engine.eventsQueued();
		engine.online();
		engine.visible();
		await engine.whenIdle();
		expect(timers.delays()).toEqual([]);
		expect(server.requests.length).toBe(requests);
		expect(engine.status.waiting).toBe(3);

		// Re-paired with a token the server knows.
		const token = 'fresh-token-0123456789abcdef';
		server.tokens.set(token, 'ev1');
		await savePairing(db, { ...pairingFor(), token });
		await engine.pairingChanged();
		await engine.whenIdle();
		expect(engine.status).toMatchObject({ state: 'online', waiting: 0 });
		expect(server.stored.size).toBe(3);
	});

	it('notifies pull listeners of the events other devices sent', async () => {
		const { engine, server, db } = await setUp({ events: 0 });
		await followCompetitions(db, ['c1']); // a heat of c1 opened on the station
		server.storeFromElsewhere({ id: 'tab-b-1', deviceId: 'tab-b', seq: 1, at: 5, mono: 5, judge: 'Ana', competitionId: 'c1', heatId: null, entryId: null, type: 'incident.noted', payload: { note: 'hi' } });
		const pulled: string[] = [];
		engine.onPulled((events) => pulled.push(...events.map((e) => e.id)));
		await engine.start();
		await engine.whenIdle();
		expect(pulled).toEqual(['tab-b-1']);
		expect(await db.events.get('tab-b-1')).toBeDefined();
		expect(engine.status.waiting).toBe(0);
	});

	it('stops scheduling when stopped', async () => {
		const { engine, timers } = await setUp();
		await engine.start();
		await engine.whenIdle();
		engine.stop();
		expect(timers.delays()).toEqual([]);
	});

	describe('what a device pulls, by its role (issue 18)', () => {
		const elsewhere = (competitionId: string, seq: number) =>
			({ id: `tab-b-${seq}`, deviceId: 'tab-b', seq, at: 5, mono: 5, judge: 'Ana', competitionId, heatId: null, entryId: null, type: 'incident.noted', payload: { note: competitionId } }) as const;
		const pullPaths = (server: FakeSyncServer) => server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/judge-events'));

		it('a judge tablet pulls the competitions it recorded in, not the others; one opened on the station is fetched from its start', async () => {
			const { engine, server, db } = await setUp({ events: 2 });
			server.addCompetition({ id: 'c2', eventId: 'ev1', name: 'Pairs', ruleset: { id: 'czjpa-pairs', version: 1 } });
			server.storeFromElsewhere(elsewhere('c1', 1));
			server.storeFromElsewhere(elsewhere('c2', 2));
			await engine.start();
			await engine.whenIdle();
			expect(await db.events.get('tab-b-1')).toBeDefined();
			expect(await db.events.get('tab-b-2')).toBeUndefined();
			expect(pullPaths(server)).toHaveLength(1);
			expect(await followCompetitions(db, ['c2'])).toBe(true);
			expect(await followCompetitions(db, ['c2'])).toBe(false);
			await engine.syncNow();
			expect(await db.events.get('tab-b-2')).toBeDefined();
			expect(await db.events.count()).toBe(4);
		});

		it('an organizer device pulls every competition', async () => {
			const { engine, server, db } = await setUp({ events: 0 });
			await savePairing(db, { ...pairingFor(), role: 'organizer' });
			await engine.pairingChanged();
			server.addCompetition({ id: 'c2', eventId: 'ev1', name: 'Pairs', ruleset: { id: 'czjpa-pairs', version: 1 } });
			server.storeFromElsewhere(elsewhere('c1', 1));
			server.storeFromElsewhere(elsewhere('c2', 2));
			await engine.start();
			await engine.whenIdle();
			expect(await db.events.count()).toBe(2);
		});

		it('a tablet from before scoped pulls follows the competitions of its own events', async () => {
			const { engine, server, db } = await setUp({ events: 0 });
			server.addCompetition({ id: 'c2', eventId: 'ev1', name: 'Pairs', ruleset: { id: 'czjpa-pairs', version: 1 } });
			const log = await EventLog.open(db);
			await log.append({ at: 1, mono: 1, judge: 'Eva', competitionId: 'c2', heatId: 'h1', entryId: 'e1', type: 'hand.raised', payload: {} });
			await db.outbox.clear(); // pushed long ago
			server.storeFromElsewhere(elsewhere('c2', 1));
			server.storeFromElsewhere(elsewhere('c1', 2));
			await engine.start();
			await engine.whenIdle();
			expect(await db.events.get('tab-b-1')).toBeDefined();
			expect(await db.events.get('tab-b-2')).toBeUndefined();
		});
	});
});
