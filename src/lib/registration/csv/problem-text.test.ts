import { describe, expect, it } from 'vitest';
import { LOCALES } from '$lib/i18n';
import { CSV_FIELDS } from './columns';
import type { CsvFileProblem } from './file-problem';
import type { RowProblem } from './preview';
import { csvFieldLabel, csvFileProblemText, mappingProblemText, rowProblemText } from './problem-text';

const FILE_PROBLEMS: CsvFileProblem[] = [
	{ code: 'empty' },
	{ code: 'too-large', bytes: 12 * 1024 * 1024 + 1, limit: 10 * 1024 * 1024 },
	{ code: 'not-text' },
	{ code: 'workbook' },
	{ code: 'not-csv' },
	{ code: 'no-rows' },
	{ code: 'too-many-rows', rows: 12345, limit: 10000 },
	{ code: 'too-many-columns', line: 7, columns: 501, limit: 500 },
	{ code: 'unclosed-quote', line: 3 }
];
const ROW_PROBLEMS: RowProblem[] = [
	{ code: 'name-missing' },
	{ code: 'not-a-date', field: 'birthDate', value: 'next spring' },
	{ code: 'no-such-day', field: 'birthDate', value: '31.02.1990', month: 2, year: 1990, days: 28 },
	{ code: 'birth-date-after-event', value: '01.01.2030' },
	{ code: 'invalid', field: 'email', value: 'x', message: 'not an e-mail address' },
	{ code: 'invalid', field: 'phone', value: 'x', message: '…' },
	{ code: 'invalid', field: 'country', value: 'X', message: '…' },
	{ code: 'invalid', field: 'club', value: 'x', message: 'too long' },
	{ code: 'competition-missing' },
	{ code: 'competition-unknown', value: 'Parejas' },
	{ code: 'unit-missing', competition: 'Familias' },
	{ code: 'paid-unknown', value: 'snad' },
	{ code: 'age-outside', age: 9, range: { min: 18 }, competition: 'Adultos', fits: ['Infantil', 'Familias'] },
	{ code: 'age-outside', age: 99, range: { min: 5, max: 14 }, competition: 'Infantil', fits: [] },
	{ code: 'accompanying-adult-missing', age: 14, underAge: 16 },
	{ code: 'duplicate-row', of: 13 },
	{ code: 'email-shared', with: 'María Peña' },
	{ code: 'already-registered', person: 'Kateřina Nováková', status: 'registered' },
	{ code: 'in-register', person: 'Ana López' },
	{ code: 'cancelled' }
];

describe('the import\u2019s problems in words', () => {
	it('says why a file is refused and that nothing was imported, in each language', () => {
		expect(csvFileProblemText({ code: 'too-many-columns', line: 7, columns: 501, limit: 500 }, { locale: 'en' })).toBe('Row 7 has 501 columns; at most 500 are allowed. Nothing was imported.');
		expect(csvFileProblemText({ code: 'too-large', bytes: 12 * 1024 * 1024 + 1, limit: 10 * 1024 * 1024 }, { locale: 'cs' })).toBe('Soubor má 12,1 MB; importovat lze nejvýše 10 MB. Nic nebylo importováno.');
		expect(csvFileProblemText({ code: 'workbook' }, { locale: 'es' })).toMatch(/^Es un libro de hoja de cálculo .* No se ha importado nada\.$/);
		for (const locale of LOCALES) {
			const texts = FILE_PROBLEMS.map((p) => csvFileProblemText(p, { locale }));
			expect(new Set(texts).size, locale).toBe(texts.length);
		}
	});

	it('says what is wrong in a row, naming the field, the value and the rule', () => {
		expect(rowProblemText({ code: 'not-a-date', field: 'birthDate', value: '1990-31-02' }, { locale: 'cs' })).toBe('Datum narození: „1990-31-02“ není datum (pište DD.MM.RRRR, DD/MM/RRRR nebo RRRR-MM-DD).');
		// Issue 30 #18: the form is right, the day does not exist: said so, not the format hint.
		const noSuchDay = { code: 'no-such-day', field: 'birthDate', value: '31. 2. 2001', month: 2, year: 2001, days: 28 } as const;
		expect(rowProblemText(noSuchDay, { locale: 'en' })).toBe('Date of birth: “31. 2. 2001”: that day does not exist (month 2 of 2001 has 28 days).');
		expect(rowProblemText(noSuchDay, { locale: 'cs' })).toBe('Datum narození: „31. 2. 2001“: takový den neexistuje (2. měsíc roku 2001 má 28 dní).');
		expect(rowProblemText(noSuchDay, { locale: 'es' })).toBe('Fecha de nacimiento: «31. 2. 2001»: ese día no existe (el mes 2 de 2001 tiene 28 días).');
		expect(rowProblemText({ code: 'age-outside', age: 9, range: { min: 18 }, competition: 'Adultos', fits: ['Infantil', 'Familias'] }, { locale: 'es' })).toBe(
			'9 años el día del evento: fuera de Adultos (18+). Esta edad corresponde a: Infantil, Familias.'
		);
		expect(rowProblemText({ code: 'duplicate-row', of: 13 }, { locale: 'en' })).toBe('The same person as row 13: not imported twice.');
		for (const locale of LOCALES) {
			const texts = ROW_PROBLEMS.map((p) => rowProblemText(p, { locale }));
			expect(new Set(texts).size, locale).toBe(texts.length);
			expect(mappingProblemText({ code: 'no-name-column' }, { locale })).not.toBe(mappingProblemText({ code: 'name-and-parts' }, { locale }));
			const labels = [null, ...CSV_FIELDS].map((f) => csvFieldLabel(f, { locale }));
			expect(new Set(labels).size, locale).toBe(labels.length);
		}
	});
});
