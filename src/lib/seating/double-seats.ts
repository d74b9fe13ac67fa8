import type { Entry } from '$lib/setup/schema';

export interface DoubleSeat {
	heatId: string;
	table: string;
	seat: string;
	/** The entries on that seat (two or more). */
	entryIds: string[];
}

/**
 * A seat never holds two entries (issue 15, Seating): the seats of one heat given to more than
 * one entry. An entry without a table or a seat takes no seat. Checked on the organizer's
 * device before it writes and by the server on every set-up write (two organizer devices).
 */
export function doubleSeats(entries: readonly Pick<Entry, 'id' | 'heatId' | 'table' | 'seat'>[]): DoubleSeat[] {
	const bySeat = new Map<string, DoubleSeat>();
	for (const e of entries) {
		if (e.table === undefined || e.seat === undefined || e.table === '' || e.seat === '') continue;
		const key = JSON.stringify([e.heatId, e.table, e.seat]);
		const found = bySeat.get(key);
		if (found) found.entryIds.push(e.id);
		else bySeat.set(key, { heatId: e.heatId, table: e.table, seat: e.seat, entryIds: [e.id] });
	}
	return [...bySeat.values()].filter((d) => d.entryIds.length > 1);
}
