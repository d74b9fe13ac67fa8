import type { PhotoBytesRow, PhotoRow, StationDb } from './station-db';
import { EVENTS_CHANNEL } from './event-log';

/**
 * The tablet's photos of evidence (issue 33): stored with their bytes in one transaction (the
 * database writes with strict durability: "stored" is on disk), beside the judge event they
 * show, listed by entry for the seat card, and queued for upload oldest first.
 */

/** A photo as the screens list it: its thumbnail as a Blob (stored as bytes). */
export type PhotoListing = Omit<PhotoRow, 'thumbnail'> & { thumbnail: Blob };

/**
 * Stores a photo and its bytes together; a photo already held (the same bytes: the same hash) is
 * left as it was. True when it was new. The Blobs are read into bytes before the transaction
 * (a transaction must not wait on anything but the database).
 */
export async function storePhoto(db: StationDb, row: Omit<PhotoListing, 'uploaded' | 'refused'>, blob: Blob): Promise<boolean> {
	const [bytes, thumbnail] = await Promise.all([blob.arrayBuffer(), row.thumbnail.arrayBuffer()]);
	return db.transaction('rw', db.photos, db.photoBytes, async () => {
		if (await db.photos.get(row.hash)) return false;
		await db.photos.add({ ...row, thumbnail, uploaded: 0, refused: null });
		await db.photoBytes.put({ hash: row.hash, bytes, type: blob.type || row.mediaType } satisfies PhotoBytesRow);
		return true;
	});
}

const listing = (row: PhotoRow): PhotoListing => ({ ...row, thumbnail: new Blob([row.thumbnail], { type: 'image/jpeg' }) });

/** An entry's photos, oldest first (thumbnails and what they show; no bytes). */
export async function entryPhotos(db: StationDb, entryId: string): Promise<PhotoListing[]> {
	const rows = await db.photos.where('entryId').equals(entryId).toArray();
	return rows.sort((a, b) => a.takenAt - b.takenAt || a.hash.localeCompare(b.hash)).map(listing);
}

/** A photo's bytes, or null when this device does not hold it. */
export async function photoBlob(db: StationDb, hash: string): Promise<Blob | null> {
	const row = await db.photoBytes.get(hash);
	return row ? new Blob([row.bytes], { type: row.type }) : null;
}

/** What a photo taken before its event was recorded waits for: the tally or check of this entry (and relay puzzle). */
export interface PendingPhotos {
	entryId: string;
	puzzleId?: string;
	subject: PhotoRow['subject'];
}

/**
 * Attaches the photos of `pending` that have no event yet (taken while the tally was being
 * entered, or at the check before it was confirmed) and were not sent yet to the event that
 * was recorded. Returns how many.
 */
export function attachPending(db: StationDb, pending: PendingPhotos, judgeEventId: string): Promise<number> {
	return db.transaction('rw', db.photos, async () => {
		const rows = await db.photos.where('entryId').equals(pending.entryId).toArray();
		const waiting = rows.filter((r) => r.judgeEventId === undefined && r.uploaded === 0 && r.subject === pending.subject && r.puzzleId === pending.puzzleId);
		for (const row of waiting) await db.photos.update(row.hash, { judgeEventId });
		return waiting.length;
	});
}

/**
 * The oldest photo the server does not hold yet and has not refused, or null. One without its
 * event waits `pendingGraceMs` after it was taken for the tally or check it belongs to (a tally
 * given up sends its photos all the same, told by entry and subject).
 */
export async function nextPhotoToUpload(db: StationDb, eventId: string, now: number, pendingGraceMs: number): Promise<PhotoRow | null> {
	const ready = (r: PhotoRow) => r.eventId === eventId && r.refused === null && (r.judgeEventId !== undefined || r.takenAt <= now - pendingGraceMs);
	return (await notUploaded(db).filter(ready).first()) ?? null;
}

/** The photos the server does not hold yet, oldest first. */
function notUploaded(db: StationDb) {
	return db.photos.where('[uploaded+takenAt]').between([0, -Infinity], [0, Infinity]);
}

/** How many photos of `eventId` wait to be sent (refused ones are not waiting: they are shown as refused). */
export function photosWaiting(db: StationDb, eventId: string): Promise<number> {
	return notUploaded(db)
		.filter((r) => r.eventId === eventId && r.refused === null)
		.count();
}

/** How many photos the server refused. */
export function photosRefusedCount(db: StationDb): Promise<number> {
	return notUploaded(db)
		.filter((r) => r.refused !== null)
		.count();
}

export async function markPhotoUploaded(db: StationDb, hash: string): Promise<void> {
	await db.photos.update(hash, { uploaded: 1, refused: null });
}

export async function markPhotoRefused(db: StationDb, hash: string, reason: string, at: number): Promise<void> {
	await db.photos.update(hash, { refused: { reason, at } });
}

/** The photos the server refused, newest first. */
export async function refusedPhotos(db: StationDb): Promise<PhotoRow[]> {
	const rows = await notUploaded(db)
		.filter((r) => r.refused !== null)
		.toArray();
	return rows.sort((a, b) => b.refused!.at - a.refused!.at);
}

/**
 * Tells the sync engine (in any tab: browser.ts listens on the events' channel for this device's
 * writes) that a photo waits, so that it is sent soon rather than at the next periodic sync.
 */
export function tellPhotoStored(db: StationDb, deviceId: string): void {
	if (typeof BroadcastChannel !== 'function') return;
	const channel = new BroadcastChannel(`${EVENTS_CHANNEL}:${db.name}`);
	channel.postMessage({ deviceId, photo: true });
	channel.close();
}
