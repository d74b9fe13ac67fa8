import { withoutBirthDates } from '$lib/setup/without-birth-dates';
import type { Role, SetupResponse } from '$lib/contract';

/**
 * The set-up as a device of `role` may see it (issue 14, Privacy): dates of birth stay on the
 * server and the organizer's devices; judge, display (and desk) devices get the members'
 * names and countries only. (Contact data is never part of the set-up: it lives in the register.)
 */
export function setupForRole(setup: SetupResponse, role: Role): SetupResponse {
	if (role === 'organizer') return setup;
	return { ...setup, entries: setup.entries.map(withoutBirthDates) };
}
