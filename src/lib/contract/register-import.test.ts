import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS } from '$lib/registration/csv/import-rows';
import { RegisterImportSchema } from './register';

describe('the rows an import sends (the CSV preview’s confirmed rows)', () => {
	it('takes a person with a competition, a unit name, a registration time and paid', () => {
		const body = {
			rows: [
				{ name: 'Kateřina Nováková', birthDate: '1990-04-03', country: 'CZE', email: 'kata@example.cz', competitionId: 'cz-ind', registeredAt: 1_700_000_000_000, paid: true },
				{ name: 'Íñigo Peña', competitionId: 'es-fam', unit: 'Los Peña' }
			]
		};
		// Issue 30 #12: the country arrives in the register's one form, ISO alpha-2.
		expect(RegisterImportSchema.parse(body)).toEqual({ rows: [{ ...body.rows[0], country: 'CZ' }, body.rows[1]] });
	});

	it('refuses a row without a name, a competition, or with a date that is not ISO', () => {
		expect(RegisterImportSchema.safeParse({ rows: [{ name: '', competitionId: 'c' }] }).success).toBe(false);
		expect(RegisterImportSchema.safeParse({ rows: [{ name: 'A' }] }).success).toBe(false);
		expect(RegisterImportSchema.safeParse({ rows: [{ name: 'A', competitionId: 'c', birthDate: '03.04.1990' }] }).success).toBe(false);
	});

	it('refuses an empty import and one over the row limit', () => {
		expect(RegisterImportSchema.safeParse({ rows: [] }).success).toBe(false);
		const row = { name: 'A', competitionId: 'c' };
		expect(RegisterImportSchema.safeParse({ rows: Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => row) }).success).toBe(false);
		expect(RegisterImportSchema.safeParse({ rows: Array.from({ length: MAX_IMPORT_ROWS }, () => row) }).success).toBe(true);
	});
});
