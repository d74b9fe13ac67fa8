import type { Entry } from '$lib/setup/schema';
import { sameSeatLabel } from '$lib/setup/seat-label';
import type { Seat } from './seat-layout';

export type MoveResult = { ok: true; entries: Entry[] } | { ok: false; takenBy: Entry };

/**
 * One entry moved to another seat of its heat (issue 15, Seating): refused, naming who sits
 * there, when the seat is taken by another entry — a seat never holds two entries. A seat is
 * taken however its labels are written ("01"/"a" for "1"/"A": seat-label.ts, issue 29 #8).
 */
export function moveEntry(entries: readonly Entry[], entryId: string, to: Seat): MoveResult {
	const moving = entries.find((e) => e.id === entryId);
	if (!moving) throw new Error(`no entry ${entryId}`);
	const at = (e: Entry) => e.table !== undefined && e.seat !== undefined && sameSeatLabel(e.table, to.table) && sameSeatLabel(e.seat, to.seat);
	const takenBy = entries.find((e) => e.id !== entryId && e.heatId === moving.heatId && at(e));
	if (takenBy) return { ok: false, takenBy };
	return { ok: true, entries: entries.map((e) => (e.id === entryId ? { ...e, table: to.table, seat: to.seat } : e)) };
}
