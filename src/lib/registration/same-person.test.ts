import { describe, expect, it } from 'vitest';
import { foldName, samePerson, sharesEmail } from './same-person';

describe('the same person', () => {
	it('folds case, diacritics and spaces of a name', () => {
		expect(foldName('  Kateřina   NOVÁKOVÁ ')).toBe('katerina novakova');
		expect(foldName('Íñigo Peña')).toBe('inigo pena');
		expect(foldName('Žofie Šťastná')).toBe('zofie stastna');
	});

	it('is the same name and date of birth, or the same name and e-mail', () => {
		const kata = { name: 'Kateřina Nováková', birthDate: '1990-04-03', email: 'kata@example.cz' };
		expect(samePerson(kata, { name: 'katerina novakova', birthDate: '1990-04-03' })).toBe(true);
		expect(samePerson(kata, { name: 'KATEŘINA NOVÁKOVÁ', email: 'KATA@example.cz ' })).toBe(true);
		expect(samePerson(kata, { name: 'Kateřina Nováková', birthDate: '1991-04-03' })).toBe(false);
	});

	it('does not take a family sharing one e-mail for one person, but says they share it', () => {
		const mother = { name: 'María Peña', email: 'familia.pena@example.es' };
		const child = { name: 'Lucía Peña', birthDate: '2016-05-01', email: 'familia.pena@example.es' };
		expect(samePerson(mother, child)).toBe(false);
		expect(sharesEmail(mother, child)).toBe(true);
		expect(sharesEmail({ name: 'A' }, { name: 'B' })).toBe(false);
	});

	it('takes two records with neither a date of birth nor an e-mail by their name alone (a file of names imported twice adds nobody)', () => {
		expect(samePerson({ name: 'Jan Novák' }, { name: 'jan novak' })).toBe(true);
		expect(samePerson({ name: 'Jan Novák', email: '' }, { name: 'Jan Novák', email: '' })).toBe(true);
		// One of them known better: not taken for the same without that date or e-mail.
		expect(samePerson({ name: 'Jan Novák' }, { name: 'Jan Novák', birthDate: '1990-01-02' })).toBe(false);
		expect(samePerson({ name: 'Jan Novák', birthDate: '1990-01-02', email: 'a@x.cz' }, { name: 'Jan Novák', birthDate: '1991-01-02', email: 'b@x.cz' })).toBe(false);
	});
});
