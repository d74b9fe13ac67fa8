import { seededShuffle } from '$lib/setup/draw';
import { seatsOf, type Seat, type SeatLayout } from './seat-layout';
import { naturalCompare } from '$lib/natural-order';

/**
 * Who sits where (issue 15, Seating): entries in an order, put on the layout's seats. By draw
 * or by registration order the seats fill table by table; by a previous round's ranking in
 * snake order, so that the best are spread across the tables.
 */

export type SeatingMethod = 'draw' | 'registration' | 'ranking';

/** Seats for `ids` in order, table by table (table 1's seats first); throws when they do not fit. */
export function fillTables(ids: readonly string[], layout: SeatLayout): Map<string, Seat> {
	const seats = seatsOf(layout);
	if (ids.length > seats.length) throw new Error(`${ids.length} entries do not fit ${seats.length} seats`);
	return new Map(ids.map((id, i) => [id, seats[i]!]));
}

/**
 * Snake order: the first `tables` ranked at tables 1…n on their first seat, the next at tables
 * n…1 on their second seat, and so on: with 4 tables, 1-4 at tables 1-4, 5-8 at tables 4-1.
 * Throws when they do not fit.
 */
export function snakeSeats(ranked: readonly string[], layout: SeatLayout): Map<string, Seat> {
	const { tables, seatsPerTable } = layout;
	if (ranked.length > tables * seatsPerTable) throw new Error(`${ranked.length} entries do not fit ${tables * seatsPerTable} seats`);
	return new Map(
		ranked.map((id, i) => {
			const row = Math.floor(i / tables);
			const across = i % tables;
			const table = row % 2 === 0 ? across + 1 : tables - across;
			return [id, { table: String(table), seat: String(row + 1) }];
		})
	);
}

/** A seeded draw of the seats: the same entries and seed give the same seats (the input is sorted first). */
export function drawSeats(ids: readonly string[], layout: SeatLayout, seed: string): Map<string, Seat> {
	return fillTables(seededShuffle([...ids].sort(), seed), layout);
}

/**
 * The entries in a previous round's ranking: those ranked by their place (ties in the
 * ranking's order), then the unranked in their given order. An entry is found in the ranking
 * by its ID or, failing that, by its name (a final's entries are new entries of the same people).
 */
export function rankedOrder(
	entries: readonly { id: string; name: string }[],
	ranking: readonly { entryId: string; name: string; place: number | null }[]
): string[] {
	const byId = new Map<string, number>();
	const byName = new Map<string, number>();
	ranking.forEach((r, i) => {
		if (r.place === null) return;
		const key = r.place * 1e6 + i;
		byId.set(r.entryId, key);
		const name = r.name.trim().toLocaleLowerCase();
		if (!byName.has(name)) byName.set(name, key);
	});
	const keyOf = (e: { id: string; name: string }) => byId.get(e.id) ?? byName.get(e.name.trim().toLocaleLowerCase());
	const indexed = entries.map((e, i) => ({ id: e.id, key: keyOf(e), i }));
	indexed.sort((a, b) => (a.key ?? Infinity) - (b.key ?? Infinity) || a.i - b.i);
	return indexed.map((e) => e.id);
}

const label = (a: string | undefined, b: string | undefined) => (a === undefined ? (b === undefined ? 0 : 1) : b === undefined ? -1 : naturalCompare(a, b));

/**
 * Seats in the order people count them (issue 30 #9): by table, then by seat, labels in natural
 * order (1, 2, 3, 4, 10; "T2" before "T10"); unseated last. A comparator for Array.sort, whose
 * stable sort keeps equal seats in their given order.
 */
export function bySeat(a: { table?: string; seat?: string }, b: { table?: string; seat?: string }): number {
	return label(a.table, b.table) || label(a.seat, b.seat);
}
