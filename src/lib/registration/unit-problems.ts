import { checkRegistration, type MemberInfo, type UnitProblem } from '$lib/rules/registration';
import type { Ruleset } from '$lib/rules/schema';
import type { Person, Registration } from './schema';

/**
 * Every registration whose unit breaks its competition's ruleset, with the reasons (ES-CAT
 * sizes, ages and "at least 2 children"; CZ-GEN-AGE under-16s without an accompanying adult):
 * a list for the organizer. Nothing is refused for it: the organizer sees it and decides.
 * Cancelled registrations are left out.
 */
export interface EntryProblems {
	registrationId: string;
	competitionId: string;
	name: string;
	problems: UnitProblem[];
}

type PersonOf = (id: string) => Pick<Person, 'name' | 'birthDate' | 'accompaniedBy'> | undefined;

/**
 * The members of a unit as checkRegistration reads them (an unknown person: by their ID, with no
 * date of birth). `adultAtDesk`: the accompanying adult the desk recorded at the unit's check-in
 * (issue 30 #10), for the members who have none in the register.
 */
export function unitMembers(memberIds: readonly string[], personOf: PersonOf, adultAtDesk?: string): MemberInfo[] {
	return memberIds.map((id) => {
		const p = personOf(id);
		return { name: p?.name ?? id, birthDate: p?.birthDate, accompaniedBy: p?.accompaniedBy ?? adultAtDesk };
	});
}

export function unitProblems(
	registrations: readonly Registration[],
	personOf: PersonOf,
	rulesetOf: (competitionId: string) => Pick<Ruleset, 'unit'> | undefined,
	eventDay: string,
	/** The accompanying adult typed at the desk when the registration checked in (CZ-GEN-AGE). */
	adultAtDesk: (registrationId: string) => string | undefined = () => undefined
): EntryProblems[] {
	const found: EntryProblems[] = [];
	for (const r of registrations) {
		if (r.status === 'cancelled') continue;
		const ruleset = rulesetOf(r.competitionId);
		if (!ruleset) continue;
		const problems = checkRegistration(ruleset, unitMembers(r.memberIds, personOf, adultAtDesk(r.id)), eventDay);
		if (problems.length > 0) found.push({ registrationId: r.id, competitionId: r.competitionId, name: r.name, problems });
	}
	return found;
}
