import type { Entry } from '$lib/setup/schema';
import type { Seat } from './seat-layout';

export type MoveResult = { ok: true; entries: Entry[] } | { ok: false; takenBy: Entry };

/**
 * One entry moved to another seat of its heat (issue 15, Seating): refused, naming who sits
 * there, when the seat is taken by another entry — a seat never holds two entries.
 */
export function moveEntry(entries: readonly Entry[], entryId: string, to: Seat): MoveResult {
	const moving = entries.find((e) => e.id === entryId);
	if (!moving) throw new Error(`no entry ${entryId}`);
	const takenBy = entries.find((e) => e.id !== entryId && e.heatId === moving.heatId && e.table === to.table && e.seat === to.seat);
	if (takenBy) return { ok: false, takenBy };
	return { ok: true, entries: entries.map((e) => (e.id === entryId ? { ...e, table: to.table, seat: to.seat } : e)) };
}
