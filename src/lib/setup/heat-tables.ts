import type { Entry } from './schema';
import { seatLabelKey } from './seat-label';

/** One table of a heat: its label and the entries seated at it, by seat. */
export interface HeatTable {
	table: string;
	seats: { seat: string | null; entryId: string; name: string }[];
}

const natural = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/**
 * The tables of a heat from its set-up entries (those with a table): tables in natural order
 * (2 before 10), each table's entries by seat (unseated last, then by name). Labels that read
 * the same are one table (by `seatLabelKey`, issue 29 #8: "T1", "t1" and "T01"), shown as the
 * first entry spells it.
 */
export function heatTables(entries: readonly Entry[], heatId: string): HeatTable[] {
	const byTable = new Map<string, HeatTable>();
	for (const e of entries) {
		if (e.heatId !== heatId || e.table === undefined) continue;
		const key = seatLabelKey(e.table);
		if (key === '') continue;
		const t = byTable.get(key) ?? { table: e.table, seats: [] };
		t.seats.push({ seat: e.seat ?? null, entryId: e.id, name: e.name });
		byTable.set(key, t);
	}
	const tables = [...byTable.values()].sort((a, b) => natural(a.table, b.table));
	for (const t of tables) t.seats.sort((a, b) => (a.seat === null ? (b.seat === null ? natural(a.name, b.name) : 1) : b.seat === null ? -1 : natural(a.seat, b.seat)));
	return tables;
}
