import type { StationDb } from '$lib/db/station-db';
import { saveSetup } from '$lib/db/setup-store';
import type { CompetitionMerge, CompetitionMergeRequest } from '$lib/setup/schema';
import type { SyncApi } from '$lib/sync/client/api';
import type { MergeSetup } from './merge-plan';

/**
 * The organizer's merge of competitions, against the server (docs/sync.md, Merging competitions):
 * the set-up to choose from is the server's (which competitions were set up on tablets is known
 * there only), and a recorded merge is stored on this device at once, as the next pull would.
 */

export async function loadMergeSetup(api: SyncApi, eventId: string): Promise<MergeSetup> {
	const s = await api.getSetup(eventId);
	return { competitions: s.competitions, heats: s.heats, entries: s.entries, merges: s.merges ?? [], deviceCompetitionIds: s.deviceCompetitionIds ?? [] };
}

/** Who judged each competition on this device's events (their judges' names, sorted): tells two "Quick CZ" apart. */
export async function judgesByCompetition(db: StationDb, competitionIds: readonly string[]): Promise<Map<string, string[]>> {
	const judges = new Map<string, string[]>();
	for (const id of competitionIds) {
		const names = new Set<string>();
		await db.events.where('competitionId').equals(id).each((e) => void names.add(e.judge));
		judges.set(id, [...names].sort((a, b) => a.localeCompare(b)));
	}
	return judges;
}

/** Records the merge on the server and stores it on this device. */
export async function recordMerge(api: SyncApi, db: StationDb, eventId: string, request: CompetitionMergeRequest): Promise<CompetitionMerge> {
	const merge = await api.recordMerge(eventId, request);
	await saveSetup(db, { days: [], rulesets: [], competitions: [], heats: [], entries: [], merges: [merge] });
	return merge;
}
