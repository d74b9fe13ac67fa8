import { z } from 'zod/mini';
import '$lib/zod-locale';
import { advancement, AdvancementRuleSchema, finalEntries, type Advancement } from '$lib/results/advancement';
import { IdSchema, type Competition, type Entry, type Heat } from '$lib/setup/schema';
import type { Standings } from '$lib/scoring/types';

/**
 * Rounds on the organizer's screen: a qualifying competition's rule (which final, who goes
 * there) turned into the standings' "Advances" map and into the final's set-up. Pure; the
 * rule is kept by src/lib/organizer/rounds-store.ts.
 */

export const RoundRuleSchema = z.object({
	/** The final: another competition of the same event. */
	finalCompetitionId: IdSchema,
	rule: AdvancementRuleSchema
});
export type RoundRule = z.infer<typeof RoundRuleSchema>;

/** The rule, or null when it is missing or not valid (an older or damaged record is ignored, not fatal). */
export function parseRoundRule(value: unknown): RoundRule | null {
	const parsed = RoundRuleSchema.safeParse(value);
	return parsed.success ? parsed.data : null;
}

/** Who advances under `rule`; null without a rule. */
export function roundAdvancement(s: { standings: Pick<Standings, 'rows'>; entries: readonly Entry[] }, rule: RoundRule | null): Advancement | null {
	return rule ? advancement(s.standings, s.entries, rule.rule) : null;
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

/** What the organizer page offers the standings for rounds: the rules on this device and the two actions. */
export interface RoundsControl {
	/** Rules by qualifying competition ID. */
	rules: ReadonlyMap<string, RoundRule>;
	/** Saves the rule (a final's ID, NEW_FINAL to create one) or, with `final` null, removes it. */
	save: (qualifying: Competition, final: string | null, rule: RoundRule['rule']) => Promise<void>;
	/** Writes the final's entries for the advancing ones; how many and the final's name. */
	createEntries: (qualifying: Competition) => Promise<{ count: number; finalName: string }>;
}
