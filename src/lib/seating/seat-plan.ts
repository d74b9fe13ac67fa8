import type { Entry } from '$lib/setup/schema';

/** One table of a printed seat plan: its seats in order with who sits there. */
export interface PlanTable {
	table: string;
	seats: { seat: string; name: string }[];
}

/** One line of the plan's alphabetical index: name → table, seat. */
export interface PlanIndexLine {
	name: string;
	table: string;
	seat: string;
}

const byLabel = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/**
 * A heat's seat plan for the wall (issue 15): the seated entries by table (tables and seats in
 * number order), and the alphabetical index of names. Names only: an entry's members are not
 * listed, nothing else of the register is. Entries without a seat are left out.
 */
export function seatPlan(entries: readonly Pick<Entry, 'name' | 'table' | 'seat'>[], locale?: string): { tables: PlanTable[]; index: PlanIndexLine[] } {
	const seated = entries.filter((e): e is typeof e & { table: string; seat: string } => !!e.table && !!e.seat);
	const tables = new Map<string, PlanTable>();
	for (const e of seated) {
		let t = tables.get(e.table);
		if (!t) tables.set(e.table, (t = { table: e.table, seats: [] }));
		t.seats.push({ seat: e.seat, name: e.name });
	}
	const sorted = [...tables.values()].sort((a, b) => byLabel(a.table, b.table));
	for (const t of sorted) t.seats.sort((a, b) => byLabel(a.seat, b.seat));
	const index = seated
		.map((e) => ({ name: e.name, table: e.table, seat: e.seat }))
		.sort((a, b) => a.name.localeCompare(b.name, locale) || byLabel(a.table, b.table) || byLabel(a.seat, b.seat));
	return { tables: sorted, index };
}
