import type { JudgeEventRow } from './judge-event-row';
import type { Store } from './store';

/**
 * What a desk device (the check-in at the door, issue 14) may push: `entry.checked-in` events,
 * and corrections of its own check-ins (an undo is the usual void). Anything else it pushes is
 * refused one by one with the reason, like another device's events for a judge.
 */
export const DESK_ONLY = 'a desk device may only record check-ins (entry.checked-in) and corrections of its own check-ins';

type Seen = { type: string; deviceId: string };

export interface DeskGate {
	/** Why the desk may not push this event, or null; events let through count as seen for later corrections. */
	refusal(row: JudgeEventRow): string | null;
}

/** The check of one push by a desk, inside its transaction. */
export function deskGate(store: Store, eventId: string): DeskGate {
	const inPush = new Map<string, Seen>();
	const stored = store.db.prepare('SELECT json FROM judge_events WHERE id = ? AND event_id = ?').pluck();
	const find = (id: string): Seen | undefined => {
		const held = inPush.get(id);
		if (held) return held;
		const json = stored.get(id, eventId) as string | undefined;
		return json === undefined ? undefined : (JSON.parse(json) as Seen);
	};
	return {
		refusal(row) {
			const e = JSON.parse(row.json) as Seen & { payload: { supersedes?: string; replacement?: { type: string } } };
			let ok = e.type === 'entry.checked-in';
			if (e.type === 'correction') {
				const superseded = find(e.payload.supersedes ?? '');
				ok =
					superseded !== undefined &&
					superseded.deviceId === e.deviceId &&
					(superseded.type === 'entry.checked-in' || superseded.type === 'correction') &&
					(e.payload.replacement === undefined || e.payload.replacement.type === 'entry.checked-in');
			}
			if (!ok) return DESK_ONLY;
			inPush.set(row.id, { type: e.type, deviceId: e.deviceId });
			return null;
		}
	};
}
