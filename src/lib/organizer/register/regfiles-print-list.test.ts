import { describe, expect, it } from 'vitest';
import { printedList, whereFrom } from './regfiles-print-list';
import { CZ, FAM, person, registration } from './regfiles.testkit';

const T = Date.UTC(2026, 2, 1);
const PEOPLE = [
	person('p1', 'Kateřina Nováková', { birthDate: '1990-04-03', country: 'CZ', club: 'Dílky z Brna', email: 'katka@example.cz', phone: '+420 777 123 456', notes: 'vegan' }),
	person('p2', 'Jiří Dvořák', { birthDate: '1985-02-01', country: 'CZ', email: 'jiri@example.cz' }),
	person('p3', 'Eva Malá', { country: 'SK' }),
	person('p4', 'Tomáš Král', { club: 'Rychlé prsty' }),
	person('p5', 'María Peña', { country: 'ESP', birthDate: '1984-02-14', email: 'pena@example.es' }),
	person('p6', 'Lucía Peña', { country: 'ESP', birthDate: '2016-06-01', accompaniedBy: 'María Peña' })
];
const REGISTRATIONS = [
	// Given out of order: the list is in registration order.
	registration('r3', CZ.competition.id, 'Eva Malá', ['p3'], { registeredAt: T + 3, status: 'waiting' }),
	registration('r2', CZ.competition.id, 'Jiří Dvořák', ['p2'], { registeredAt: T + 2, paid: { amount: 400, at: T + 5 } }),
	registration('r1', CZ.competition.id, 'Kateřina Nováková', ['p1'], { registeredAt: T + 1 }),
	registration('r4', CZ.competition.id, 'Tomáš Král', ['p4'], { registeredAt: T + 4, status: 'cancelled', cancelled: { at: T + 9, refundDue: true } }),
	registration('r5', CZ.competition.id, 'Old waiting', ['p4'], { registeredAt: T, status: 'waiting' }),
	registration('r6', FAM.competition.id, 'Los Peña', ['p5', 'p6'], { registeredAt: T })
];

describe('the printed list of a competition (CZ-IND-CAP: registered in order, then the waiting list)', () => {
	it('lists the registered units in registration order, then the waiting ones, each numbered from 1; no cancelled one', () => {
		const list = printedList({ people: PEOPLE, registrations: REGISTRATIONS }, CZ.competition.id);
		expect(list.registered.map((u) => [u.position, u.id, u.paid])).toEqual([
			[1, 'r1', false],
			[2, 'r2', true]
		]);
		expect(list.waiting.map((u) => [u.position, u.id])).toEqual([
			[1, 'r5'],
			[2, 'r3']
		]);
	});

	it('a group lists its members with their countries and clubs', () => {
		const list = printedList({ people: PEOPLE, registrations: REGISTRATIONS }, FAM.competition.id);
		expect(list.registered).toEqual([
			{
				id: 'r6',
				position: 1,
				name: 'Los Peña',
				members: [
					{ name: 'María Peña', country: 'ESP' },
					{ name: 'Lucía Peña', country: 'ESP' }
				],
				paid: false
			}
		]);
		expect(whereFrom(list.registered[0]!.members)).toBe('ESP');
		expect(whereFrom([{ name: 'a', country: 'CZ', club: 'Dílky z Brna' }, { name: 'b', country: 'CZ' }])).toBe('CZ · Dílky z Brna');
	});

	it('carries no e-mail, phone, date of birth, notes or accompanying adult of anyone', () => {
		const printed = JSON.stringify([printedList({ people: PEOPLE, registrations: REGISTRATIONS }, CZ.competition.id), printedList({ people: PEOPLE, registrations: REGISTRATIONS }, FAM.competition.id)]);
		for (const p of PEOPLE) for (const value of [p.email, p.phone, p.birthDate, p.notes, p.accompaniedBy ? `"accompaniedBy"` : undefined]) if (value) expect(printed).not.toContain(value);
		expect(printed).not.toMatch(/email|phone|birthDate|notes|accompaniedBy/);
	});
});
