import type { PreviewCompetition } from '$lib/registration/csv/preview';
import type { PreparedCompetition } from '$lib/contract';

/**
 * The event's competitions as the registration CSV's preview and export name them (their ID,
 * name, ruleset and heats), in the event's order.
 */
export function csvCompetitions(competitions: readonly PreparedCompetition[]): PreviewCompetition[] {
	return competitions.map((c) => ({ id: c.competition.id, name: c.competition.name, ruleset: c.ruleset, heats: c.heats.map(({ heat }) => ({ id: heat.id, name: heat.name })) }));
}
