import { describe, expect, it } from 'vitest';
import type { RosterEntry } from '$lib/registration/schema';
import { SyncApi } from './api';
import { FakeSyncServer, freshDb, pairingFor, SERVER, TOKEN } from './fake-server.testkit';
import { pullRoster, readRoster, rosterTagKey, saveRoster } from './roster';

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

	it('issue 29 #9: a 304 keeps the stored roster as it is; a change on the server is fetched whole', async () => {
		const { db, server, pairing } = setUp();
		const sent: (string | null)[] = [];
		const answered: (string | null)[] = [];
		const api = new SyncApi({ server: SERVER, token: TOKEN, setTimeout, clearTimeout, fetch: async (input, init) => {
			if (input.endsWith('/roster')) sent.push((init?.headers as Record<string, string>)['if-none-match'] ?? null);
			const response = await server.fetch(input, init);
			if (input.endsWith('/roster')) answered.push(response.headers.get('etag'));
			return response;
		} });
		server.roster = [entry('r-z', 'Zdeněk'), entry('r-a', 'Alena')];
		await pullRoster(db, api, pairing);
		const held = await readRoster(db, 'ev1');
		expect(held).toEqual(server.roster);
		// Nothing changed: the device names the ETag it got, the server answers 304, and the device keeps what it has, unwritten.
		let writes = 0;
		db.roster.hook('creating', () => void writes++);
		db.roster.hook('deleting', () => void writes++);
		await pullRoster(db, api, pairing);
		await pullRoster(db, api, pairing);
		expect(server.rosterStatuses).toEqual([200, 304, 304]);
		expect(sent).toEqual([null, answered[0], answered[0]]);
		expect(writes).toBe(0);
		expect(await readRoster(db, 'ev1')).toEqual(held);
		// A change (a payment): the whole roster again, and its new ETag named from then on.
		server.roster = [entry('r-z', 'Zdeněk'), { ...entry('r-a', 'Alena'), paid: true }];
		await pullRoster(db, api, pairing);
		await pullRoster(db, api, pairing);
		expect(server.rosterStatuses).toEqual([200, 304, 304, 200, 304]);
		expect(answered[3]).not.toBe(answered[0]);
		expect(sent.at(-1)).toBe(answered[3]);
		expect(await readRoster(db, 'ev1')).toEqual(server.roster);
	});

	it('issue 29 #9: the ETag is sent only for the rows it came with, from the server it came from', async () => {
		const { db, server, api, pairing } = setUp();
		server.roster = [entry('r-a', 'Alena'), entry('r-m', 'Marek')];
		await pullRoster(db, api, pairing);
		// Rows gone from the device (not through a pull): the whole roster again.
		await db.roster.delete('r-m');
		await pullRoster(db, api, pairing);
		expect(await readRoster(db, 'ev1')).toEqual(server.roster);
		// Another server for the same event (one with the same roster, which would answer 304 to the tag): fetched whole.
		const other = new FakeSyncServer();
		other.roster = server.roster;
		const otherApi = new SyncApi({ server: SERVER, token: TOKEN, fetch: other.fetch, setTimeout, clearTimeout });
		await pullRoster(db, otherApi, { ...pairing, server: 'http://other.test' });
		expect(other.rosterStatuses).toEqual([200]);
		expect(await readRoster(db, 'ev1')).toEqual(other.roster);
		// A roster saved without a tag forgets the old one.
		await saveRoster(db, 'ev1', server.roster!);
		expect(await db.meta.get(rosterTagKey('ev1'))).toBeUndefined();
		await pullRoster(db, api, pairing);
		// A server that sends no ETag: fetched whole every time, nothing kept to send.
		server.rosterEtags = false;
		await pullRoster(db, api, pairing);
		await pullRoster(db, api, pairing);
		expect(server.rosterStatuses).toEqual([200, 200, 200, 200, 200]);
		expect(await db.meta.get(rosterTagKey('ev1'))).toBeUndefined();
		expect(await readRoster(db, 'ev1')).toEqual(server.roster);
	});
});
