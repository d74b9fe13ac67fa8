import { describe, expect, it } from 'vitest';
import { nameKey, samePerson } from './same-person';

describe('the same person', () => {
	it('by name (case, accents and spaces ignored) and date of birth', () => {
		expect(nameKey('  Jana  NOVÁKOVÁ ')).toBe('jana novakova');
		expect(samePerson({ name: 'Jana Nováková', birthDate: '1990-01-02' }, { name: 'jana novakova', birthDate: '1990-01-02' })).toBe(true);
		expect(samePerson({ name: 'Jana Nováková', birthDate: '1990-01-02' }, { name: 'Jana Nováková', birthDate: '1991-01-02' })).toBe(false);
		expect(samePerson({ name: 'Peña Ruiz' }, { name: 'Pena Ruiz' })).toBe(true);
	});

	it('by e-mail, whatever the name; two different e-mails are two people', () => {
		expect(samePerson({ name: 'J. Nováková', email: 'Jana@Example.org' }, { name: 'Jana Nováková', email: 'jana@example.org' })).toBe(true);
		expect(samePerson({ name: 'Jan Novák', birthDate: '1990-01-02', email: 'a@x.cz' }, { name: 'Jan Novák', birthDate: '1990-01-02', email: 'b@x.cz' })).toBe(false);
	});
});
