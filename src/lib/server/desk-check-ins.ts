import { checkInsOf, type CheckIn } from '$lib/registration/check-ins';
import type { JudgeEvent } from '$lib/events/schema';
import type { Store } from './store';

/**
 * The check-ins in force on the server (registration/check-ins.ts, checkInsOf, over the stored events),
 * for what the register reads of them: the payment taken at the desk (desk-payments.ts) and the
 * accompanying adult typed there (register.ts, the entries that break a rule). Only the rows of
 * check-ins, and the corrections of the entries checked in, are read and parsed.
 */

/** The check-ins in force of the given entries (registration IDs), each read within its competition. */
export function checkInsOfEntries(store: Store, eventId: string, entries: readonly { id: string; competitionId: string }[]): Map<string, CheckIn> {
	const rows = store.stmt('SELECT json FROM judge_events WHERE event_id = ? AND competition_id = ? AND entry_id = ?').pluck();
	const events: JudgeEvent[] = [];
	for (const { id, competitionId } of entries) for (const json of rows.all(eventId, competitionId, id) as string[]) events.push(JSON.parse(json) as JudgeEvent);
	return checkInsOf(events);
}

/** Every check-in in force of the event (by registration ID). */
export function checkInsOfEvent(store: Store, eventId: string): Map<string, CheckIn> {
	const checkedIn = store
		.stmt(`SELECT DISTINCT entry_id AS id, competition_id AS competitionId FROM judge_events WHERE event_id = ? AND entry_id IS NOT NULL AND instr(json, '"entry.checked-in"') > 0`)
		.all(eventId) as { id: string; competitionId: string }[];
	return checkedIn.length === 0 ? new Map() : checkInsOfEntries(store, eventId, checkedIn);
}
