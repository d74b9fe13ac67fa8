import type { Entry } from '$lib/setup/schema';
import { seatLabelKey } from '$lib/setup/seat-label';

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
	// One table however its label is written ("T1", "t1", "T01": seat-label.ts, issue 29 #8), shown as first written.
	const tables = new Map<string, PlanTable>();
	const tableOf = (label: string): PlanTable => {
		const key = seatLabelKey(label);
		let t = tables.get(key);
		if (!t) tables.set(key, (t = { table: label, seats: [] }));
		return t;
	};
	for (const e of seated) tableOf(e.table).seats.push({ seat: e.seat, name: e.name });
	const sorted = [...tables.values()].sort((a, b) => byLabel(a.table, b.table));
	for (const t of sorted) t.seats.sort((a, b) => byLabel(a.seat, b.seat));
	const index = seated
		.map((e) => ({ name: e.name, table: tableOf(e.table).table, seat: e.seat }))
		.sort((a, b) => a.name.localeCompare(b.name, locale) || byLabel(a.table, b.table) || byLabel(a.seat, b.seat));
	return { tables: sorted, index };
}
