import type { StationDb } from '$lib/db/station-db';
import type { Roster } from '$lib/sync/contract/roster';
import type { Pairing } from '$lib/sync/pairing';
import type { SyncApi } from './api';
import { isApiError } from './errors';

/**
 * The event's roster from the server, kept on the device in place of the one held before (a
 * cancelled registration leaves it). A server from before the register (no roster endpoint,
 * 404) leaves the device without one: nothing fails.
 */
export async function pullRoster(db: StationDb, api: SyncApi, pairing: Pairing): Promise<void> {
	let roster: Roster;
	try {
		roster = await api.getRoster(pairing.eventId);
	} catch (e) {
		if (isApiError(e) && e.status === 404) return;
		throw e;
	}
	await saveRoster(db, pairing.eventId, roster);
}

/** Replaces the event's roster on the device, in one transaction. */
export async function saveRoster(db: StationDb, eventId: string, roster: Roster): Promise<void> {
	await db.transaction('rw', db.roster, async () => {
		await db.roster.where('eventId').equals(eventId).delete();
		await db.roster.bulkPut(roster.map((r, position) => ({ ...r, eventId, position })));
	});
}

/** The event's roster as the device holds it, in the server's order (registration order). */
export async function readRoster(db: StationDb, eventId: string): Promise<Roster> {
	const rows = await db.roster.where('eventId').equals(eventId).sortBy('position');
	return rows.map(({ eventId: _e, position: _p, ...r }) => r);
}
