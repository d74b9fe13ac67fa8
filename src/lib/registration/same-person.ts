/**
 * When two records name the same person (an import matching the register, two rows of one
 * file): the same name and date of birth, or the same e-mail. Names are compared ignoring
 * case, diacritics, and spaces around and between words ("Nováková  Kateřina" is
 * "novakova katerina"); e-mails ignoring case.
 */

export interface PersonKeys {
	name: string;
	birthDate?: string;
	email?: string;
}

/** A name as compared: no diacritics, lower case, single spaces. */
export function foldName(name: string): string {
	return name
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLocaleLowerCase('en')
		.replace(/\s+/g, ' ')
		.trim();
}

/** An e-mail as compared: trimmed, lower case; empty: none. */
export function emailKey(email: string | undefined): string {
	return (email ?? '').trim().toLocaleLowerCase('en');
}

/** The keys a person is found by: name + date of birth (when the date is known), e-mail (when given). */
export function personKeys(p: PersonKeys): string[] {
	const keys: string[] = [];
	if (p.birthDate) keys.push(`n:${foldName(p.name)}|${p.birthDate}`);
	const email = emailKey(p.email);
	if (email) keys.push(`e:${email}`);
	return keys;
}

/** Whether `a` and `b` are the same person: same name and date of birth, or same e-mail. */
export function samePerson(a: PersonKeys, b: PersonKeys): boolean {
	const keys = new Set(personKeys(a));
	return personKeys(b).some((k) => keys.has(k));
}
