import { describe, expect, it } from 'vitest';
import { storePhoto } from '$lib/db/photos';
import type { PhotoListing as PhotoRow } from '$lib/db/photos';
import { SyncEngine } from './engine';
import { fakeEnvironment, FakeSyncServer, freshDb, ManualTimers, pairingFor } from './fake-server.testkit';
import { savePairing } from './pairing';
import { PENDING_PHOTO_GRACE_MS } from './photo-upload';
import type { FetchLike } from './environment';
import type { PhotoInfo } from '$lib/contract/photos';

const hashOf = (n: number) => n.toString(16).padStart(64, '0');

const PHOTO_INFO: PhotoInfo = {
	hash: hashOf(0),
	competitionId: 'c1',
	heatId: 'h1',
	entryId: 'e1',
	puzzleId: null,
	judgeEventId: null,
	subject: 'tally',
	takenAt: 1,
	deviceId: 'tab-a',
	mediaType: 'image/jpeg',
	bytes: 1,
	width: 1,
	height: 1,
	receivedAt: 1
};

async function setUp(photos: number[], wrap: ((fetch: FetchLike) => FetchLike) | Partial<PhotoRow> = {}) {
	const over = typeof wrap === 'function' ? {} : wrap;
	const timers = new ManualTimers();
	const server = new FakeSyncServer(timers.now);
	server.addCompetition({ id: 'c1', eventId: 'ev1', name: 'Individual', ruleset: { id: 'czjpa-individual', version: 1 } });
	const db = freshDb();
	await savePairing(db, pairingFor());
	for (const n of photos)
		await storePhoto(
			db,
			{
				hash: hashOf(n),
				eventId: 'ev1',
				competitionId: 'c1',
				heatId: 'h1',
				entryId: 'e1',
				judgeEventId: 'tab-a-1',
				subject: 'tally',
				takenAt: timers.clock - 1000 + n,
				width: 1600,
				height: 1200,
				mediaType: 'image/jpeg',
				bytes: 100 * n,
				thumbnail: new Blob(['t'], { type: 'image/jpeg' }),
				...over
			},
			new Blob([new Uint8Array(100 * n)], { type: 'image/jpeg' })
		);
	const env = fakeEnvironment(server, timers);
	const engine = new SyncEngine({ db, env: typeof wrap === 'function' ? { ...env, fetch: wrap(env.fetch) } : env });
	return { timers, server, db, engine };
}

/** The photo requests the server saw, as "HEAD 1" / "PUT 2" (the photo's number). */
function photoCalls(server: FakeSyncServer): string[] {
	return server.requests.filter((r) => r.path.includes('/photos/')).map((r) => `${r.method} ${parseInt(r.path.split('/').pop()!, 16)}`);
}

describe('the photo upload of the sync engine', () => {
	it('sends the photos after the events, oldest first, one at a time: HEAD, then PUT; then they are sent', async () => {
		const { server, engine, db } = await setUp([2, 1]);
		await engine.start();
		expect(engine.status.photosWaiting).toBe(2);
		await engine.whenIdle();
		expect(photoCalls(server)).toEqual(['HEAD 1', 'PUT 1', 'HEAD 2', 'PUT 2']);
		expect(server.mostInFlight).toBe(1);
		expect(server.photos.get(hashOf(2))).toMatchObject({ entryId: 'e1', judgeEventId: 'tab-a-1', subject: 'tally', bytes: 200, width: 1600 });
		expect(engine.status).toMatchObject({ photosWaiting: 0, photosRefused: 0, lastError: null });
		expect((await db.photos.toArray()).map((r) => r.uploaded)).toEqual([1, 1]);
		// The next sync sends nothing again.
		await engine.syncNow();
		expect(photoCalls(server)).toHaveLength(4);
	});

	it('resumes: a photo the server holds already is only marked, its bytes not sent again', async () => {
		const { server, engine } = await setUp([1, 2]);
		server.photos.set(hashOf(1), { ...PHOTO_INFO, hash: hashOf(1) });
		await engine.start();
		await engine.whenIdle();
		expect(photoCalls(server)).toEqual(['HEAD 1', 'HEAD 2', 'PUT 2']);
		expect(engine.status.photosWaiting).toBe(0);
	});

	it('retries after a network failure with the backoff, and a lost answer costs one HEAD, not a second copy', async () => {
		let puts = 0;
		const { server, engine, timers } = await setUp([1], (fetch) => async (input, init = {}) => {
			// The first PUT is carried out, its answer lost on the way back.
			if (init.method === 'PUT' && ++puts === 1) {
				await fetch(input, init);
				throw new TypeError('network connection lost');
			}
			return fetch(input, init);
		});
		server.down = true;
		await engine.start();
		await engine.whenIdle();
		expect(engine.status).toMatchObject({ reachable: false, photosWaiting: 1 });
		expect(server.photos.size).toBe(0);
		expect(timers.delays()[0]).toBeLessThan(30_000);
		server.down = false;
		expect(timers.fireNext()).toBe(true);
		await engine.whenIdle();
		expect(server.photos.size).toBe(1);
		expect(engine.status).toMatchObject({ photosWaiting: 1, reachable: false });
		expect(timers.fireNext()).toBe(true);
		await engine.whenIdle();
		expect(engine.status).toMatchObject({ photosWaiting: 0, lastError: null });
		expect(puts).toBe(1);
		expect(photoCalls(server).slice(-1)).toEqual(['HEAD 1']);
	});

	it('records a refusal with the server’s message, never sends it again, and sends the others', async () => {
		const { server, engine, db } = await setUp([1, 5, 2]);
		server.maxPhotoBytes = 300;
		await engine.start();
		await engine.whenIdle();
		expect(engine.status).toMatchObject({ photosWaiting: 0, photosRefused: 1, lastError: null, state: 'online' });
		expect((await db.photos.get(hashOf(5)))!.refused).toMatchObject({ reason: 'a photo holds at most 300 bytes' });
		expect([...server.photos.keys()].sort()).toEqual([hashOf(1), hashOf(2)]);
		await engine.syncNow();
		expect(photoCalls(server).filter((c) => c === 'PUT 5')).toHaveLength(1);
	});

	it('refuses a photo whose entry the server does not know (404) or whose evidence was erased (410), and sends the rest: a refusal never stalls the queue', async () => {
		const { server, engine, db } = await setUp([1, 2, 3]);
		server.photoRefusals.set(hashOf(1), [404, 'entry "e9" is not an entry of competition "c1"']);
		server.photoRefusals.set(hashOf(2), [410, 'the evidence of this event was erased on 2026-06-16']);
		await engine.start();
		await engine.whenIdle();
		expect(engine.status).toMatchObject({ photosWaiting: 0, photosRefused: 2, lastError: null, state: 'online' });
		expect((await db.photos.get(hashOf(1)))!.refused).toMatchObject({ reason: 'entry "e9" is not an entry of competition "c1"' });
		expect((await db.photos.get(hashOf(2)))!.refused).toMatchObject({ reason: 'the evidence of this event was erased on 2026-06-16' });
		expect([...server.photos.keys()]).toEqual([hashOf(3)]);
	});

	it('leaves the photos waiting on a server without the photo endpoint, and the sync succeeds', async () => {
		const { server, engine } = await setUp([1]);
		server.photoEndpoint = false;
		await engine.start();
		await engine.whenIdle();
		expect(engine.status).toMatchObject({ photosWaiting: 1, photosRefused: 0, lastError: null, state: 'online' });
	});

	it('waits for the event of a photo taken before its tally was recorded, for a while', async () => {
		const { server, engine, timers } = await setUp([1], { judgeEventId: undefined });
		await engine.start();
		await engine.whenIdle();
		expect(photoCalls(server)).toEqual([]);
		expect(engine.status.photosWaiting).toBe(1);
		timers.clock += PENDING_PHOTO_GRACE_MS;
		await engine.syncNow();
		expect(photoCalls(server)).toEqual(['HEAD 1', 'PUT 1']);
		expect(server.photos.get(hashOf(1))!.judgeEventId).toBeNull();
	});
});
