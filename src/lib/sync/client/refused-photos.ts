import type { PhotoRow, StationDb } from '$lib/db/station-db';
import { refusedPhotos } from '$lib/db/photos';

/** A photo the server refused, with the name of the entry it shows (the tablet's words, not an ID). */
export interface RefusedPhoto {
	row: PhotoRow;
	entryName: string | null;
}

/** The refused photos, newest refusal first. */
export async function readRefusedPhotos(db: StationDb): Promise<RefusedPhoto[]> {
	const rows = await refusedPhotos(db);
	if (rows.length === 0) return [];
	const entries = await db.entries.bulkGet(rows.map((r) => r.entryId));
	return rows.map((row, i) => ({ row, entryName: entries[i]?.name ?? null }));
}
