import { error } from '@sveltejs/kit';
import { IdSchema } from '$lib/setup/schema';
import { LiveSettingRequestSchema, type LiveSetting } from '$lib/contract';
import { describeIssues, toIssues } from '$lib/validation';
import type { Store } from '../store';

/**
 * Which competitions the organizer shows live to the public (issue 32 #3, docs/live.md): off
 * unless switched on; `since` the moment it was. Not in backups on purpose (migration 20).
 */

/** The competitions of the event shown live, with the moment each was switched on. */
export function liveSince(store: Store, eventId: string): Map<string, number> {
	const rows = store.db.prepare('SELECT competition_id, since FROM live_results WHERE event_id = ?').all(eventId) as { competition_id: string; since: number }[];
	return new Map(rows.map((r) => [r.competition_id, r.since]));
}

/** The competition is shown live. */
export function isLive(store: Store, eventId: string, competitionId: string): boolean {
	return store.db.prepare('SELECT 1 FROM live_results WHERE event_id = ? AND competition_id = ?').get(eventId, competitionId) !== undefined;
}

/**
 * Shows the competition live, or stops (a request body, LiveSettingRequestSchema); switching on
 * what is already on keeps its moment. 400 for a bad body, 404 for a competition not in the event.
 */
export function setLive(store: Store, eventId: string, competitionId: string, body: unknown, now: number): LiveSetting {
	const input = LiveSettingRequestSchema.safeParse(body);
	if (!input.success) error(400, describeIssues(toIssues(input.error)));
	if (!IdSchema.safeParse(competitionId).success || !store.getCompetition(eventId, competitionId)) error(404, `no competition "${competitionId.slice(0, 80)}" in this event`);
	if (!input.data.show) {
		store.db.prepare('DELETE FROM live_results WHERE event_id = ? AND competition_id = ?').run(eventId, competitionId);
		return { competitionId, show: false, since: null };
	}
	store.db.prepare('INSERT INTO live_results (event_id, competition_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(eventId, competitionId, now);
	return { competitionId, show: true, since: liveSince(store, eventId).get(competitionId)! };
}
