import type { Store } from './store';

/**
 * When a competition started: its first heat start, whether the organizer started a heat on
 * every tablet at once (heat_starts) or a tablet recorded a `heat.start` that reached the
 * server; null while none has. From then on its ruleset version is frozen (CZ-GEN-CHANGES).
 * The time is the server's: when the start was recorded or arrived.
 */
export function competitionStartedAt(store: Store, eventId: string, competitionId: string): number | null {
	const organizer = store.stmt('SELECT min(created_at) FROM heat_starts WHERE event_id = ? AND competition_id = ?').pluck().get(eventId, competitionId) as number | null;
	const tablet = store
		.stmt(`SELECT min(coalesce(received_at, at)) FROM judge_events WHERE event_id = ? AND competition_id = ? AND json_extract(json, '$.type') = 'heat.start'`)
		.pluck()
		.get(eventId, competitionId) as number | null;
	if (organizer === null) return tablet;
	return tablet === null ? organizer : Math.min(organizer, tablet);
}

/** What a heat holds: its entries, the judge events recorded in it, and whether it was started (by the organizer or a tablet). A heat is removable only when all are none. */
export function heatContents(store: Store, eventId: string, heatId: string): { entries: number; events: number; started: boolean } {
	const entries = store.stmt('SELECT count(*) FROM entries WHERE event_id = ? AND heat_id = ?').pluck().get(eventId, heatId) as number;
	const events = store.stmt('SELECT count(*) FROM judge_events WHERE event_id = ? AND heat_id = ?').pluck().get(eventId, heatId) as number;
	const starts = store.stmt('SELECT count(*) FROM heat_starts WHERE event_id = ? AND heat_id = ?').pluck().get(eventId, heatId) as number;
	const tabletStarts = store.stmt(`SELECT count(*) FROM judge_events WHERE event_id = ? AND heat_id = ? AND json_extract(json, '$.type') = 'heat.start'`).pluck().get(eventId, heatId) as number;
	return { entries, events, started: starts + tabletStarts > 0 };
}
