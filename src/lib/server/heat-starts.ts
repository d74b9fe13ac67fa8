import { error } from '@sveltejs/kit';
import { HeatStartRequestSchema, type Device, type HeatStart } from '$lib/contract';
import { describeIssues, toIssues } from '$lib/validation';
import type { Store } from './store';

/**
 * Heats the organizer starts on every tablet at once. The moment is kept on the server's
 * clock (the organizer's device time plus its measured offset, or the time of arrival when it
 * has none); tablets convert it to their own clocks and record their own starts.
 */

type Row = { seq: number; id: string; competition_id: string; heat_id: string; server_at: number; created_at: number };
const toStart = (r: Row): HeatStart => ({ seq: r.seq, id: r.id, competitionId: r.competition_id, heatId: r.heat_id, serverAt: r.server_at, createdAt: r.created_at });

/** Records a start (idempotent on its ID within the event); 400 for bad input, 404 for a heat not in the event. */
export function startHeat(store: Store, device: Device, body: unknown, now: number): HeatStart {
	const input = HeatStartRequestSchema.safeParse(body);
	if (!input.success) error(400, describeIssues(toIssues(input.error)));
	const { id, competitionId, heatId, organizerAt, offsetMs } = input.data;
	return store.transaction(() => {
		// IDs are the event's own: the same ID in another event is another start (and says nothing of it).
		const existing = store.db.prepare('SELECT * FROM heat_starts WHERE event_id = ? AND id = ?').get(device.eventId, id) as Row | undefined;
		if (existing) {
			if (existing.heat_id !== heatId) error(409, `start ${id} was already used for another heat`);
			return toStart(existing);
		}
		if (!store.getCompetition(device.eventId, competitionId)) error(404, `no competition "${competitionId}" in this event`);
		if (store.getHeat(device.eventId, heatId)?.competitionId !== competitionId) error(404, `no heat "${heatId}" in competition "${competitionId}"`);
		const serverAt = Math.round(offsetMs === null ? now : organizerAt + offsetMs);
		const row = store.db
			.prepare(
				`INSERT INTO heat_starts (id, event_id, competition_id, heat_id, server_at, token_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
				 RETURNING seq, id, competition_id, heat_id, server_at, created_at`
			)
			.get(id, device.eventId, competitionId, heatId, serverAt, device.id, now) as Row;
		return toStart(row);
	});
}

/** The event's heat starts after `after` (a seq), oldest first. */
export function heatStartsAfter(store: Store, eventId: string, after: number): HeatStart[] {
	const rows = store.db.prepare('SELECT * FROM heat_starts WHERE event_id = ? AND seq > ? ORDER BY seq LIMIT 1000').all(eventId, after) as Row[];
	return rows.map(toStart);
}
