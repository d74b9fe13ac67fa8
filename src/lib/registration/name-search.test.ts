import { describe, expect, it } from 'vitest';
import type { RosterEntry } from './schema';
import { foldName, matchesQuery, searchRoster } from './name-search';

const entry = (id: string, name: string, members: { name: string; club?: string }[] = [{ name }]): RosterEntry => ({
	id,
	competitionId: 'c',
	name,
	status: 'registered',
	members: members.map((m, i) => ({ id: `${id}-${i}`, name: m.name, ...(m.club ? { club: m.club } : {}), minor: false, child: false })),
	fee: { amount: 0, currency: 'CZK' },
	paid: false
});

const ROSTER = [
	entry('r1', 'Jana Nováková', [{ name: 'Jana Nováková', club: 'Skládačky Brno' }]),
	entry('r2', 'Jan Novák'),
	entry('r3', 'Los Peña', [{ name: 'Lucía Peña' }, { name: 'Ana Peña Muñoz' }]),
	entry('r4', 'Řehoř Šťastný'),
	entry('r5', 'Søren Łukasz')
];
const ids = (q: string) => searchRoster(ROSTER, q).map((e) => e.id);

describe('name search at the door', () => {
	it('ignores case and diacritics', () => {
		expect(ids('novakova')).toEqual(['r1']);
		expect(ids('NOVÁKOVÁ')).toEqual(['r1']);
		expect(ids('pena')).toEqual(['r3']);
		expect(ids('rehor stastny')).toEqual(['r4']);
		expect(ids('soren lukasz')).toEqual(['r5']);
		expect(foldName('Muñoz Ñandú')).toBe('munoz nandu');
	});

	it('matches the start of any word of the name, a member, a club or the unit’s name; every word of the query must match', () => {
		expect(ids('nov')).toEqual(['r1', 'r2']);
		expect(ids('jan nov')).toEqual(['r1', 'r2']);
		expect(ids('jana nov')).toEqual(['r1']);
		expect(ids('brno')).toEqual(['r1']);
		expect(ids('lucia')).toEqual(['r3']);
		expect(ids('los')).toEqual(['r3']);
		expect(ids('munoz')).toEqual(['r3']);
		// Not in the middle of a word.
		expect(ids('ovak')).toEqual([]);
		expect(ids('jana brno')).toEqual(['r1']);
		expect(ids('jana pena')).toEqual([]);
	});

	it('an empty query or one of punctuation finds nothing; the limit holds', () => {
		expect(ids('')).toEqual([]);
		expect(ids('  - ')).toEqual([]);
		expect(matchesQuery('a', [undefined, 'Ana'])).toBe(true);
		expect(searchRoster(ROSTER, 'n', 1).map((e) => e.id)).toEqual(['r1']);
	});
});
