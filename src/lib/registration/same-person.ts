import { foldLetters } from './fold';

/**
 * When two records name the same person (an import matching the register, two rows of one
 * file, the same file imported again): the same name and date of birth, or the same name and
 * e-mail; two records that have neither a date of birth nor an e-mail, by their name alone.
 * Names are compared ignoring case, diacritics, and spaces around and between words ("Kateřina  NOVÁKOVÁ" is
 * "katerina novakova"); e-mails ignoring case.
 *
 * The same e-mail under another name is not the same person on its own: a family registers its
 * children with one parent's address (ES-CAT family groups). `sharesEmail` says so, for a
 * warning that the organizer sees.
 */

export interface PersonKeys {
	name: string;
	birthDate?: string;
	email?: string;
}

/** A name as compared: no diacritics, lower case (fold.ts), single spaces. */
export function foldName(name: string): string {
	return foldLetters(name).replace(/\s+/g, ' ').trim();
}

/** An e-mail as compared: trimmed, lower case; empty: none. */
export function emailKey(email: string | undefined): string {
	return (email ?? '').trim().toLowerCase();
}

/**
 * The keys a person is found by: name + date of birth (when the date is known), name + e-mail
 * (when given), and the name alone when neither is (so a file of names only imported twice adds
 * nobody).
 */
export function personKeys(p: PersonKeys): string[] {
	const name = foldName(p.name);
	const keys: string[] = [];
	if (p.birthDate) keys.push(`b:${name}|${p.birthDate}`);
	const email = emailKey(p.email);
	if (email) keys.push(`e:${name}|${email}`);
	if (keys.length === 0) keys.push(`n:${name}`);
	return keys;
}

/** Whether `a` and `b` give the same e-mail (whoever they are). */
export function sharesEmail(a: PersonKeys, b: PersonKeys): boolean {
	const email = emailKey(a.email);
	return email !== '' && email === emailKey(b.email);
}

/** Whether `a` and `b` are the same person: same name and date of birth, or same name and e-mail (or, with neither, the same name). */
export function samePerson(a: PersonKeys, b: PersonKeys): boolean {
	const keys = new Set(personKeys(a));
	return personKeys(b).some((k) => keys.has(k));
}
