import type { LiveAdvancement } from '$lib/contract';
import { liveAdvancement } from '$lib/results/live-advancement';
import type { ServerStandings } from '../competition-standings';

/**
 * "through" / "on the edge" for each entry of a qualifying round at `now`
 * (src/lib/results/live-advancement.ts); none for a competition that advances no one.
 */
export function advancementMarks(computed: ServerStandings, now: number): Map<string, LiveAdvancement | null> {
	const advancesTo = computed.competition.advancesTo;
	if (!advancesTo) return new Map();
	return liveAdvancement({ standings: computed.standings, entries: computed.entries, rule: advancesTo.rule, ruleset: computed.ruleset, now });
}
