import type { Entry } from './schema';

/**
 * An entry as devices other than the organizer's may hold it (issue 14, Privacy): the members'
 * names and countries, never a date of birth. Used where the set-up leaves the server for a
 * judge, display or desk device, and again where a tablet writes its event file, so that an
 * exported judge file carries none even if a tablet once held one.
 */
export function withoutBirthDates(entry: Entry): Entry {
	if (!entry.members.some((m) => m.birthDate !== undefined)) return entry;
	return { ...entry, members: entry.members.map(({ birthDate: _b, ...m }) => m) };
}
