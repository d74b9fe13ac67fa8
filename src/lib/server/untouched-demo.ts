import { canonicalJson } from '$lib/events/order';
import { DEMO_EVENT_ID, demoSetup } from './demo';
import { DEMO_KEY_LABEL } from './demo-key';
import { eventSetup } from './organizer-setup';
import type { Store } from './store';

/**
 * A fresh data directory seeds its own demo event (demo.ts), so a backup of the demo event
 * would find it already there. A restore may replace the demo when nobody has used it: set-up
 * as seeded and no device but the organizer key printed on the first start (demo-key.ts), with
 * the devices that signed in with it and its pairing codes — and not one row of the event in any
 * other table: no judge events, heat starts, publications, merges, people, registrations or
 * changes of the register, draws, ruleset changes, table cards (nor any table added later with
 * an event_id column). Anything else is somebody's work and is never replaced (the restore is
 * refused with 409), nor deleted.
 */

/** The tables with an event_id column whose rows of the demo an untouched demo has: its seeded set-up and its organizer key (checked apart). */
const SEEDED = new Set(['competitions', 'heats', 'entries', 'device_tokens']);

/** The first table (other than the seeded ones) holding a row of the event, if any: read from the schema, so that a table added later counts too. */
function usedIn(store: Store, eventId: string): string | undefined {
	const tables = store.db
		.prepare(
			`SELECT m.name FROM main.sqlite_master m
			  WHERE m.type = 'table' AND EXISTS (SELECT 1 FROM pragma_table_info(m.name, 'main') c WHERE c.name = 'event_id')
			  ORDER BY m.name`
		)
		.pluck()
		.all() as string[];
	return tables.find((t) => !SEEDED.has(t) && store.db.prepare(`SELECT 1 FROM main."${t.replaceAll('"', '""')}" WHERE event_id = ? LIMIT 1`).get(eventId) !== undefined);
}

export function isUntouchedDemo(store: Store, eventId: string): boolean {
	if (eventId !== DEMO_EVENT_ID) return false;
	const setup = eventSetup(store, eventId);
	if (!setup) return false;
	if (usedIn(store, eventId) !== undefined) return false;
	const otherDevices = store.db
		.prepare(
			`SELECT (SELECT count(*) FROM main.device_tokens WHERE event_id = @e AND NOT (role = 'organizer' AND label = @label))
			      + max(0, (SELECT count(*) FROM main.device_tokens WHERE event_id = @e) - 1)`
		)
		.pluck()
		.get({ e: eventId, label: DEMO_KEY_LABEL }) as number;
	if (otherDevices > 0) return false;
	const seeded = demoSetup(setup.event.date);
	const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
	return (
		same(setup.event, seeded.events[0]) &&
		same(setup.competitions, seeded.competitions) &&
		same(setup.heats, seeded.heats) &&
		same(setup.entries, seeded.entries) &&
		(setup.deviceCompetitionIds ?? []).length === 0
	);
}

/**
 * Deletes the untouched demo event and everything under it, children first: its organizer key
 * (the devices that signed in with it, its pairing codes), its set-up, the event. Rulesets stay:
 * they are shared. A demo that is not untouched is refused (an Error), nothing deleted: the
 * caller checks isUntouchedDemo first, and somebody's work is never deleted silently.
 */
export function deleteUntouchedDemo(store: Store): void {
	const e = DEMO_EVENT_ID;
	store.transaction(() => {
		if (!isUntouchedDemo(store, e)) throw new Error(`the event "${e}" is not the untouched demo (somebody used it): nothing deleted`);
		const tokens = 'SELECT id FROM main.device_tokens WHERE event_id = @e';
		for (const sql of [
			`DELETE FROM main.pairing_codes WHERE token_id IN (${tokens})`,
			`DELETE FROM main.token_devices WHERE token_id IN (${tokens})`,
			'DELETE FROM main.device_tokens WHERE event_id = @e',
			'DELETE FROM main.entries WHERE event_id = @e',
			'DELETE FROM main.heats WHERE event_id = @e',
			'DELETE FROM main.competitions WHERE event_id = @e',
			'DELETE FROM main.events WHERE id = @e'
		])
			store.db.prepare(sql).run({ e });
	});
}
