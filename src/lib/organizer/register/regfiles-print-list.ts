import { inRegistrationOrder } from '$lib/registration/waiting-list';
import type { Person, Registration } from '$lib/registration/schema';

/**
 * One competition's printed list of registrations (/organizer/register/print): the registered
 * units in registration order, then the waiting list in its order (CZ-IND-CAP, CZ-TEAM-CAP);
 * cancelled ones are not on it. Each unit with its members' names, their countries and clubs,
 * and whether it has paid: nothing else of a person (no e-mail, phone or date of birth: a
 * printed list lies on the registration desk). Pure.
 */

export interface PrintedMember {
	name: string;
	country?: string;
	club?: string;
}

export interface PrintedUnit {
	/** The registration's ID. */
	id: string;
	/** Its place on its list: 1, 2, … (the registered ones and the waiting ones each from 1). */
	position: number;
	name: string;
	members: PrintedMember[];
	paid: boolean;
}

export interface PrintedList {
	registered: PrintedUnit[];
	waiting: PrintedUnit[];
}

/** Only what may be printed of a person. */
function printedMember(person: Pick<Person, 'name' | 'country' | 'club'>): PrintedMember {
	return {
		name: person.name,
		...(person.country ? { country: person.country } : {}),
		...(person.club ? { club: person.club } : {})
	};
}

export function printedList(
	register: { people: readonly Pick<Person, 'id' | 'name' | 'country' | 'club'>[]; registrations: readonly Registration[] },
	competitionId: string
): PrintedList {
	const people = new Map(register.people.map((p) => [p.id, p]));
	const units = (status: Registration['status']): PrintedUnit[] =>
		inRegistrationOrder(register.registrations.filter((r) => r.competitionId === competitionId && r.status === status)).map((r, i) => ({
			id: r.id,
			position: i + 1,
			name: r.name,
			members: r.memberIds.flatMap((id) => {
				const p = people.get(id);
				return p ? [printedMember(p)] : [];
			}),
			paid: r.paid !== null
		}));
	return { registered: units('registered'), waiting: units('waiting') };
}

/** The distinct countries and clubs of a unit's members, as one line ("CZ · Dílky z Brna"). */
export function whereFrom(members: readonly PrintedMember[]): string {
	const parts = [...new Set(members.flatMap((m) => [m.country, m.club]).filter((x): x is string => !!x))];
	return parts.join(' · ');
}
