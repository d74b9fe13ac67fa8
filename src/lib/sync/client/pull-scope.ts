import type { StationDb } from '$lib/db/station-db';
import { deviceIdOf } from '$lib/db/event-log';
import type { Pairing } from '$lib/sync/pairing';
import type { PullScope } from './pull';

/**
 * The competitions a judge tablet follows: those it recorded events in and those opened on its
 * station. Kept in `meta` for the device (not per pairing: a heat opened before pairing counts).
 */
const FOLLOWED_KEY = 'sync.followed';
/** Most recent first; a tablet that judged more than this many competitions drops the oldest. */
export const MAX_FOLLOWED = 50;

function validList(value: unknown): string[] | null {
	return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
}

/**
 * The followed competitions. The first time (a tablet from before scoped pulls), the
 * competitions of the events this device recorded itself are taken as followed.
 */
export async function followedCompetitions(db: StationDb): Promise<string[]> {
	const stored = validList((await db.meta.get(FOLLOWED_KEY))?.value);
	if (stored) return stored;
	const deviceId = await deviceIdOf(db);
	return db.transaction('rw', db.events, db.meta, async () => {
		const now = validList((await db.meta.get(FOLLOWED_KEY))?.value);
		if (now) return now;
		const own = new Set<string>();
		await db.events.where('[deviceId+seq]').between([deviceId, 0], [deviceId, Infinity]).each((e) => void own.add(e.competitionId));
		const seeded = [...own].slice(0, MAX_FOLLOWED);
		await db.meta.put({ key: FOLLOWED_KEY, value: seeded });
		return seeded;
	});
}

/** Follows `competitionIds` from now on; true when one of them was not followed before. */
export async function followCompetitions(db: StationDb, competitionIds: Iterable<string>): Promise<boolean> {
	const ids = [...new Set(competitionIds)];
	if (!ids.length) return false;
	const before = await followedCompetitions(db);
	if (ids.every((id) => before.includes(id))) return false;
	return db.transaction('rw', db.meta, async () => {
		const now = validList((await db.meta.get(FOLLOWED_KEY))?.value) ?? before;
		const fresh = ids.filter((id) => !now.includes(id));
		if (!fresh.length) return false;
		await db.meta.put({ key: FOLLOWED_KEY, value: [...fresh, ...now].slice(0, MAX_FOLLOWED) });
		return true;
	});
}

/**
 * What a device pulls, by its role: a judge tablet the events of its followed competitions (each
 * scope with a cursor of its own; none followed yet: nothing), every other device (organizer,
 * display, desk) every event of the event.
 */
export async function pullScopes(db: StationDb, pairing: Pick<Pairing, 'role'>): Promise<PullScope[]> {
	if (pairing.role !== 'judge') return [null];
	return (await followedCompetitions(db)).map((competitionId) => ({ competitionId }));
}
