import { describe, expect, it } from 'vitest';
import { PRESETS, presetById } from './presets';
import { admission, ageOn, categoriesForAge, checkRegistration, checkUnit, entryFee, refundDue, registrationCapacity } from './registration';

const DAY = '2026-05-16';
const p = (id: string) => presetById(id)!;
const born = (age: number, monthDay = '01-01') => `${2026 - age}-${monthDay}`;

describe('registration rules', () => {
	it('computes ages on the competition day', () => {
		expect(ageOn('2010-05-16', DAY)).toBe(16);
		expect(ageOn('2010-05-17', DAY)).toBe(15);
	});

	it('CZ-GEN-AGE: no age limit, but under 16 only with an accompanying adult', () => {
		const r = p('czjpa-individual');
		expect(checkUnit(r, [{ name: 'Old', birthDate: born(90) }], DAY)).toEqual([]);
		const young = checkUnit(r, [{ name: 'Young', birthDate: '2011-01-01' }], DAY);
		expect(young).toEqual([{ code: 'companion-missing', member: 'Young', age: 15, underAge: 16, message: 'Young is under 16: an accompanying adult is required' }]);
		expect(checkUnit(r, [{ name: 'Young', birthDate: '2011-01-01', accompaniedBy: 'Mum' }], DAY)).toEqual([]);
	});

	it('CZ-GEN-REFUND: refunded only when cancelled at least 15 days before', () => {
		const r = p('czjpa-individual');
		expect(refundDue(r, DAY, '2026-05-01')).toBe(true); // 15 days before
		expect(refundDue(r, DAY, '2026-05-02')).toBe(false); // 14 days before
		expect(refundDue(p('es-adult-individual'), DAY, DAY)).toBe(true); // no refund rule: nothing withheld
	});

	it('CZ-IND-CAP: past 80 competitors, registrations go to the waiting list', () => {
		const r = p('czjpa-individual');
		expect(admission(r, { entries: 79, people: 79 }, 1)).toBe('registered');
		expect(admission(r, { entries: 80, people: 80 }, 1)).toBe('waiting-list');
	});

	it('CZ-TEAM-CAP: capacity in entries counts whole teams where teams register whole; the fee is per person and per team', () => {
		const r = { ...p('czjpa-team-relay'), unit: { ...p('czjpa-team-relay').unit, drawn: false } };
		expect(admission(r, { entries: 19, people: 76 }, 4)).toBe('registered');
		expect(admission(r, { entries: 20, people: 80 }, 4)).toBe('waiting-list');
		expect(entryFee(r, 4)).toEqual({ amount: 3200, currency: 'CZK' });
		expect(entryFee(r, 1)).toEqual({ amount: 800, currency: 'CZK' });
	});

	it('CZ-TEAM-CAP, CZ-TEAM-DRAW: people register alone for 20 drawn teams of 4: 80 people are admitted, the 81st waits; 800 CZK each', () => {
		const r = p('czjpa-team-relay');
		expect(r.unit.drawn).toBe(true);
		expect(registrationCapacity(r)).toEqual({ max: 80, per: 'person' });
		expect(admission(r, { entries: 79, people: 79 }, 1)).toBe('registered');
		expect(admission(r, { entries: 80, people: 80 }, 1)).toBe('waiting-list');
		expect(entryFee(r, 1)).toEqual({ amount: 800, currency: 'CZK' });
		// Capacities in people, and rulesets without drawing, are what they say.
		expect(registrationCapacity(p('czjpa-individual'))).toEqual({ max: 80, per: 'person' });
		expect(registrationCapacity(p('es-family-group'))).toBeNull();
	});

	it('CZ-TEAM-DRAW: one person alone is a valid registration for the drawn relay; two in one registration are a problem', () => {
		const r = p('czjpa-team-relay');
		expect(checkRegistration(r, [{ name: 'Eva', birthDate: born(30) }], DAY)).toEqual([]);
		expect(checkRegistration(r, [{ name: 'Eva', birthDate: born(30) }, { name: 'Jan', birthDate: born(40) }], DAY)).toEqual([
			{ code: 'registers-alone', size: 4, has: 2, message: 'everyone registers alone (the units of 4 are drawn), has 2' }
		]);
		// Where teams register whole, one person is a team too small.
		const whole = { ...r, unit: { ...r.unit, drawn: false } };
		expect(checkRegistration(whole, [{ name: 'Eva', birthDate: born(30) }], DAY).map((x) => x.code)).toEqual(['size']);
		// The drawn team itself is still a unit of 4 (checkUnit), and a member under 16 still needs an adult.
		expect(checkUnit(r, [{ name: 'Eva', birthDate: born(30) }], DAY).map((x) => x.code)).toEqual(['size']);
		expect(checkRegistration(r, [{ name: 'Ema', birthDate: born(12) }], DAY).map((x) => x.code)).toEqual(['companion-missing']);
	});

	it('ES-FEE: totals per entry: 1 EUR per adult, 5 EUR per group, kids free', () => {
		expect(entryFee(p('es-adult-individual'), 1)).toEqual({ amount: 1, currency: 'EUR' });
		expect(entryFee(p('es-adult-group'), 6)).toEqual({ amount: 5, currency: 'EUR' });
		expect(entryFee(p('es-kids-pairs-9-10'), 2)).toEqual({ amount: 0, currency: 'EUR' });
	});

	it('ES-CAT: unit size and every member\'s age are validated', () => {
		const pairs = p('es-kids-pairs-5-7');
		expect(checkUnit(pairs, [{ name: 'Lía', birthDate: born(6) }, { name: 'Leo', birthDate: born(7) }], DAY)).toEqual([]);
		const wrong = checkUnit(pairs, [{ name: 'Lía', birthDate: born(6) }, { name: 'Hugo', birthDate: born(9) }], DAY);
		expect(wrong).toEqual([{ code: 'age', member: 'Hugo', age: 9, range: { min: 5, max: 7 }, message: 'Hugo is 9, outside 5–7' }]);
		const alone = checkUnit(pairs, [{ name: 'Lía', birthDate: born(6) }], DAY);
		expect(alone).toEqual([{ code: 'size', size: { min: 2, max: 2 }, has: 1, message: 'needs 2 members, has 1' }]);
		const adults = checkUnit(p('es-adult-group'), [1, 2, 3, 4].map((i) => ({ name: `A${i}`, birthDate: born(i === 4 ? 17 : 30) })), DAY);
		expect(adults).toEqual([{ code: 'age', member: 'A4', age: 17, range: { min: 18 }, message: 'A4 is 17, outside 18+' }]);
	});

	it('ES-CAT: the family group needs 6-8 people with at least 2 children', () => {
		const fam = p('es-family-group');
		const people = (kids: number, adults: number) => [
			...Array.from({ length: kids }, (_, i) => ({ name: `Kid ${i}`, birthDate: born(8) })),
			...Array.from({ length: adults }, (_, i) => ({ name: `Adult ${i}`, birthDate: born(40) }))
		];
		expect(checkUnit(fam, people(2, 4), DAY)).toEqual([]);
		expect(checkUnit(fam, people(1, 5), DAY)).toEqual([
			{ code: 'composition', atLeast: 2, range: { min: 5, max: 14 }, label: 'children (5–14)', has: 1, message: 'needs at least 2 children (5–14), has 1' }
		]);
		expect(checkUnit(fam, people(2, 7), DAY).map((x) => x.code)).toEqual(['size']);
	});

	it('ES-CAT: ages that no category covers (8, 15-17) are flagged', () => {
		const es = PRESETS.filter((r) => r.rulebook === 'es-torneo');
		// The family group takes any age, so look at the categories with an age range.
		const ranged = es.filter((r) => r.unit.memberAge !== undefined);
		const uncovered = Array.from({ length: 25 }, (_, age) => age).filter((age) => age >= 5 && categoriesForAge(ranged, age).length === 0);
		expect(uncovered).toEqual([15, 16, 17]);
		// 8-year-olds fit only the kids group (5-14): no pair category takes them.
		expect(categoriesForAge(ranged, 8).map((r) => r.id)).toEqual(['es-kids-group']);
		expect(categoriesForAge(ranged.filter((r) => r.unit.kind === 'pair'), 8)).toEqual([]);
	});
});
