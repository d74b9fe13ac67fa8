import type { SetupBundle } from '$lib/db/setup-store';
import { seatLabelKey } from '$lib/setup/seat-label';
import type { CardScope } from '$lib/sync/pairing';

/**
 * What a tablet paired by a table card offers (issue 30 #2): its card's table of its card's heat,
 * nothing else. The server takes that heat's events only (src/lib/server/card-push-scope.ts): a
 * heat chosen elsewhere would run on the tablet and never sync.
 */
export function cardDirectory(directory: SetupBundle, card: Pick<CardScope, 'competitionId' | 'heatId' | 'table'>): SetupBundle {
	const table = seatLabelKey(card.table);
	const competitions = directory.competitions.filter((c) => c.id === card.competitionId);
	return {
		...directory,
		days: directory.days.filter((d) => competitions.some((c) => c.eventId === d.id)),
		competitions,
		heats: directory.heats.filter((h) => h.id === card.heatId && h.competitionId === card.competitionId),
		entries: directory.entries.filter((e) => e.competitionId === card.competitionId && e.heatId === card.heatId && e.table !== undefined && seatLabelKey(e.table) === table)
	};
}

/** Whether the card's tablet may open this heat (any table of it: the server takes the whole heat's events). */
export function cardOpens(card: Pick<CardScope, 'competitionId' | 'heatId'>, competitionId: string, heatId: string): boolean {
	return card.competitionId === competitionId && card.heatId === heatId;
}
