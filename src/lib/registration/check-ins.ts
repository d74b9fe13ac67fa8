import type { EventOf, JudgeEvent } from '$lib/events/schema';
import { applyCorrections } from '$lib/scoring/corrections';

export type CheckIn = EventOf<'entry.checked-in'>;

/**
 * Who is checked in, from the device's judge events (its own and the other door devices',
 * pulled): the latest check-in in force per entry (registration ID), corrections applied (an
 * undo voids one, a replacement changes what it says). Two desks that check the same person in
 * both stay in the log; the later one is shown.
 */
export function checkInsOf(events: readonly JudgeEvent[]): Map<string, CheckIn> {
	const relevant = events.filter((e) => e.type === 'entry.checked-in' || e.type === 'correction');
	const byEntry = new Map<string, CheckIn>();
	if (!relevant.some((e) => e.type === 'entry.checked-in')) return byEntry;
	for (const e of applyCorrections(relevant).effective) if (e.type === 'entry.checked-in' && e.entryId !== null) byEntry.set(e.entryId, e);
	return byEntry;
}
