import { error } from '@sveltejs/kit';
import { createHash } from 'node:crypto';
import type { Device } from '$lib/contract';
import type { PhotoInfo, PhotoMediaType, PhotoMeta } from '$lib/contract/photos';
import { heatScopeOf } from './card-push-scope';
import { evidenceClosedReason, evidenceWindow } from './evidence';
import { photoTypeOf, refusedTypeMessage } from './photo-type';
import type { Store } from './store';

/**
 * The photos of evidence the judges' tablets send (issue 33; docs/sync.md, Photos): stored with
 * their bytes in the store (migration 22), named by the SHA-256 of those bytes within the event.
 * A photo is taken only of an entry of the event, in the heat and competition it says, and a
 * tablet paired by a table card only of the entries of its card's heat. Sending the same bytes
 * again stores nothing. Only the organizer lists and sees them; nothing public, no display,
 * desk, export, roster or pull carries them.
 */

type PhotoRow = {
	hash: string;
	competition_id: string;
	heat_id: string;
	entry_id: string;
	puzzle_id: string | null;
	judge_event_id: string | null;
	subject: 'tally' | 'check';
	taken_at: number;
	device_id: string;
	media_type: PhotoMediaType;
	bytes: number;
	width: number;
	height: number;
	received_at: number;
};

/** The columns of a photo without its bytes. */
export const PHOTO_COLUMNS = 'hash, competition_id, heat_id, entry_id, puzzle_id, judge_event_id, subject, taken_at, device_id, media_type, bytes, width, height, received_at';

export function photoInfoOf(r: PhotoRow): PhotoInfo {
	return {
		hash: r.hash,
		competitionId: r.competition_id,
		heatId: r.heat_id,
		entryId: r.entry_id,
		puzzleId: r.puzzle_id,
		judgeEventId: r.judge_event_id,
		subject: r.subject,
		takenAt: r.taken_at,
		deviceId: r.device_id,
		mediaType: r.media_type,
		bytes: r.bytes,
		width: r.width,
		height: r.height,
		receivedAt: r.received_at
	};
}

export function getPhotoInfo(store: Store, eventId: string, hash: string): PhotoInfo | undefined {
	const row = store.stmt(`SELECT ${PHOTO_COLUMNS} FROM photos WHERE event_id = ? AND hash = ?`).get(eventId, hash) as PhotoRow | undefined;
	return row && photoInfoOf(row);
}

export function hasPhoto(store: Store, eventId: string, hash: string): boolean {
	return store.stmt('SELECT 1 FROM photos WHERE event_id = ? AND hash = ?').get(eventId, hash) !== undefined;
}

/** The photos of the event, or of one entry or competition, oldest first. */
export function listPhotos(store: Store, eventId: string, filter: { entryId?: string; competitionId?: string } = {}): PhotoInfo[] {
	const rows = store
		.stmt(
			`SELECT ${PHOTO_COLUMNS} FROM photos WHERE event_id = @e AND (@entry IS NULL OR entry_id = @entry) AND (@competition IS NULL OR competition_id = @competition)
			 ORDER BY taken_at, received_at, hash`
		)
		.all({ e: eventId, entry: filter.entryId ?? null, competition: filter.competitionId ?? null }) as PhotoRow[];
	return rows.map(photoInfoOf);
}

/** A photo's bytes and media type; undefined when the event holds none by that hash. */
export function photoBytes(store: Store, eventId: string, hash: string): { mediaType: PhotoMediaType; data: Buffer } | undefined {
	const row = store.stmt('SELECT media_type, data FROM photos WHERE event_id = ? AND hash = ?').get(eventId, hash) as { media_type: PhotoMediaType; data: Buffer } | undefined;
	return row && { mediaType: row.media_type, data: row.data };
}

/**
 * Whether `device` may send a photo with this meta (before its bytes are read): the entry is one of
 * the event's, in the heat and competition said (404 / 400), within a card's heat for a tablet
 * paired by a table card (403), and the event still keeps evidence (410).
 */
export function checkPhotoMeta(store: Store, device: Device, eventId: string, meta: PhotoMeta, now: number): void {
	const entry = store.getEntry(eventId, meta.entryId);
	if (!entry) error(404, `entryId: no entry "${meta.entryId}" in this event`);
	if (entry.competitionId !== meta.competitionId) error(400, `competitionId: entry "${meta.entryId}" is in competition "${entry.competitionId}", not "${meta.competitionId}"`);
	if (entry.heatId !== meta.heatId) error(400, `heatId: entry "${meta.entryId}" is in heat "${entry.heatId}", not "${meta.heatId}"`);
	const scope = heatScopeOf(store, device);
	if (scope && (scope.heatId !== entry.heatId || scope.competitionId !== entry.competitionId))
		error(403, `this tablet was paired by a table card of heat "${scope.heatId}": entry "${meta.entryId}" is not seated in its heat`);
	const closed = evidenceClosedReason(evidenceWindow(store, eventId), meta.takenAt, now);
	if (closed) error(410, closed);
}

/**
 * Stores a photo's bytes under their hash: 415 for bytes that are not JPEG or WebP (said what
 * they are), 400 when their SHA-256 is not `hash`. The same hash again stores nothing (`stored: false`).
 */
export function storePhoto(store: Store, device: Device, eventId: string, hash: string, meta: PhotoMeta, bytes: Uint8Array, now: number): { photo: PhotoInfo; stored: boolean } {
	if (bytes.byteLength === 0) error(400, refusedTypeMessage('empty'));
	const type = photoTypeOf(bytes);
	if (!type.ok) error(415, refusedTypeMessage(type.what));
	const actual = createHash('sha256').update(bytes).digest('hex');
	if (actual !== hash) error(400, `the photo's bytes have the SHA-256 ${actual}, not the ${hash} of its address: it was changed or cut on the way; send it again`);
	return store.transaction(() => {
		checkPhotoMeta(store, device, eventId, meta, now);
		const held = getPhotoInfo(store, eventId, hash);
		if (held) return { photo: held, stored: false };
		store
			.stmt(
				`INSERT INTO photos (event_id, hash, competition_id, heat_id, entry_id, puzzle_id, judge_event_id, subject, taken_at, device_id, media_type, bytes, width, height, received_at, data)
				 VALUES (@eventId, @hash, @competitionId, @heatId, @entryId, @puzzleId, @judgeEventId, @subject, @takenAt, @deviceId, @mediaType, @bytes, @width, @height, @receivedAt, @data)`
			)
			.run({
				eventId,
				hash,
				competitionId: meta.competitionId,
				heatId: meta.heatId,
				entryId: meta.entryId,
				puzzleId: meta.puzzleId ?? null,
				judgeEventId: meta.judgeEventId ?? null,
				subject: meta.subject,
				takenAt: meta.takenAt,
				deviceId: device.id,
				mediaType: type.mediaType,
				bytes: bytes.byteLength,
				width: meta.width,
				height: meta.height,
				receivedAt: now,
				data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
			});
		return { photo: getPhotoInfo(store, eventId, hash)!, stored: true };
	});
}

/**
 * Deletes the photos of these entries (a person's erasure: photos show who sat there, register.ts
 * erasePerson), in the caller's transaction; how many. The caller truncates the log afterwards.
 */
export function deletePhotosOfEntries(store: Store, eventId: string, entryIds: ReadonlySet<string>): number {
	if (entryIds.size === 0) return 0;
	const remove = store.stmt('DELETE FROM photos WHERE event_id = ? AND entry_id = ?');
	let deleted = 0;
	for (const entryId of entryIds) deleted += remove.run(eventId, entryId).changes;
	return deleted;
}
