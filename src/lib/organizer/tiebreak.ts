import type { EventDraft } from '$lib/db/event-log';
import type { StationDb } from '$lib/db/station-db';
import type { CompetitionStandings } from '$lib/files/merge';
import { tiebreakHeat, tiebreakResultEvent, type TiebreakHeat } from '$lib/results/tiebreak-heat';
import type { Heat } from '$lib/setup/schema';
import type { SyncApi } from '$lib/sync/client/api';
import type { Pairing } from '$lib/sync/pairing';
import { pullSetup } from '$lib/sync/client/pull';

/**
 * ES-TIE from the organizer's screen: one action sets up the tie-break heat on the server (so
 * every tablet gets it with the set-up), and the tie-break's finishing order is recorded as a
 * `tiebreak.result` event from this device; the shared scorer then orders the tied entries.
 */

/** The competition's tie-break heats already set up (`…-tiebreak-N`), newest last. */
export function tiebreakHeatsOf(competitionId: string, heats: readonly Heat[]): Heat[] {
	return heats.filter((h) => h.competitionId === competitionId && h.id.includes('-tiebreak-'));
}

/** Creates the tie-break heat on the server and stores the new set-up on this device. */
export async function createTiebreakHeat(api: SyncApi, db: StationDb, pairing: Pairing, s: CompetitionStandings, heats: readonly Heat[], name: string): Promise<TiebreakHeat> {
	const tiebreak = tiebreakHeat(s.standings, { entries: s.entries, heats }, { name });
	await api.writeSetup(pairing.eventId, { heats: [tiebreak.heat] });
	await pullSetup(db, api, pairing);
	return tiebreak;
}

/** The event that records the tie-break's order, best first, in the tie-break heat. */
export function tiebreakResultDraft(
	s: CompetitionStandings,
	heatId: string,
	order: readonly string[],
	ctx: { judge: string; at: number; mono: number }
): EventDraft {
	const result = tiebreakResultEvent({ entryIds: s.standings.tieForFirst }, order);
	return { type: result.type, at: ctx.at, mono: ctx.mono, judge: ctx.judge, competitionId: s.competition.id, heatId, entryId: null, payload: result.payload };
}
