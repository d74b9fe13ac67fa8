import { describe, expect, it } from 'vitest';
import { CSV_FIELDS, guessMapping, HEADER_NAMES, headerKey, mappingProblems, rowValues, withColumn } from './columns';

describe('the columns of a registration CSV', () => {
	it('guesses a Czech header (case and diacritics ignored)', () => {
		expect(guessMapping(['Jméno', 'PŘÍJMENÍ', 'Datum narození', 'Země', 'Klub', 'E-mail', 'Telefon', 'Poznámka', 'Časová značka', 'Zaplaceno'])).toEqual([
			'firstName', 'lastName', 'birthDate', 'country', 'club', 'email', 'phone', 'notes', 'registeredAt', 'paid'
		]);
	});

	it('guesses a Spanish header', () => {
		expect(guessMapping(['Nombre', 'Apellidos', 'Fecha de nacimiento', 'País', 'Club', 'Correo electrónico', 'Teléfono', 'Categoría', 'Equipo', 'Pagado'])).toEqual([
			'firstName', 'lastName', 'birthDate', 'country', 'club', 'email', 'phone', 'competition', 'unit', 'paid'
		]);
	});

	it('guesses an English header, and the export\u2019s own', () => {
		expect(guessMapping(['Name', 'Date of birth', 'Country', 'Club', 'E-mail', 'Phone', 'Notes', 'Accompanied by', 'Competition', 'Team', 'Registered at', 'Paid', 'Status'])).toEqual([
			'name', 'birthDate', 'country', 'club', 'email', 'phone', 'notes', 'accompaniedBy', 'competition', 'unit', 'registeredAt', 'paid', 'status'
		]);
	});

	it('takes "Jméno" / "Nombre" alone as the whole name', () => {
		expect(guessMapping(['Jméno', 'Klub'])).toEqual(['name', 'club']);
		expect(guessMapping(['nombre', 'correo'])).toEqual(['name', 'email']);
	});

	it('leaves unknown columns and a second column of the same field unmapped', () => {
		expect(guessMapping(['Name', 'T-shirt size', 'Full name', ''])).toEqual(['name', null, null, null]);
	});

	it('every recognised header name is a distinct key for one field', () => {
		const seen = new Map<string, string>();
		for (const field of CSV_FIELDS)
			for (const h of HEADER_NAMES[field]) {
				expect(headerKey(h), `${h} of ${field}`).toBe(h);
				expect(seen.get(h) ?? field, `${h} named by ${seen.get(h)} and ${field}`).toBe(field);
				seen.set(h, field);
			}
	});

	it('lets the organizer change a column; a field moves rather than fills two columns', () => {
		const m = guessMapping(['Jméno', 'Klub', 'Poznámka']);
		expect(withColumn(m, 2, 'club')).toEqual(['name', null, 'club']);
		expect(withColumn(m, 1, null)).toEqual(['name', null, 'notes']);
	});

	it('needs a column for the name, and not the whole name beside its parts', () => {
		expect(mappingProblems(['club', 'email'])).toEqual([{ code: 'no-name-column' }]);
		expect(mappingProblems(['name', 'lastName'])).toEqual([{ code: 'name-and-parts' }]);
		expect(mappingProblems(['firstName', 'lastName'])).toEqual([]);
		expect(mappingProblems(['lastName', null])).toEqual([]);
	});

	it('reads a row\u2019s values by field, trimmed, a missing cell empty', () => {
		expect(rowValues(['name', null, 'club'], [' Jan Novák ', 'x'])).toEqual({ name: 'Jan Novák', club: '' });
	});
});
