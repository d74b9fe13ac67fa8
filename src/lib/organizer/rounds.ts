import { advancement, finalEntries, type Advancement } from '$lib/results/advancement';
import type { Competition, Entry, Heat } from '$lib/setup/schema';
import type { Standings } from '$lib/scoring/types';

/**
 * Rounds on the organizer's screen: a qualifying competition's rule (`advancesTo`: which final,
 * who goes there; kept with the set-up on the server) turned into the standings' "Advances"
 * map and into the final's set-up. Pure.
 */

/** A qualifying round's final and advancement rule. */
export type RoundRule = NonNullable<Competition['advancesTo']>;

/** Who advances under the competition's rule; null when it is not a qualifying round. */
export function roundAdvancement(s: { competition: Competition; standings: Pick<Standings, 'rows'>; entries: readonly Entry[] }): Advancement | null {
	const rule = s.competition.advancesTo;
	return rule ? advancement(s.standings, s.entries, rule.rule) : null;
}

/** The qualifying competition with `rule`, or without any with null: what to write to the server. */
export function withRoundRule(qualifying: Competition, rule: RoundRule | null): Competition {
	const { advancesTo: _, ...rest } = qualifying;
	return rule ? { ...rest, advancesTo: rule } : rest;
}

/** Entry ID → advances, for the results export's "Advances" column. */
export function advancementMap(a: Advancement): Map<string, boolean> {
	return new Map(a.rows.map((r) => [r.entryId, r.advances]));
}

const MAX_ID = 64;
/** A derived ID kept within IdSchema's 64 characters: the suffix stays, the start is cut. */
function derivedId(base: string, suffix: string): string {
	return `${base.slice(0, MAX_ID - suffix.length)}${suffix}`;
}

/**
 * A new final for `qualifying`: the same day and ruleset, one heat. The IDs derive from the
 * qualifying competition, so creating it twice replaces rather than duplicates.
 */
export function newFinalCompetition(qualifying: Competition, names: { competition: string; heat: string }): { competition: Competition; heat: Heat } {
	const id = derivedId(qualifying.id, '-final');
	return {
		competition: { id, eventId: qualifying.eventId, name: names.competition.slice(0, 200), ruleset: { ...qualifying.ruleset } },
		heat: { id: derivedId(qualifying.id, '-final-h1'), competitionId: id, name: names.heat.slice(0, 200) }
	};
}

/**
 * What to write so that the final holds the advancing entries: in the final's first heat (set-up
 * order), or in a new heat when it has none. Entry IDs are derived (finalEntryId): doing it
 * again writes the same entries.
 */
export function finalSetup(a: Advancement, finalCompetitionId: string, heats: readonly Heat[], newHeatName: string): { heats: Heat[]; entries: Entry[] } {
	const existing = heats.find((h) => h.competitionId === finalCompetitionId);
	const heat = existing ?? { id: derivedId(finalCompetitionId, '-h1'), competitionId: finalCompetitionId, name: newHeatName.slice(0, 200) };
	return { heats: existing ? [] : [heat], entries: finalEntries(a.advancing, finalCompetitionId, heat.id) };
}

/** The final choice that asks for a new final competition (not an ID: IDs start with a letter or digit). */
export const NEW_FINAL = '*new';

/** What the organizer page offers the standings for rounds: the two actions. */
export interface RoundsControl {
	/** Saves the rule (a final's ID, NEW_FINAL to create one) or, with `final` null, removes it. */
	save: (qualifying: Competition, final: string | null, rule: RoundRule['rule']) => Promise<void>;
	/** Writes the final's entries for the advancing ones; how many and the final's name. */
	createEntries: (qualifying: Competition) => Promise<{ count: number; finalName: string }>;
}
