import type { Entry } from '$lib/setup/schema';
import { seatLabel, seatLabelKey } from '$lib/setup/seat-label';

export interface DoubleSeat {
	heatId: string;
	table: string;
	seat: string;
	/** The entries on that seat (two or more). */
	entryIds: string[];
}

/**
 * A seat never holds two entries (issue 15, Seating): the seats of one heat given to more than
 * one entry. An entry without a table or a seat (or with a blank one) takes no seat. Labels are
 * compared by their key (src/lib/setup/seat-label.ts, issue 29 #8): table "1" seat "A" and
 * table "01 " seat "a" are one seat, and so are a no-break space and a plain one, Cyrillic "А"
 * and Latin "A". The clash names the seat as the first of its entries has it. Checked on the
 * organizer's device before it writes and by the server on every set-up write (two organizer
 * devices).
 */
export function doubleSeats(entries: readonly Pick<Entry, 'id' | 'heatId' | 'table' | 'seat'>[]): DoubleSeat[] {
	const bySeat = new Map<string, DoubleSeat>();
	for (const e of entries) {
		if (e.table === undefined || e.seat === undefined || seatLabel(e.table) === '' || seatLabel(e.seat) === '') continue;
		const key = JSON.stringify([e.heatId, seatLabelKey(e.table), seatLabelKey(e.seat)]);
		const found = bySeat.get(key);
		if (found) found.entryIds.push(e.id);
		else bySeat.set(key, { heatId: e.heatId, table: e.table, seat: e.seat, entryIds: [e.id] });
	}
	return [...bySeat.values()].filter((d) => d.entryIds.length > 1);
}
