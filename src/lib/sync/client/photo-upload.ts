import type { StationDb } from '$lib/db/station-db';
import { markPhotoRefused, markPhotoUploaded, nextPhotoToUpload, photoBlob } from '$lib/db/photos';
import type { PhotoMeta } from '$lib/contract/photos';
import { isApiError } from './errors';
import type { SyncApi } from './api';

/** The two calls the upload makes (SyncApi's; a fake in the tests). */
export type PhotoCalls = Pick<SyncApi, 'hasPhoto' | 'uploadPhoto'>;

/**
 * How long a photo taken before its tally or check was recorded waits for that event before it
 * is sent without it (a tally given up): the judge's typing of the groups takes a minute or two.
 */
export const PENDING_PHOTO_GRACE_MS = 10 * 60_000;

/**
 * The answers that refuse this photo for good (with the server's reason): too large, not an
 * image, a bad query, not this device's to send, its entry unknown, the event's evidence erased
 * or past its retention (410).
 */
const REFUSALS = new Set([400, 403, 404, 409, 410, 413, 415, 422]);

/** A 404 that says the server has no such address (api-response.ts): a server from before photos, not a refusal of this one. */
const NO_ROUTE = /^there is no \S+ on this server/;

export interface PhotoUploadOutcome {
	/** Photos the server holds now (sent, or held already). */
	sent: number;
	refused: number;
	/** The server has no photo endpoint (its 404 for an unknown address on the upload: an older server); the rest wait. */
	unsupported: boolean;
}

/**
 * Sends the photos the server does not hold yet, oldest first, one at a time (docs/sync.md,
 * Photos): HEAD first, so that a photo whose answer was lost on the way back is only marked
 * (resumable without sending its bytes again), else PUT. A refusal is recorded with the
 * server's message and never retried; a network or server failure throws, and the sync engine
 * backs off and tries again (the hash is the ID: nothing is stored twice).
 */
export async function uploadPhotos(opts: { db: StationDb; api: PhotoCalls; eventId: string; now: () => number; graceMs?: number }): Promise<PhotoUploadOutcome> {
	const { db, api, eventId } = opts;
	const outcome: PhotoUploadOutcome = { sent: 0, refused: 0, unsupported: false };
	for (;;) {
		const row = await nextPhotoToUpload(db, eventId, opts.now(), opts.graceMs ?? PENDING_PHOTO_GRACE_MS);
		if (!row) return outcome;
		try {
			if (!(await api.hasPhoto(eventId, row.hash))) {
				const blob = await photoBlob(db, row.hash);
				if (!blob) {
					await markPhotoRefused(db, row.hash, 'the photo’s bytes are missing on this device', opts.now());
					outcome.refused++;
					continue;
				}
				const meta: PhotoMeta = {
					competitionId: row.competitionId,
					heatId: row.heatId,
					entryId: row.entryId,
					puzzleId: row.puzzleId,
					judgeEventId: row.judgeEventId,
					subject: row.subject,
					takenAt: row.takenAt,
					width: row.width,
					height: row.height
				};
				await api.uploadPhoto(eventId, row.hash, blob, meta);
			}
			await markPhotoUploaded(db, row.hash);
			outcome.sent++;
		} catch (e) {
			if (isApiError(e) && e.status === 404 && NO_ROUTE.test(e.message)) {
				outcome.unsupported = true;
				return outcome;
			}
			if (isApiError(e) && e.status !== null && REFUSALS.has(e.status)) {
				await markPhotoRefused(db, row.hash, e.message, opts.now());
				outcome.refused++;
				continue;
			}
			throw e;
		}
	}
}
