import { describe, expect, it } from 'vitest';
import type { RosterEntry } from '$lib/registration/schema';
import { SyncApi } from './api';
import { FakeSyncServer, freshDb, pairingFor, SERVER, TOKEN } from './fake-server.testkit';
import { pullRoster, readRoster } from './roster';

const entry = (id: string, name: string): RosterEntry => ({
	id, competitionId: 'c1', name, status: 'registered', members: [{ id: `p-${id}`, name, minor: false, child: false }], fee: { amount: 400, currency: 'CZK' }, paid: false
});

function setUp() {
	const db = freshDb();
	const server = new FakeSyncServer();
	const api = new SyncApi({ server: SERVER, token: TOKEN, fetch: server.fetch, setTimeout, clearTimeout });
	return { db, server, api, pairing: pairingFor() };
}

describe('the roster on the device', () => {
	it('is kept in the server’s order and replaced by the next pull (a cancelled registration leaves it)', async () => {
		const { db, server, api, pairing } = setUp();
		server.roster = [entry('r-z', 'Zdeněk'), entry('r-a', 'Alena'), entry('r-m', 'Marek')];
		await pullRoster(db, api, pairing);
		expect((await readRoster(db, 'ev1')).map((r) => r.id)).toEqual(['r-z', 'r-a', 'r-m']);
		expect(await readRoster(db, 'ev1')).toEqual(server.roster);
		server.roster = [entry('r-m', 'Marek'), { ...entry('r-a', 'Alena'), paid: true }];
		await pullRoster(db, api, pairing);
		expect(await readRoster(db, 'ev1')).toEqual(server.roster);
		expect(await readRoster(db, 'other')).toEqual([]);
	});

	it('a server without a roster (404) leaves the device’s as it was; other failures are the sync’s', async () => {
		const { db, server, api, pairing } = setUp();
		server.roster = [entry('r-a', 'Alena')];
		await pullRoster(db, api, pairing);
		server.roster = null;
		await pullRoster(db, api, pairing);
		expect((await readRoster(db, 'ev1')).map((r) => r.id)).toEqual(['r-a']);
		server.failWith.push(500);
		await expect(pullRoster(db, api, pairing)).rejects.toMatchObject({ kind: 'server' });
	});
});
