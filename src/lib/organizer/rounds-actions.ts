import type { StationDb } from '$lib/db/station-db';
import type { CompetitionStandings } from '$lib/files/merge';
import type { Competition, Heat } from '$lib/setup/schema';
import type { SyncApi } from '$lib/sync/client/api';
import type { Pairing } from '$lib/sync/protocol';
import { pullSetup } from '$lib/sync/client/pull';
import { finalSetup, NEW_FINAL, newFinalCompetition, roundAdvancement, type RoundRule } from './rounds';
import { saveRoundRule } from './rounds-store';

/**
 * The organizer's two round actions. The final's set-up goes to the server (so every tablet
 * gets it with the set-up) and is pulled back onto this device; the rule stays on this device.
 */

/** Saves the rule of `qualifying`; NEW_FINAL first creates the final (same ruleset, one heat) on the server. */
export async function saveRound(
	api: SyncApi,
	db: StationDb,
	pairing: Pairing,
	qualifying: Competition,
	final: string | null,
	rule: RoundRule['rule'],
	names: { competition: string; heat: string }
): Promise<void> {
	if (final === null) return saveRoundRule(db, qualifying.id, null);
	let finalCompetitionId = final;
	if (final === NEW_FINAL) {
		const made = newFinalCompetition(qualifying, names);
		await api.writeSetup(pairing.eventId, { competitions: [made.competition], heats: [made.heat] });
		await pullSetup(db, api, pairing);
		finalCompetitionId = made.competition.id;
	}
	await saveRoundRule(db, qualifying.id, { finalCompetitionId, rule });
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
	rule: RoundRule,
	heats: readonly Heat[],
	newHeatName: string
): Promise<number> {
	const a = roundAdvancement(s, rule)!;
	const setup = finalSetup(a, rule.finalCompetitionId, heats, newHeatName);
	await api.writeSetup(pairing.eventId, setup.heats.length > 0 ? setup : { entries: setup.entries });
	await pullSetup(db, api, pairing);
	return setup.entries.length;
}
