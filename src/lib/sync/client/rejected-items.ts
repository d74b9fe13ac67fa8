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
	/** The server's reason, the heats, competitions and entries it quotes by ID named as the tablet names them. */
	reason: string;
}

/** A quoted ID in a server's reason (`heat "q-1a2b-h1"`). */
const QUOTED = /"([^"\s]{1,64})"/g;

/** The server's reason with the IDs it quotes replaced by their names, where the tablet knows them. */
async function reasonInWords(db: StationDb, reason: string): Promise<string> {
	const ids = [...new Set([...reason.matchAll(QUOTED)].map((m) => m[1]!))];
	if (ids.length === 0) return reason;
	const [heats, competitions, entries] = await Promise.all([db.heats.bulkGet(ids), db.competitions.bulkGet(ids), db.entries.bulkGet(ids)]);
	const names = new Map<string, string>();
	ids.forEach((id, i) => {
		const name = heats[i]?.name ?? competitions[i]?.name ?? entries[i]?.name;
		if (name) names.set(id, name);
	});
	return reason.replace(QUOTED, (quoted, id: string) => (names.has(id) ? `“${names.get(id)}”` : quoted));
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
				outsideCard: outside ? { heatName: card.heatName, table: card.table } : null,
				reason: await reasonInWords(db, row.reason)
			};
		})
	);
}
