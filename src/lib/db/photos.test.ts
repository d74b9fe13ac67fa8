import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StationDb, STORES_V1 } from './station-db';
import { attachPending, entryPhotos, type PhotoListing, markPhotoRefused, markPhotoUploaded, nextPhotoToUpload, photoBlob, photosWaiting, refusedPhotos, storePhoto } from './photos';

const T0 = Date.UTC(2026, 4, 16, 9);

function freshDb(name = `test-${Math.random()}`, factory = new IDBFactory()): StationDb {
	return new StationDb(name, { indexedDB: factory, IDBKeyRange });
}

const hashOf = (n: number) => n.toString(16).padStart(64, '0');

function photo(n: number, over: Partial<PhotoListing> = {}): Omit<PhotoListing, 'uploaded' | 'refused'> {
	return {
		hash: hashOf(n),
		eventId: 'ev1',
		competitionId: 'c1',
		heatId: 'h1',
		entryId: 'e1',
		subject: 'tally',
		judgeEventId: 'tab-a-3',
		takenAt: T0 + n,
		width: 1600,
		height: 1200,
		mediaType: 'image/jpeg',
		bytes: 3,
		thumbnail: new Blob(['t'], { type: 'image/jpeg' }),
		...over
	};
}

const jpeg = (text: string) => new Blob([text], { type: 'image/jpeg' });

describe("the tablet's photos", () => {
	it('stores a photo and its bytes apart, once: the same bytes again store nothing', async () => {
		const db = freshDb();
		expect(await storePhoto(db, photo(1), jpeg('abc'))).toBe(true);
		expect(await storePhoto(db, photo(1, { takenAt: T0 + 99 }), jpeg('abc'))).toBe(false);
		const [row] = await entryPhotos(db, 'e1');
		expect(row).toMatchObject({ hash: hashOf(1), takenAt: T0 + 1, uploaded: 0, refused: null, judgeEventId: 'tab-a-3' });
		expect(await row!.thumbnail.text()).toBe('t');
		expect(await (await photoBlob(db, hashOf(1)))!.text()).toBe('abc');
		expect(await photoBlob(db, hashOf(2))).toBeNull();
	});

	it('writes the photo and its bytes together or not at all', async () => {
		const db = freshDb();
		// The bytes' write fails (a full disk) after the photo's row was added…
		db.photoBytes.hook('creating', () => {
			throw new Error('the disk is full');
		});
		await expect(storePhoto(db, photo(1), jpeg('abc'))).rejects.toThrow('the disk is full');
		// …and then the row must not be stored either.
		expect(await db.photos.count()).toBe(0);
		expect(await db.photoBytes.count()).toBe(0);
	});

	it("lists an entry's photos oldest first, and no other entry's", async () => {
		const db = freshDb();
		await storePhoto(db, photo(3), jpeg('c'));
		await storePhoto(db, photo(2, { entryId: 'e2' }), jpeg('b'));
		await storePhoto(db, photo(1), jpeg('a'));
		expect((await entryPhotos(db, 'e1')).map((r) => r.hash)).toEqual([hashOf(1), hashOf(3)]);
	});

	it('attaches the photos taken before their tally or check to the event once it is recorded', async () => {
		const db = freshDb();
		await storePhoto(db, photo(1, { judgeEventId: undefined }), jpeg('a'));
		await storePhoto(db, photo(2, { judgeEventId: undefined, puzzleId: 'p2' }), jpeg('b'));
		await storePhoto(db, photo(3, { judgeEventId: undefined, subject: 'check' }), jpeg('c'));
		await storePhoto(db, photo(4, { judgeEventId: 'tab-a-1' }), jpeg('d'));
		expect(await attachPending(db, { entryId: 'e1', subject: 'tally' }, 'tab-a-9')).toBe(1);
		const byHash = new Map((await entryPhotos(db, 'e1')).map((r) => [r.hash, r.judgeEventId]));
		expect([...byHash.values()]).toEqual(['tab-a-9', undefined, undefined, 'tab-a-1']);
		expect(await attachPending(db, { entryId: 'e1', puzzleId: 'p2', subject: 'tally' }, 'tab-a-10')).toBe(1);
		expect(await attachPending(db, { entryId: 'e1', subject: 'tally' }, 'tab-a-11')).toBe(0);
	});

	it('queues the photos the server does not hold, oldest first; one without its event waits its grace', async () => {
		const db = freshDb();
		await storePhoto(db, photo(5), jpeg('e'));
		await storePhoto(db, photo(2, { judgeEventId: undefined }), jpeg('b'));
		await storePhoto(db, photo(3), jpeg('c'));
		await storePhoto(db, photo(1, { eventId: 'ev-other' }), jpeg('a'));
		expect(await photosWaiting(db, 'ev1')).toBe(3);
		// The one without its event (taken at T0+2) waits for 60 s…
		expect((await nextPhotoToUpload(db, 'ev1', T0 + 1000, 60_000))!.hash).toBe(hashOf(3));
		// …then goes first.
		expect((await nextPhotoToUpload(db, 'ev1', T0 + 70_000, 60_000))!.hash).toBe(hashOf(2));
		await markPhotoUploaded(db, hashOf(3));
		await markPhotoRefused(db, hashOf(5), 'too large', T0 + 5000);
		expect((await nextPhotoToUpload(db, 'ev1', T0 + 1000, 60_000))).toBeNull();
		expect(await photosWaiting(db, 'ev1')).toBe(1);
		expect((await refusedPhotos(db)).map((r) => [r.hash, r.refused!.reason])).toEqual([[hashOf(5), 'too large']]);
	});

	it('upgrades a version-4 database: everything kept, the photo tables added empty', async () => {
		const factory = new IDBFactory();
		const name = `test-${Math.random()}`;
		// The version-4 database as the release before photos left it.
		const v4 = new Dexie(name, { indexedDB: factory, IDBKeyRange });
		v4.version(1).stores(STORES_V1);
		v4.version(2).stores({ outbox: '++n, &id', rejected: 'id' });
		v4.version(3).stores({ merges: 'id, eventId' });
		v4.version(4).stores({ roster: 'id, eventId' });
		const base = { mono: 0, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: 'e1', type: 'hand.raised', payload: {}, deviceId: 'tab-a' };
		await v4.table('events').add({ ...base, id: 'tab-a-1', seq: 1, at: T0 });
		await v4.table('outbox').add({ id: 'tab-a-1', queuedAt: T0 });
		await v4.table('roster').add({ id: 'r1', eventId: 'ev1', position: 0 });
		v4.close();

		const db = freshDb(name, factory);
		expect(await db.events.count()).toBe(1);
		expect(await db.outbox.count()).toBe(1);
		expect(await db.roster.count()).toBe(1);
		expect(await db.photos.count()).toBe(0);
		expect(db.verno).toBe(5);
		expect(await storePhoto(db, photo(1), jpeg('a'))).toBe(true);
		expect(await photosWaiting(db, 'ev1')).toBe(1);
	});
});
