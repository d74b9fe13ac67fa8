import { describe, expect, it } from 'vitest';
import type { JudgeEvent } from '$lib/events/schema';
import { SyncEngine, type SyncResult } from './engine';
import { fakeEnvironment, FakeSyncServer, freshDb, ManualTimers, pairingFor } from './fake-server.testkit';
import { savePairing } from './pairing';

// What a sync tells its listeners it brought (issue 32 #2): the screens read again only as far as that.

async function organizerDevice() {
	const timers = new ManualTimers();
	const server = new FakeSyncServer(timers.now);
	server.addCompetition({ id: 'c1', eventId: 'ev1', name: 'Individual', ruleset: { id: 'czjpa-individual', version: 1 } });
	server.addCompetition({ id: 'c2', eventId: 'ev1', name: 'Pairs', ruleset: { id: 'czjpa-pairs', version: 1 } });
	const db = freshDb();
	await savePairing(db, { ...pairingFor(), role: 'organizer' });
	const env = fakeEnvironment(server, timers);
	/** The pulls of events fail while this is set (the set-up and roster are fetched before them). */
	const broken = { pulls: false };
	const fetch = env.fetch;
	env.fetch = async (input, init) => {
		if (broken.pulls && input.includes('/judge-events') && (init?.method ?? 'GET') === 'GET') throw new TypeError('fetch failed');
		return fetch(input, init);
	};
	const engine = new SyncEngine({ db, env });
	const results: SyncResult[] = [];
	engine.onSynced((r) => results.push(r));
	return { server, db, engine, results, broken };
}

const hand = (seq: number, competitionId: string): JudgeEvent =>
	({ id: `tab-b-${seq}`, deviceId: 'tab-b', seq, at: 1_000_500 + seq, mono: seq, judge: 'Jan', competitionId, heatId: 'h1', entryId: 'e9', type: 'hand.raised', payload: {} }) as JudgeEvent;

const brought = (r: SyncResult) => ({ events: r.events.map((e) => e.id), competitions: r.competitions, setupChanged: r.setupChanged, rosterChanged: r.rosterChanged });

describe('SyncEngine: what a sync brought (SyncResult)', () => {
	it('the first sync tells the set-up and roster as changed; one that brings nothing says so; events are told with their competitions', async () => {
		const { server, engine, results } = await organizerDevice();
		server.roster = [];
		await engine.start();
		await engine.whenIdle();
		expect(brought(results.at(-1)!)).toEqual({ events: [], competitions: [], setupChanged: true, rosterChanged: true });

		await engine.syncNow();
		expect(brought(results.at(-1)!)).toEqual({ events: [], competitions: [], setupChanged: false, rosterChanged: false });

		server.storeFromElsewhere(hand(1, 'c2'));
		server.storeFromElsewhere(hand(2, 'c2'));
		server.storeFromElsewhere(hand(3, 'c1'));
		await engine.syncNow();
		expect(brought(results.at(-1)!)).toEqual({ events: ['tab-b-1', 'tab-b-2', 'tab-b-3'], competitions: ['c1', 'c2'], setupChanged: false, rosterChanged: false });
		engine.stop();
	});

	it('a changed set-up or roster is told once, by the sync that fetched it', async () => {
		const { server, engine, results } = await organizerDevice();
		await engine.start();
		await engine.whenIdle();
		server.addCompetition({ id: 'c3', eventId: 'ev1', name: 'Teams', ruleset: { id: 'czjpa-teams', version: 1 } });
		await engine.syncNow();
		expect(brought(results.at(-1)!)).toMatchObject({ setupChanged: true, rosterChanged: false });
		await engine.syncNow();
		expect(brought(results.at(-1)!)).toMatchObject({ setupChanged: false, rosterChanged: false });

		const name = 'Ana';
		server.roster = [{ id: 'r1', competitionId: 'c1', name, status: 'registered', members: [{ id: 'p1', name, minor: false, child: false }], fee: { amount: 400, currency: 'CZK' }, paid: false }];
		await engine.syncNow();
		expect(brought(results.at(-1)!)).toMatchObject({ setupChanged: false, rosterChanged: true });
		await engine.syncNow();
		expect(brought(results.at(-1)!)).toMatchObject({ setupChanged: false, rosterChanged: false });
		engine.stop();
	});

	it('a sync that failed after it began to store what it pulled: the next successful one tells everything as changed', async () => {
		const { server, engine, results, broken } = await organizerDevice();
		await engine.start();
		await engine.whenIdle();
		const told = results.length;
		// The set-up changes and is stored, then the pull fails: nobody was told.
		server.addCompetition({ id: 'c3', eventId: 'ev1', name: 'Teams', ruleset: { id: 'czjpa-teams', version: 1 } });
		broken.pulls = true;
		await engine.syncNow();
		expect(results).toHaveLength(told);
		expect(engine.status.lastError).not.toBeNull();
		broken.pulls = false;
		await engine.syncNow();
		expect(brought(results.at(-1)!)).toMatchObject({ setupChanged: true, rosterChanged: true });
		await engine.syncNow();
		expect(brought(results.at(-1)!)).toMatchObject({ setupChanged: false, rosterChanged: false });
		engine.stop();
	});
});
