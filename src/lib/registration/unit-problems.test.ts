import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import type { Person, Registration } from './schema';
import { unitProblems } from './unit-problems';

const DAY = '2026-05-16';
const rulesets: Record<string, Ruleset> = {
	ind: presetById('czjpa-individual')!,
	fam: presetById('es-family-group')!,
	pair: presetById('es-kids-pairs-9-10')!
};
const people = new Map<string, Pick<Person, 'name' | 'birthDate' | 'accompaniedBy'>>([
	['adult1', { name: 'Ana', birthDate: '1980-01-01' }],
	['adult2', { name: 'Luis', birthDate: '1982-01-01' }],
	['adult3', { name: 'Marta', birthDate: '1985-01-01' }],
	['adult4', { name: 'Pedro', birthDate: '1986-01-01' }],
	['adult5', { name: 'Rosa', birthDate: '1955-01-01' }],
	['kid1', { name: 'Pablo', birthDate: '2016-03-01' }], // 10
	['kid2', { name: 'Lucía', birthDate: '2017-03-01' }], // 9
	['teen', { name: 'Eliška', birthDate: '2012-01-01' }], // 14
	['teenWithAdult', { name: 'Tomáš', birthDate: '2012-01-01', accompaniedBy: 'Jan Novák' }]
]);

let n = 0;
const reg = (competitionId: string, memberIds: string[], status: Registration['status'] = 'registered'): Registration => ({
	id: `r${++n}`,
	eventId: 'e',
	competitionId,
	name: `Unit ${n}`,
	memberIds,
	registeredAt: n,
	status,
	fee: { amount: 0, currency: 'EUR' },
	paid: null,
	cancelled: status === 'cancelled' ? { at: 1, refundDue: true } : null,
	version: 1
});
const problemsOf = (regs: Registration[]) => unitProblems(regs, (id) => people.get(id), (c) => rulesets[c], DAY);

describe('the unit problems the organizer sees', () => {
	it('ES-CAT: a family group with one child is listed (at least 2 children); with two it is not', () => {
		const one = reg('fam', ['adult1', 'adult2', 'adult3', 'adult4', 'adult5', 'kid1']);
		const two = reg('fam', ['adult1', 'adult2', 'adult3', 'adult4', 'kid2', 'kid1']);
		const found = problemsOf([one, two]);
		expect(found).toHaveLength(1);
		expect(found[0]).toMatchObject({ registrationId: one.id, competitionId: 'fam', name: one.name });
		expect(found[0]!.problems).toEqual([expect.objectContaining({ code: 'composition', message: 'needs at least 2 children (5–14), has 1' })]);
	});

	it('ES-CAT: a kids pair of the wrong size or with a member outside 9–10 is listed with each reason', () => {
		const found = problemsOf([reg('pair', ['kid1']), reg('pair', ['kid1', 'teen'])]);
		expect(found.map((f) => f.problems.map((p) => p.code))).toEqual([['size'], ['age']]);
		expect(found[1]!.problems[0]!.message).toBe('Eliška is 14, outside 9–10');
	});

	it('CZ-GEN-AGE: an under-16 without an accompanying adult is listed; with one, not', () => {
		const found = problemsOf([reg('ind', ['teen']), reg('ind', ['teenWithAdult']), reg('ind', ['adult1'])]);
		expect(found).toHaveLength(1);
		expect(found[0]!.problems).toEqual([expect.objectContaining({ code: 'companion-missing', member: 'Eliška' })]);
	});

	it('a cancelled registration is not listed; a waiting one is', () => {
		expect(problemsOf([reg('ind', ['teen'], 'cancelled')])).toEqual([]);
		expect(problemsOf([reg('ind', ['teen'], 'waiting')])).toHaveLength(1);
	});
});
