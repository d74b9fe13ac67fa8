import type { StationDb } from '$lib/db/station-db';
import type { CompetitionStandings } from '$lib/files/merge';
import type { Competition, Heat } from '$lib/setup/schema';
import type { SyncApi } from '$lib/sync/client/api';
import type { Pairing } from '$lib/sync/pairing';
import { pullSetup } from '$lib/sync/client/pull';
import { finalSetup, NEW_FINAL, newFinalCompetition, roundAdvancement, withRoundRule, type RoundRule } from './rounds';

/**
 * The organizer's two round actions. Both write to the server's set-up (so every organizer
 * device sees the same rule and every tablet gets the final) and pull it back onto this device.
 */

/** Saves the rule of `qualifying`, or removes it with `final` null; NEW_FINAL creates the final (same ruleset, one heat) with it. */
export async function saveRound(
	api: SyncApi,
	db: StationDb,
	pairing: Pairing,
	qualifying: Competition,
	final: string | null,
	rule: RoundRule['rule'],
	names: { competition: string; heat: string }
): Promise<void> {
	const made = final === NEW_FINAL ? newFinalCompetition(qualifying, names) : null;
	const finalId = made ? made.competition.id : final;
	const updated = withRoundRule(qualifying, finalId === null ? null : { competitionId: finalId, rule });
	// One request: a new final, its heat and the rule naming it are stored together or not at all.
	await api.writeSetup(pairing.eventId, made ? { competitions: [made.competition, updated], heats: [made.heat] } : { competitions: [updated] });
	await pullSetup(db, api, pairing);
}

/**
 * Writes the final's entries for who advances now. Doing it again writes the same IDs (no
 * duplicates); an entry that no longer advances is not taken out of the final.
 */
export async function createFinalEntries(
	api: SyncApi,
	db: StationDb,
	pairing: Pairing,
	s: CompetitionStandings,
	heats: readonly Heat[],
	newHeatName: string
): Promise<number> {
	const rule = s.competition.advancesTo;
	const a = roundAdvancement(s);
	if (!rule || !a) throw new Error(`competition ${s.competition.id} has no final`);
	const setup = finalSetup(a, rule.competitionId, heats, newHeatName);
	await api.writeSetup(pairing.eventId, setup.heats.length > 0 ? setup : { entries: setup.entries });
	await pullSetup(db, api, pairing);
	return setup.entries.length;
}
