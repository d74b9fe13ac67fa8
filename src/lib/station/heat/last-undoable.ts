import type { JudgeEvent } from '$lib/events/schema';

/**
 * This device's last judge action in a heat, as HeatSession keeps it for undo: after a reload
 * the undo of the last tap stays offered for the rest of its window (UNDO_WINDOW_MS, checked
 * against the event's time by the session). From the heat's events as stored:
 *
 * - only this device's events, in the order it numbered them;
 * - not the tablet's own note that the limit passed (`heat.time-limit`): not a judge's action;
 * - null when that action was already corrected (undone here, or by anyone since);
 * - a correction itself when it is the last action (an undo is not undone again).
 */
export function lastUndoable(events: readonly JudgeEvent[], deviceId: string): JudgeEvent | null {
	let last: JudgeEvent | null = null;
	for (const e of events) if (e.deviceId === deviceId && e.type !== 'heat.time-limit' && (last === null || e.seq > last.seq)) last = e;
	if (last === null) return null;
	const id = last.id;
	if (events.some((e) => e.type === 'correction' && e.payload.supersedes === id)) return null;
	return last;
}
