import type { PhotoInfo } from '$lib/contract';
import type { StationDb } from '$lib/db/station-db';
import { photoBlob } from '$lib/db/photos';
import type { SyncApi } from '$lib/sync/client/api';

/**
 * The event's photos of evidence on the organizer's screen (issue 33): the list the server
 * holds, by entry, and each photo's bytes, read from this device's own IndexedDB first (a photo
 * it took itself) and else from the server with the organizer's token.
 */
export class EventPhotos {
	/** The event's photos, oldest first. */
	list = $state.raw<readonly PhotoInfo[]>([]);
	problem = $state<string | null>(null);

	constructor(private readonly source: () => { api: SyncApi | null; eventId: string | null; db: StationDb | null }) {}

	/** An entry's photos (of one relay puzzle when `puzzleId` is given). */
	of(entryId: string, puzzleId?: string | null): readonly PhotoInfo[] {
		return this.list.filter((p) => p.entryId === entryId && (puzzleId === undefined || p.puzzleId === puzzleId));
	}

	/** Reads the list again (after a sync, on opening an entry). */
	async refresh(): Promise<void> {
		const { api, eventId } = this.source();
		if (!api || !eventId) return;
		try {
			this.list = await api.photos(eventId);
			this.problem = null;
		} catch (e) {
			this.problem = e instanceof Error ? e.message : String(e);
		}
	}

	/** A photo's bytes: this device's own copy first, else the server's. */
	load = async (hash: string): Promise<Blob> => {
		const { db, api, eventId } = this.source();
		const own = db ? await photoBlob(db, hash) : null;
		if (own) return own;
		if (!api || !eventId) throw new Error('not connected to the server');
		return api.photoBlob(eventId, hash);
	};
}
