import type { StationDb } from '$lib/db/station-db';
import type { Roster } from '$lib/contract/roster';
import type { Pairing } from '$lib/sync/pairing';
import type { RosterFetch, SyncApi } from './api';
import { isApiError } from './errors';

/** Where the ETag of the event's roster as the device holds it is kept in `meta`: RosterTag. */
export function rosterTagKey(eventId: string): string {
	return `sync.rosterTag:${eventId}`;
}

/** The server's ETag of the roster the device holds, the server it came from, and how many rows it had then. */
export interface RosterTag {
	server: string;
	etag: string;
	rows: number;
}

/**
 * The ETag to send for the event's roster: the stored one when it came from this server and the
 * device still holds the rows it came with (else null: the whole roster is fetched).
 */
function heldTag(db: StationDb, pairing: Pick<Pairing, 'server' | 'eventId'>): Promise<string | null> {
	return db.transaction('r', db.roster, db.meta, async () => {
		const tag = (await db.meta.get(rosterTagKey(pairing.eventId)))?.value as Partial<RosterTag> | undefined;
		if (!tag || typeof tag.etag !== 'string' || tag.server !== pairing.server || typeof tag.rows !== 'number') return null;
		const rows = await db.roster.where('eventId').equals(pairing.eventId).count();
		return rows === tag.rows ? tag.etag : null;
	});
}

/**
 * The event's roster from the server, kept on the device in place of the one held before (a
 * cancelled registration leaves it). The request names the ETag of the roster held (issue 29 #9):
 * when the server answers 304 (nothing it is built from changed), the device keeps what it has
 * and writes nothing. A server from before the register (no roster endpoint, 404) leaves the
 * device without one: nothing fails. True when a roster was stored (it may differ from the one held).
 */
export async function pullRoster(db: StationDb, api: SyncApi, pairing: Pairing): Promise<boolean> {
	let fetched: RosterFetch;
	try {
		fetched = await api.getRoster(pairing.eventId, await heldTag(db, pairing));
	} catch (e) {
		if (isApiError(e) && e.status === 404) return false;
		throw e;
	}
	if (fetched.unchanged) return false;
	await saveRoster(db, pairing.eventId, fetched.roster, fetched.etag === null ? null : { server: pairing.server, etag: fetched.etag });
	return true;
}

/**
 * Replaces the event's roster on the device, with the server's ETag of it (none: forgotten, so
 * the next pull fetches the whole roster), in one transaction.
 */
export async function saveRoster(db: StationDb, eventId: string, roster: Roster, tag: Omit<RosterTag, 'rows'> | null = null): Promise<void> {
	await db.transaction('rw', db.roster, db.meta, async () => {
		await db.roster.where('eventId').equals(eventId).delete();
		await db.roster.bulkPut(roster.map((r, position) => ({ ...r, eventId, position })));
		if (tag) await db.meta.put({ key: rosterTagKey(eventId), value: { ...tag, rows: roster.length } satisfies RosterTag });
		else await db.meta.delete(rosterTagKey(eventId));
	});
}

/** The event's roster as the device holds it, in the server's order (registration order). */
export async function readRoster(db: StationDb, eventId: string): Promise<Roster> {
	const rows = await db.roster.where('eventId').equals(eventId).sortBy('position');
	return rows.map(({ eventId: _e, position: _p, ...r }) => r);
}
