import { describe, expect, it } from 'vitest';
import { PersonSchema, RegistrationSchema, RosterEntrySchema } from './schema';

const person = { id: 'p1', eventId: 'spring', name: 'Jana Nováková', birthDate: '2012-04-01', email: 'jana@example.org', phone: '+420 777 123 456', version: 1 };

describe('the register’s records', () => {
	it('a person with contact data and a date of birth is valid; a bad e-mail, phone or date is refused at its field', () => {
		expect(PersonSchema.parse(person)).toEqual(person);
		const bad = PersonSchema.safeParse({ ...person, email: 'jana', phone: 'call me', birthDate: '2012-02-30' });
		expect(bad.success).toBe(false);
		expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['birthDate', 'email', 'phone']);
	});

	it('a registration names its unit’s people, fee, payment and cancellation', () => {
		const r = { id: 'r1', eventId: 'spring', competitionId: 'ind', name: 'Jana Nováková', memberIds: ['p1'], registeredAt: 1, status: 'registered', fee: { amount: 400, currency: 'CZK' }, paid: null, cancelled: null, version: 1 };
		expect(RegistrationSchema.parse(r)).toEqual(r);
		expect(RegistrationSchema.safeParse({ ...r, memberIds: [] }).success).toBe(false);
	});

	it('the roster a desk or judge device gets has no field for contact data or a date of birth', () => {
		const members = RosterEntrySchema.shape.members.def.element.shape;
		expect(Object.keys(members).sort()).toEqual(['accompaniedBy', 'child', 'club', 'country', 'id', 'minor', 'name']);
		expect(Object.keys(RosterEntrySchema.shape)).not.toContain('email');
	});
});
