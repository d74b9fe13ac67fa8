import type { Entry } from '$lib/setup/schema';

/**
 * A heat's tables and seats (issue 15, Seating): `tables` tables of `seatsPerTable` seats each,
 * labelled "1", "2" … (table) and "1", "2" … (seat), as the set-up's entries carry them. A
 * CZJPA individual heat of 80 is 20 tables of 4 (CZ-IND-CAP); a Spanish pair's or group's turn
 * is a table per entry (one seat: the unit sits together).
 */
export interface SeatLayout {
	tables: number;
	seatsPerTable: number;
}

export interface Seat {
	table: string;
	seat: string;
}

/** The most tables and seats a layout may have (the set-up's labels are short strings). */
export const MAX_TABLES = 500;
export const MAX_SEATS_PER_TABLE = 20;

/** Every seat of the layout, table by table: table 1 seat 1, table 1 seat 2 … */
export function seatsOf(layout: SeatLayout): Seat[] {
	const seats: Seat[] = [];
	for (let t = 1; t <= layout.tables; t++) for (let s = 1; s <= layout.seatsPerTable; s++) seats.push({ table: String(t), seat: String(s) });
	return seats;
}

/** The layout proposed for `count` entries: individuals four to a table, any other unit a table each. */
export function defaultLayout(count: number, unitKind: string): SeatLayout {
	const seatsPerTable = unitKind === 'individual' ? 4 : 1;
	return { tables: Math.max(1, Math.ceil(count / seatsPerTable)), seatsPerTable };
}

/** The layout that holds the seats already given in the heat (numeric labels), or null when none is numbered. */
export function layoutOfSeated(entries: readonly Pick<Entry, 'table' | 'seat'>[]): SeatLayout | null {
	let tables = 0;
	let seatsPerTable = 0;
	for (const e of entries) {
		const t = Number(e.table);
		const s = Number(e.seat);
		if (!Number.isInteger(t) || !Number.isInteger(s) || t < 1 || s < 1) continue;
		tables = Math.max(tables, t);
		seatsPerTable = Math.max(seatsPerTable, s);
	}
	return tables > 0 ? { tables, seatsPerTable } : null;
}

/** A seat's key, for maps: "table/seat". */
export function seatKey(s: Seat): string {
	return `${s.table}/${s.seat}`;
}
