import { admission } from '$lib/rules/registration';
import type { Ruleset } from '$lib/rules/schema';
import type { Registration } from './schema';

/**
 * The waiting list of a competition (CZ-IND-CAP, CZ-TEAM-CAP): registrations are admitted by
 * the ruleset's capacity (people or entries) in registration order; past it they wait. A place
 * freed by a cancellation goes to the first waiting one — and only in that order: a later,
 * smaller registration never jumps an earlier one that does not fit yet.
 */

/** What the waiting list reads of a registration. */
export type Place = Pick<Registration, 'id' | 'registeredAt' | 'status' | 'memberIds'>;

/** The registrations in registration order (time of registration; equal times keep the order given). */
export function inRegistrationOrder<T extends Pick<Registration, 'registeredAt'>>(registrations: readonly T[]): T[] {
	return registrations
		.map((r, i) => ({ r, i }))
		.sort((a, b) => a.r.registeredAt - b.r.registeredAt || a.i - b.i)
		.map(({ r }) => r);
}

/** The places taken: registered entries and their people. */
export function placesTaken(registrations: readonly Place[]): { entries: number; people: number } {
	const registered = registrations.filter((r) => r.status === 'registered');
	return { entries: registered.length, people: registered.reduce((n, r) => n + r.memberIds.length, 0) };
}

/**
 * Where a new registration of `people` people goes, given the competition's registrations:
 * registered while there is room and nobody is waiting, else the waiting list.
 */
export function placeOfNew(ruleset: Pick<Ruleset, 'capacity' | 'unit'>, registrations: readonly Place[], people: number): 'registered' | 'waiting' {
	return placeIn(ruleset, listState(registrations), people);
}

/** A competition's list in short: the places taken and how many wait (for placing many at once, as an import does). */
export interface ListState {
	taken: { entries: number; people: number };
	waiting: number;
}

export function listState(registrations: readonly Place[]): ListState {
	return { taken: placesTaken(registrations), waiting: registrations.filter((r) => r.status === 'waiting').length };
}

/** placeOfNew on a list in short; `state` is updated with the new registration. */
export function placeIn(ruleset: Pick<Ruleset, 'capacity' | 'unit'>, state: ListState, people: number): 'registered' | 'waiting' {
	const place = state.waiting === 0 && admission(ruleset, state.taken, people) === 'registered' ? 'registered' : 'waiting';
	if (place === 'registered') {
		state.taken.entries += 1;
		state.taken.people += people;
	} else state.waiting += 1;
	return place;
}

/**
 * The waiting registrations that move up now (after a cancellation, or more room), in
 * registration order: the first waiting ones while each fits; the first that does not fit
 * stops the list.
 */
export function movingUp(ruleset: Pick<Ruleset, 'capacity' | 'unit'>, registrations: readonly Place[]): string[] {
	const now = registrations.filter((r) => r.status !== 'cancelled');
	const taken = placesTaken(now);
	const moved: string[] = [];
	for (const w of inRegistrationOrder(now.filter((r) => r.status === 'waiting'))) {
		if (admission(ruleset, taken, w.memberIds.length) !== 'registered') break;
		taken.entries += 1;
		taken.people += w.memberIds.length;
		moved.push(w.id);
	}
	return moved;
}
