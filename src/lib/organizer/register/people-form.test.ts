import { describe, expect, it } from 'vitest';
import type { Person } from '$lib/registration/schema';
import { conflictRows } from './person-conflict';
import { emptyPersonDraft, personDraftOf, personFromDraft, type PersonDraft } from './people-form';

const draft = (values: Partial<PersonDraft>): PersonDraft => ({ ...emptyPersonDraft(), ...values });

const JANA: Person = { id: 'p1', eventId: 'e1', name: 'Jana Nováková', birthDate: '2011-03-04', country: 'CZ', club: 'Puzzle Brno', version: 3 };

describe('the form of a person', () => {
	it('reads a person into text and back: empty fields are left out, the country code in capitals, text trimmed', () => {
		expect(personDraftOf(JANA)).toEqual({ name: 'Jana Nováková', birthDate: '2011-03-04', country: 'CZ', club: 'Puzzle Brno', email: '', phone: '', accompaniedBy: '', notes: '' });
		const result = personFromDraft('p1', draft({ name: '  Jana Nováková ', country: 'cz', email: ' jana@example.org ', accompaniedBy: 'Petr Novák' }));
		expect(result).toEqual({ ok: true, person: { id: 'p1', name: 'Jana Nováková', country: 'CZ', email: 'jana@example.org', accompaniedBy: 'Petr Novák' } });
	});

	it('issue 30 #12: a country typed as its alpha-3 code or its name is kept as its ISO alpha-2 code', () => {
		for (const [typed, code] of [['CZE', 'CZ'], ['cze', 'CZ'], ['Česko', 'CZ'], ['ESP', 'ES'], ['España', 'ES'], ['es', 'ES']] as const) {
			const r = personFromDraft('p1', draft({ name: 'Jana', country: typed }));
			expect(r.ok && r.person.country).toBe(code);
		}
	});

	it('issue 30 #5b: a date of birth the browser could not read (its field empty, validity.badInput) is an error at the field, never saved as no date', () => {
		const typed = draft({ name: 'Jana', birthDate: '' });
		expect(personFromDraft('p1', typed, 'en', ['birthDate'])).toEqual({
			ok: false,
			errors: { birthDate: 'This date could not be read: enter the day, the month and the year in full, or clear the field.' }
		});
		expect(personFromDraft('p1', typed, 'cs', ['birthDate'])).toMatchObject({ ok: false, errors: { birthDate: 'Toto datum nejde přečíst: zadejte celý den, měsíc i rok, nebo pole vymažte.' } });
		expect(personFromDraft('p1', typed, 'en', [])).toEqual({ ok: true, person: { id: 'p1', name: 'Jana' } });
	});

	it('puts each problem next to its field, in the UI language (not the schema’s English)', () => {
		const bad = draft({ name: ' ', birthDate: '2026-02-31', country: 'Atlantis', email: 'jana at home', phone: 'call me', club: 'x'.repeat(201) });
		const en = personFromDraft('p1', bad, 'en');
		expect(en).toEqual({
			ok: false,
			errors: {
				name: 'Enter the name.',
				birthDate: 'Not a date.',
				country: 'Not a country: write its code, such as CZ or CZE, or its name.',
				club: 'At most 200 characters.',
				email: 'Not an e-mail address (such as name@example.org).',
				phone: 'Only digits, spaces and + ( ) . / -.'
			}
		});
		const cs = personFromDraft('p1', bad, 'cs');
		expect(cs.ok || cs.errors).toMatchObject({ name: 'Zadejte jméno.', birthDate: 'Toto není datum.', club: 'Nejvýše 200 znaků.' });
		const es = personFromDraft('p1', bad, 'es');
		expect(es.ok || es.errors).toMatchObject({ name: 'Escribe el nombre.', email: 'No es una dirección de correo (como nombre@example.org).' });
	});
});

describe('a person saved on another device meanwhile: both, field by field', () => {
	it('marks the fields where what is saved now and what was typed differ (a country code in any case is the same)', () => {
		const saved: Person = { ...JANA, club: 'Hlavolamy Praha', version: 4 };
		const typed = draft({ ...personDraftOf(JANA), country: 'cz', notes: 'vegetarian' });
		const rows = conflictRows(saved, typed);
		expect(rows.filter((r) => r.differs)).toEqual([
			{ field: 'club', saved: 'Hlavolamy Praha', typed: 'Puzzle Brno', differs: true },
			{ field: 'notes', saved: '', typed: 'vegetarian', differs: true }
		]);
		expect(rows.map((r) => r.field)).toEqual(['name', 'birthDate', 'country', 'club', 'email', 'phone', 'accompaniedBy', 'notes']);
	});
});
