import { describe, expect, it } from 'vitest';
import { describeIssues, validate } from '$lib/validation';
import { PersonSchema, RegistrationSchema, RosterEntrySchema } from './schema';
import { PersonCreateSchema, RegisterImportSchema, RegistrationActionSchema, RegistrationCreateSchema, TeamRenameSchema } from '$lib/contract';

const person = { id: 'p1', eventId: 'spring', name: 'Jana Nováková', birthDate: '2012-04-01', email: 'jana@example.org', phone: '+420 777 123 456', version: 1 };

describe('the register’s records', () => {
	it('a person with contact data and a date of birth is valid; a bad e-mail, phone or date is refused at its field', () => {
		expect(PersonSchema.parse(person)).toEqual(person);
		const bad = PersonSchema.safeParse({ ...person, email: 'jana', phone: 'call me', birthDate: '2012-02-30' });
		expect(bad.success).toBe(false);
		expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['birthDate', 'email', 'phone']);
	});

	it('issue 30 #12: a country is stored in one form, ISO 3166-1 alpha-2: an alpha-3 code read or written becomes it', () => {
		expect(PersonSchema.parse({ ...person, country: 'CZE' }).country).toBe('CZ');
		expect(PersonSchema.parse({ ...person, country: 'ESP' }).country).toBe('ES');
		expect(PersonSchema.parse({ ...person, country: 'CZ' }).country).toBe('CZ');
		expect(PersonCreateSchema.safeParse({ person: { id: 'p2', name: 'Ota', country: 'XYZ' } }).success).toBe(false);
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

	it('issue 29 #8: a person’s, an accompanying adult’s, a unit’s or a team’s name with a control character is refused, naming the field', () => {
		const refusal = (schema: Parameters<typeof validate>[0], input: unknown) => {
			const r = validate(schema, input);
			return r.ok ? 'accepted' : describeIssues(r.issues);
		};
		const input = { id: 'p1', name: 'Jana Nováková' };
		expect(refusal(PersonCreateSchema, { person: { ...input, name: 'Jana\u0000' } })).toMatch(/^person\.name: a control character \(U\+0000 at character 5\)/);
		expect(refusal(PersonCreateSchema, { person: { ...input, accompaniedBy: 'Eva\u202e' } })).toMatch(/^person\.accompaniedBy: a control character \(U\+202E/);
		expect(refusal(PersonCreateSchema, { person: input })).toBe('accepted');
		expect(PersonSchema.safeParse({ ...person, name: 'Jana\u2028Nováková' }).success).toBe(false);
		const registration = { id: 'r1', competitionId: 'pairs', memberIds: ['p1'] };
		expect(refusal(RegistrationCreateSchema, { registration: { ...registration, name: 'Duo\u0007' } })).toMatch(/^registration\.name: a control character \(U\+0007/);
		expect(refusal(RegistrationActionSchema, { action: 'change', expectedVersion: 1, name: 'Duo\u200f' })).toMatch(/^name: a control character \(U\+200F/);
		expect(refusal(RegisterImportSchema, { rows: [{ name: 'Ann', competitionId: 'pairs', unit: 'Duo\u0000' }] })).toMatch(/^rows\[0\]\.unit: a control character/);
		expect(refusal(RegisterImportSchema, { rows: [{ name: 'Ann\u001b', competitionId: 'pairs' }] })).toMatch(/^rows\[0\]\.name: a control character \(U\+001B/);
		expect(refusal(TeamRenameSchema, { name: 'Team\u0000 1' })).toMatch(/^name: a control character/);
		const r = { id: 'r1', eventId: 'spring', competitionId: 'ind', name: 'Jana\u0000', memberIds: ['p1'], registeredAt: 1, status: 'registered', fee: { amount: 400, currency: 'CZK' }, paid: null, cancelled: null, version: 1 };
		expect(RegistrationSchema.safeParse(r).success).toBe(false);
	});
});
