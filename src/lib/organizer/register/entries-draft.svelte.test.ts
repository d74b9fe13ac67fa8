import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Person, Registration } from '$lib/registration/schema';
import { EntryDraft, MATCHES_SHOWN } from './entries-draft.svelte';

const DAY = '2026-05-16';
const person = (id: string, name: string, birthDate?: string, extra: Partial<Person> = {}): Person => ({ id, eventId: 'e', name, version: 1, ...(birthDate ? { birthDate } : {}), ...extra });
const people = [
	person('p1', 'Jana Nováková', '1990-03-01', { club: 'Puzzle Brno' }),
	person('p2', 'Lucía Peña', '2018-02-01'),
	person('p3', 'Leo Peña', '2017-06-01'),
	person('p4', 'María Peña', '1985-01-01'),
	person('p5', 'Pablo Peña', '1984-01-01'),
	person('p6', 'Abuela Peña', '1950-01-01'),
	person('p7', 'Tío Peña', '1980-01-01'),
	person('p8', 'Erased', undefined, { erasedAt: 1 })
];
const byId = (id: string) => people.find((p) => p.id === id);
const registration = (memberIds: string[], status: Registration['status'] = 'registered'): Registration => ({
	id: `r-${memberIds.join('-')}`, eventId: 'e', competitionId: 'c', name: 'x', memberIds, registeredAt: 1, status, fee: { amount: 0, currency: 'EUR' }, paid: null, cancelled: null, version: 1
});

describe('a unit being registered', () => {
	it('finds people ignoring case and diacritics, leaving out those in the unit, those already registered for the competition and the erased', () => {
		const d = new EntryDraft();
		d.query = 'novakova';
		expect(d.matches(people, [], 'c').map((p) => p.id)).toEqual(['p1']);
		d.query = 'pena';
		d.add('p2', false);
		expect(d.query).toBe('');
		d.query = 'pena';
		expect(d.matches(people, [registration(['p3']), registration(['p4'], 'cancelled')], 'c').map((p) => p.id)).toEqual(['p4', 'p5', 'p6', 'p7']);
		d.query = 'brno';
		expect(d.matches(people, [], 'c').map((p) => p.id)).toEqual(['p1']);
		d.query = 'erased';
		expect(d.matches(people, [], 'c')).toEqual([]);
		const many = Array.from({ length: 30 }, (_, i) => person(`m${i}`, `Novák ${i}`));
		d.query = 'novak';
		expect(d.matches(many, [], 'c')).toHaveLength(MATCHES_SHOWN);
	});

	it('an individual holds one person: a new pick replaces the last', () => {
		const d = new EntryDraft();
		d.add('p1', true);
		d.add('p4', true);
		expect(d.memberIds).toEqual(['p4']);
	});

	it('ES-CAT: a family group with one child has a problem; with two children none', () => {
		const fam = presetById('es-family-group')!;
		const d = new EntryDraft();
		for (const id of ['p2', 'p4', 'p5', 'p6', 'p7', 'p1']) d.add(id, false);
		expect(d.problems(fam, byId, DAY).map((p) => p.code)).toEqual(['composition']);
		d.remove('p1');
		d.add('p3', false);
		expect(d.problems(fam, byId, DAY)).toEqual([]);
		d.reset();
		expect(d.problems(fam, byId, DAY)).toEqual([]);
	});

	it('CZ-GEN-AGE: a child alone in the CZJPA individual needs an accompanying adult', () => {
		const d = new EntryDraft();
		d.add('p2', true);
		expect(d.problems(presetById('czjpa-individual')!, byId, DAY).map((p) => p.code)).toEqual(['companion-missing']);
	});
});
