import type { Entry } from './schema';

/** One table of a heat: its label and the entries seated at it, by seat. */
export interface HeatTable {
	table: string;
	seats: { seat: string | null; entryId: string; name: string }[];
}

const natural = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/**
 * The tables of a heat from its set-up entries (those with a table): tables in natural order
 * (2 before 10), each table's entries by seat (unseated last, then by name).
 */
export function heatTables(entries: readonly Entry[], heatId: string): HeatTable[] {
	const byTable = new Map<string, HeatTable>();
	for (const e of entries) {
		if (e.heatId !== heatId || e.table === undefined || e.table.trim() === '') continue;
		const t = byTable.get(e.table) ?? { table: e.table, seats: [] };
		t.seats.push({ seat: e.seat ?? null, entryId: e.id, name: e.name });
		byTable.set(e.table, t);
	}
	const tables = [...byTable.values()].sort((a, b) => natural(a.table, b.table));
	for (const t of tables) t.seats.sort((a, b) => (a.seat === null ? (b.seat === null ? natural(a.name, b.name) : 1) : b.seat === null ? -1 : natural(a.seat, b.seat)));
	return tables;
}
