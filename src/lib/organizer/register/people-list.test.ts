import { describe, expect, it } from 'vitest';
import type { Person } from '$lib/registration/schema';
import { findPeople, pageOf, PEOPLE_PAGE_SIZE, sortPeople } from './people-list';

const person = (id: string, name: string, more: Partial<Person> = {}): Person => ({ id, eventId: 'e1', name, version: 1, ...more });

const PEOPLE = [
	person('p1', 'Jana Nováková', { club: 'Puzzle Brno', country: 'CZ' }),
	person('p2', 'Lucía Peña', { country: 'ESP', email: 'lucia@example.org' }),
	person('p3', 'Cyril Dvořák'),
	person('p4', 'Čeněk Adam'),
	person('p5', 'Petr Novák', { club: 'Hlavolamy Praha' })
];

describe('the register’s list of people', () => {
	it('finds a person ignoring case and diacritics, by name, club, country or e-mail', () => {
		const ids = (q: string) => findPeople(PEOPLE, q).map((p) => p.id);
		expect(ids('novakova')).toEqual(['p1']);
		expect(ids('NOVÁKOVÁ')).toEqual(['p1']);
		expect(ids('nov')).toEqual(['p1', 'p5']);
		expect(ids('pena')).toEqual(['p2']);
		expect(ids('praha')).toEqual(['p5']);
		expect(ids('esp')).toEqual(['p2']);
		// Issue 30 #12: the country also by the name the list shows, in any UI language.
		expect(ids('cesko')).toEqual(['p1']);
		expect(ids('Czechia')).toEqual(['p1']);
		expect(ids('espana')).toEqual(['p2']);
		expect(ids('lucia@example')).toEqual(['p2']);
		expect(ids('jan nov')).toEqual(['p1']);
		expect(ids('zzz')).toEqual([]);
		expect(ids('  ')).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
	});

	it('sorts by name in the UI language’s order (in Czech, Č after C)', () => {
		expect(sortPeople(PEOPLE, new Intl.Collator('cs')).map((p) => p.name)).toEqual(['Cyril Dvořák', 'Čeněk Adam', 'Jana Nováková', 'Lucía Peña', 'Petr Novák']);
	});

	it('shows ten thousand people a page at a time, the page clamped to the pages there are', () => {
		const many = Array.from({ length: 10_000 }, (_, i) => i);
		const first = pageOf(many, 0);
		expect(first).toMatchObject({ page: 0, pages: 500, from: 1, to: PEOPLE_PAGE_SIZE, total: 10_000 });
		expect(first.items).toHaveLength(PEOPLE_PAGE_SIZE);
		expect(pageOf(many, 9_999)).toMatchObject({ page: 499, from: 9_981, to: 10_000 });
		expect(pageOf(many.slice(0, 45), 2)).toMatchObject({ items: [40, 41, 42, 43, 44], from: 41, to: 45 });
		expect(pageOf([], 3)).toEqual({ items: [], page: 0, pages: 1, from: 0, to: 0, total: 0 });
	});
});
