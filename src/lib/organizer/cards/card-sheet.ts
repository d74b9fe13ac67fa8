import type { Locale } from '$lib/i18n';
import { heatTables, type HeatTable } from '$lib/setup/heat-tables';
import type { PrintedCard, SetupResponse } from '$lib/contract';

/** One printed table card: the event, competition, heat, the table with its seats, and the card's pairing link. */
export interface CardPage extends HeatTable {
	link: string;
	expiresAt: number;
}

export interface CardSheet {
	eventName: string;
	competitionName: string;
	heatName: string;
	/** The event's language for printed lists, when it has one (the cards are printed in it). */
	language?: Locale;
	cards: CardPage[];
}

/**
 * The cards of a heat as printed: each card the server made, with its table's seats from the
 * set-up (names only). Null when the heat is not in the set-up.
 */
export function cardSheet(setup: Pick<SetupResponse, 'event' | 'competitions' | 'heats' | 'entries'>, heatId: string, printed: readonly PrintedCard[]): CardSheet | null {
	const heat = setup.heats.find((h) => h.id === heatId);
	const competition = heat && setup.competitions.find((c) => c.id === heat.competitionId);
	if (!heat || !competition) return null;
	const tables = new Map(heatTables(setup.entries, heatId).map((t) => [t.table, t]));
	const cards = printed.flatMap((p) => {
		const t = tables.get(p.table);
		return t && p.heatId === heatId ? [{ ...t, link: p.link, expiresAt: p.expiresAt }] : [];
	});
	const language = setup.event.language;
	return { eventName: setup.event.name, competitionName: competition.name, heatName: heat.name, ...(language && { language }), cards };
}
