import type { RosterEntry } from '$lib/registration/schema';
import type { Ruleset } from '$lib/rules/schema';
import type { CheckIn } from '$lib/registration/check-ins';

/**
 * What the desk asks when someone checks in, only where the ruleset needs it: whether the fee
 * was paid (a fee not yet paid, e.g. paid just before the turn: ES-FEE), how many companions
 * (children of a ruleset that allows them, at most its number per child: ES-COMPANION), and the
 * accompanying adult of a member under the ruleset's age who has none yet (CZ-GEN-AGE); and
 * one on the waiting list is told so and checked in only when the desk confirms it.
 */
export interface CheckInNeeds {
	askPaid: boolean;
	/** The most companions the entry may bring (per child × children); null: not asked. */
	companionsMax: number | null;
	/** The members under the age who have no accompanying adult yet. */
	needsAdult: string[];
	/** On the waiting list: no place yet, checked in only on purpose (issue 30 #11). */
	waiting: boolean;
}

export function checkInNeeds(entry: RosterEntry, ruleset: Pick<Ruleset, 'checkIn'> | undefined): CheckInNeeds {
	const perChild = ruleset?.checkIn.companionsMax;
	const children = entry.members.filter((m) => m.child).length;
	return {
		askPaid: !entry.paid && entry.fee.amount > 0,
		companionsMax: perChild !== undefined && children > 0 ? perChild * children : null,
		needsAdult: entry.members.filter((m) => m.minor && !m.accompaniedBy).map((m) => m.name),
		waiting: entry.status === 'waiting'
	};
}

/** Whether the check-in can be one tap: nothing to ask, and a place in the competition. */
export function nothingToAsk(needs: CheckInNeeds): boolean {
	return !needs.askPaid && needs.companionsMax === null && needs.needsAdult.length === 0 && !needs.waiting;
}

/** What the desk warns of on an entry: unpaid, a minor without an adult, not yet in any heat, on the waiting list. */
export type DeskWarning = 'unpaid' | 'minor-alone' | 'not-seated' | 'waiting';

/** `seated`: the set-up has an entry with the registration's ID (it is in a heat). */
export function deskWarnings(entry: RosterEntry, checkIn: CheckIn | undefined, seated: boolean): DeskWarning[] {
	const warnings: DeskWarning[] = [];
	if (!entry.paid && entry.fee.amount > 0 && checkIn?.payload.paid !== true) warnings.push('unpaid');
	if (entry.members.some((m) => m.minor && !m.accompaniedBy) && !checkIn?.payload.accompaniedBy) warnings.push('minor-alone');
	if (!seated) warnings.push('not-seated');
	if (entry.status === 'waiting') warnings.push('waiting');
	return warnings;
}

/** The answers given at the desk, checked against the needs: the payload of the check-in, or why not. */
export function checkInPayload(
	needs: CheckInNeeds,
	answers: { paid: boolean; companions: number; accompaniedBy: string }
): { ok: true; payload: CheckIn['payload'] } | { ok: false; problem: 'companions' } {
	const payload: CheckIn['payload'] = {};
	if (needs.askPaid) payload.paid = answers.paid;
	if (needs.companionsMax !== null) {
		if (!Number.isInteger(answers.companions) || answers.companions < 0 || answers.companions > needs.companionsMax) return { ok: false, problem: 'companions' };
		payload.companions = answers.companions;
	}
	const adult = answers.accompaniedBy.trim();
	if (needs.needsAdult.length > 0 && adult) payload.accompaniedBy = adult;
	return { ok: true, payload };
}
