import type { JudgeEvent } from '$lib/events/schema';
import type { RejectedRow, StationDb } from '$lib/db/station-db';
import { listRejected } from '$lib/db/outbox';
import { loadPairing } from './pairing';

/**
 * An event the server will never take, with what the tablet knows of it to say it in words
 * (issue 30 #2): its action, heat, seat and person, and whether it lies outside the heat of the
 * table card the tablet was paired by (the server's refusal of a card's tablet, said in the
 * tablet's language rather than the server's English).
 */
export interface RejectedItem {
	row: RejectedRow;
	/** The refused event (undefined: no longer on the tablet, which cannot happen: events are never deleted). */
	event: JudgeEvent | undefined;
	competitionName: string | null;
	heatName: string | null;
	entry: { name: string; table: string | null; seat: string | null } | null;
	/** The card the tablet was paired by, when the event is not of its heat: why the server refused it. */
	outsideCard: { heatName: string; table: string } | null;
}

/** The refused events, newest first, with their words' facts. */
export async function readRejected(db: StationDb): Promise<RejectedItem[]> {
	const rows = await listRejected(db);
	if (rows.length === 0) return [];
	const [events, pairing] = await Promise.all([db.events.bulkGet(rows.map((r) => r.id)), loadPairing(db)]);
	const card = pairing?.card ?? null;
	return Promise.all(
		rows.map(async (row, i): Promise<RejectedItem> => {
			const event = events[i];
			const [competition, heat, entry] = event
				? await Promise.all([db.competitions.get(event.competitionId), event.heatId === null ? undefined : db.heats.get(event.heatId), event.entryId === null ? undefined : db.entries.get(event.entryId)])
				: [];
			const outside = card !== null && event !== undefined && (event.competitionId !== card.competitionId || event.heatId !== card.heatId);
			return {
				row,
				event,
				competitionName: competition?.name ?? null,
				heatName: heat?.name ?? null,
				entry: entry ? { name: entry.name, table: entry.table ?? null, seat: entry.seat ?? null } : null,
				outsideCard: outside ? { heatName: card.heatName, table: card.table } : null
			};
		})
	);
}
