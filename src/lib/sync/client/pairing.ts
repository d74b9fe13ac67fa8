import type { Pairing } from '$lib/sync/pairing';
import type { StationDb } from '$lib/db/station-db';

/** The tablet's pairing (server, event, token) lives in `meta` under this key. */
export const PAIRING_KEY = 'pairing';

/** The stored pairing, or null when there is none or it is not valid (then the tablet is unpaired). */
export async function loadPairing(db: StationDb): Promise<Pairing | null> {
	const stored = (await db.meta.get(PAIRING_KEY))?.value;
	// An unpaired tablet (nothing stored) loads neither the schema nor zod on its start.
	if (stored === undefined) return null;
	const { PairingSchema } = await import('$lib/sync/pairing');
	const checked = PairingSchema.safeParse(stored);
	return checked.success ? checked.data : null;
}

/** Stores a pairing (validated: a bad one is refused, nothing written). */
export async function savePairing(db: StationDb, pairing: Pairing): Promise<Pairing> {
	const { PairingSchema } = await import('$lib/sync/pairing');
	const checked = PairingSchema.parse(pairing);
	await db.meta.put({ key: PAIRING_KEY, value: checked });
	return checked;
}

/** Forgets the pairing: the tablet works alone again (its events stay, and stay queued). */
export async function clearPairing(db: StationDb): Promise<void> {
	await db.meta.delete(PAIRING_KEY);
}
