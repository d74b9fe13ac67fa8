import { describe, expect, it } from 'vitest';
import type { Locale } from '$lib/i18n';
import type { Registration, RegistrationChange } from '$lib/registration/schema';
import { historyLines } from './person-history';

const AT = Date.UTC(2026, 4, 12, 10, 3);
const by = { tokenId: 'd1', label: 'Second laptop' };
const change = (seq: number, kind: RegistrationChange['kind'], changes: RegistrationChange['changes'], registrationId: string | null = null): RegistrationChange => ({
	seq,
	eventId: 'e1',
	kind,
	personId: registrationId ? null : 'p1',
	registrationId,
	at: AT + seq * 60_000,
	by,
	changes
});
const REG: Registration = {
	id: 'r1',
	eventId: 'e1',
	competitionId: 'ind',
	name: 'Jana Nováková',
	memberIds: ['p1'],
	registeredAt: AT,
	status: 'registered',
	fee: { amount: 400, currency: 'CZK' },
	paid: null,
	cancelled: null,
	version: 1
};
const CHANGES = [
	change(1, 'person.created', [
		{ field: 'name', before: null, after: 'Jana Nováková' },
		{ field: 'birthDate', before: null, after: '2011-03-04' }
	]),
	change(2, 'registration.created', [{ field: 'competitionId', before: null, after: 'ind' }, { field: 'status', before: null, after: 'waiting' }], 'r1'),
	change(3, 'person.changed', [{ field: 'club', before: null, after: 'Puzzle Brno' }]),
	change(4, 'registration.moved-up', [{ field: 'status', before: 'waiting', after: 'registered' }], 'r1'),
	change(5, 'registration.paid', [{ field: 'paid', before: null, after: { amount: 400, at: AT } }], 'r1'),
	change(6, 'registration.cancelled', [{ field: 'cancelled', before: null, after: { at: AT, refundDue: true } }], 'r1'),
	change(7, 'person.erased', [{ field: 'email', before: null, after: null }])
];

/** The lines with the no-break spaces of Intl's formats as plain spaces. */
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v).replace(/[\u00a0\u202f]/g, ' ')) as T;

const lines = (locale: Locale) =>
	plain(historyLines(CHANGES, {
		competitionName: (id) => (id === 'ind' ? 'Individuals' : undefined),
		personName: () => 'Jana Nováková',
		registration: (id) => (id === 'r1' ? REG : undefined),
		locale,
		timeZone: 'UTC'
	}));

describe('a person’s history in the UI language', () => {
	it('says each change: what, when, who, and each field from what to what (en)', () => {
		expect(lines('en')).toEqual([
			{ seq: 1, when: 'May 12, 2026, 10:04 AM', who: 'Second laptop', what: 'Added to the register', details: ['Name: Jana Nováková', 'Date of birth: Mar 4, 2011'] },
			{ seq: 2, when: 'May 12, 2026, 10:05 AM', who: 'Second laptop', what: 'Registered for Individuals', details: ['Competition: Individuals', 'Status: waiting'] },
			{ seq: 3, when: 'May 12, 2026, 10:06 AM', who: 'Second laptop', what: 'Details changed', details: ['Club: — → Puzzle Brno'] },
			{ seq: 4, when: 'May 12, 2026, 10:07 AM', who: 'Second laptop', what: 'Moved up from the waiting list of Individuals', details: ['Status: waiting → registered'] },
			{ seq: 5, when: 'May 12, 2026, 10:08 AM', who: 'Second laptop', what: 'Payment for Individuals', details: ['Paid: not paid → CZK 400.00 on May 12, 2026, 10:03 AM'] },
			{ seq: 6, when: 'May 12, 2026, 10:09 AM', who: 'Second laptop', what: 'Registration for Individuals cancelled', details: ['Cancelled: — → May 12, 2026, 10:03 AM, refund due'] },
			{ seq: 7, when: 'May 12, 2026, 10:10 AM', who: 'Second laptop', what: 'Personal data erased', details: ['E-mail: erased'] }
		]);
	});

	it('in Czech and Spanish: the field names, the statuses and the kinds of change', () => {
		const cs = lines('cs');
		expect(cs.map((l) => l.what)).toEqual([
			'Přidáno do evidence',
			'Přihláška do soutěže Individuals',
			'Údaje změněny',
			'Postup z čekací listiny soutěže Individuals',
			'Platba za soutěž Individuals',
			'Přihláška do soutěže Individuals zrušena',
			'Osobní údaje vymazány'
		]);
		expect(cs[3]!.details).toEqual(['Stav: čeká → přihlášen(a)']);
		expect(cs[6]!.details).toEqual(['E-mail: vymazáno']);
		const es = lines('es');
		expect(es[2]!.details).toEqual(['Club: — → Puzzle Brno']);
		expect(es[3]!.details).toEqual(['Estado: en espera → inscrito']);
		expect(es[5]!.details[0]).toMatch(/^Cancelado: — → .*, con devolución$/);
	});
});

describe('the erasure’s redaction of the check-ins (issue 29)', () => {
	// register.ts, erasePerson: the accompanying adult typed at the desk, replaced in the stored check-ins.
	const erased = change(8, 'person.erased', [
		{ field: 'email', before: null, after: null },
		{ field: 'checkIn.accompaniedBy', before: null, after: { replacedWith: '[erased]', events: 3, eventIds: ['ev-1', 'ev-2', 'ev-3'] } }
	]);
	const detailsIn = (locale: Locale, c = erased) =>
		plain(historyLines([c], { competitionName: () => undefined, personName: () => undefined, registration: () => undefined, locale, timeZone: 'UTC' }))[0]!.details;

	it('is said as the check-ins it was erased in, not as raw data', () => {
		expect(detailsIn('en')).toEqual(['E-mail: erased', 'Accompanying adult at check-in: erased in 3 check-ins']);
		const one = change(9, 'person.erased', [{ field: 'checkIn.accompaniedBy', before: null, after: { replacedWith: '[erased]', events: 1, eventIds: ['ev-1'] } }]);
		expect(detailsIn('en', one)).toEqual(['Accompanying adult at check-in: erased in 1 check-in']);
	});

	it('in Czech and Spanish', () => {
		expect(detailsIn('cs')[1]).toBe('Doprovázející dospělý při prezenci: vymazán u 3 prezencí');
		expect(detailsIn('es')[1]).toBe('Adulto acompañante en la acreditación: borrado en 3 acreditaciones');
		for (const locale of ['en', 'cs', 'es'] as const) expect(detailsIn(locale).join(' ')).not.toMatch(/[{}]|checkIn|replacedWith/);
	});
});

describe('the erasure of the photos of their entries (issue 33)', () => {
	const erased = change(8, 'person.erased', [{ field: 'evidence.photos', before: null, after: { erased: 3 } }]);
	const detailsIn = (locale: Locale) =>
		plain(historyLines([erased], { competitionName: () => undefined, personName: () => undefined, registration: () => undefined, locale, timeZone: 'UTC' }))[0]!.details;

	it('is said as how many photos, in each language', () => {
		expect(detailsIn('en')).toEqual(['Photos of their entries: 3 erased']);
		expect(detailsIn('cs')).toEqual(['Fotografie přihlášek osoby: vymazány 3']);
		expect(detailsIn('es')).toEqual(['Fotos de sus inscripciones: 3 borradas']);
	});
});
