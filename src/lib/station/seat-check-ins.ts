import { checkInsOf } from '$lib/registration/check-ins';
import type { StationDb } from '$lib/db/station-db';

/**
 * The seats of a heat whose competitor has not checked in at the door (no entry.checked-in in
 * force for the seat's entry, which is the registration's ID), to mark on the judge's grid.
 * Only when the event has a roster at all: an event without registrations marks nothing. The
 * mark changes nothing else: the heat still starts for every seat (ES-LATE) and "did not start"
 * stays the judge's to record.
 */
export function seatsNotCheckedIn(seatIds: readonly string[], hasRoster: boolean, checkedIn: ReadonlySet<string>): Set<string> {
	if (!hasRoster) return new Set();
	return new Set(seatIds.filter((id) => !checkedIn.has(id)));
}

/** What the heat needs from the device: whether the event has a roster, and the entries of the competition checked in. */
export async function readCheckedIn(db: StationDb, eventId: string, competitionId: string): Promise<{ hasRoster: boolean; checkedIn: Set<string> }> {
	const [rosterCount, events] = await Promise.all([db.roster.where('eventId').equals(eventId).count(), db.events.where('competitionId').equals(competitionId).toArray()]);
	return { hasRoster: rosterCount > 0, checkedIn: new Set(checkInsOf(events).keys()) };
}
