import type { PersonInput } from './schema';

/**
 * Whether two records are the same person (an import that runs twice, a duplicate row): the
 * same e-mail, or (unless both have e-mails that differ) the same name and date of birth — both
 * without a date of birth counts as the same, so that a file imported again adds nobody. Names are compared ignoring case, accents
 * and extra spaces ("Nováková" is "novakova"); e-mails ignoring case.
 */
export function nameKey(name: string): string {
	return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function samePerson(a: Pick<PersonInput, 'name' | 'birthDate' | 'email'>, b: Pick<PersonInput, 'name' | 'birthDate' | 'email'>): boolean {
	if (a.email && b.email) {
		if (a.email.toLowerCase() === b.email.toLowerCase()) return true;
		// Two e-mails that differ: two people, whatever their names.
		return false;
	}
	return a.birthDate === b.birthDate && nameKey(a.name) === nameKey(b.name);
}
