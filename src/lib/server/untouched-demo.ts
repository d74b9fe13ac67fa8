import { canonicalJson } from '$lib/events/order';
import { DEMO_EVENT_ID, demoSetup } from './demo';
import { DEMO_KEY_LABEL } from './demo-key';
import { eventSetup } from './organizer-setup';
import type { Store } from './store';

/**
 * A fresh data directory seeds its own demo event (demo.ts), so a backup of the demo event
 * would find it already there. A restore may replace the demo when nobody has used it: set-up
 * as seeded, no judge events, heat starts, publications or merges, and no device but the
 * organizer key printed on the first start (demo-key.ts). Anything else is somebody's work and
 * is never replaced (the restore is refused with 409).
 */

export function isUntouchedDemo(store: Store, eventId: string): boolean {
	if (eventId !== DEMO_EVENT_ID) return false;
	const setup = eventSetup(store, eventId);
	if (!setup) return false;
	const used = store.db
		.prepare(
			`SELECT (SELECT count(*) FROM judge_events WHERE event_id = @e)
			      + (SELECT count(*) FROM heat_starts WHERE event_id = @e)
			      + (SELECT count(*) FROM publications WHERE event_id = @e)
			      + (SELECT count(*) FROM competition_merges WHERE event_id = @e)
			      + (SELECT count(*) FROM device_tokens WHERE event_id = @e AND NOT (role = 'organizer' AND label = @label))
			      + max(0, (SELECT count(*) FROM device_tokens WHERE event_id = @e) - 1)`
		)
		.pluck()
		.get({ e: eventId, label: DEMO_KEY_LABEL }) as number;
	if (used > 0) return false;
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

/** Deletes the untouched demo event and everything under it (its set-up, its organizer key). Rulesets stay: they are shared. */
export function deleteUntouchedDemo(store: Store): void {
	const e = DEMO_EVENT_ID;
	store.transaction(() => {
		const tokens = 'SELECT id FROM device_tokens WHERE event_id = @e';
		for (const sql of [
			`DELETE FROM pairing_codes WHERE token_id IN (${tokens})`,
			`DELETE FROM token_devices WHERE token_id IN (${tokens})`,
			'DELETE FROM device_tokens WHERE event_id = @e',
			'DELETE FROM entries WHERE event_id = @e',
			'DELETE FROM heats WHERE event_id = @e',
			'DELETE FROM competitions WHERE event_id = @e',
			'DELETE FROM events WHERE id = @e'
		])
			store.db.prepare(sql).run({ e });
	});
}
