import { describe, expect, it } from 'vitest';
import { ImportRowsSchema, MAX_IMPORT_ROWS } from './import-rows';

describe('the rows an import sends', () => {
	it('takes a person with a competition, a unit name, a registration time and paid', () => {
		const body = {
			people: [
				{ name: 'Kateřina Nováková', birthDate: '1990-04-03', country: 'CZE', email: 'kata@example.cz', competitionId: 'cz-ind', registeredAt: 1_700_000_000_000, paid: true },
				{ name: 'Íñigo Peña', competitionId: 'es-fam', unit: 'Los Peña' }
			]
		};
		expect(ImportRowsSchema.parse(body)).toEqual(body);
	});

	it('refuses a row without a name, a competition, or with a date that is not ISO', () => {
		expect(ImportRowsSchema.safeParse({ people: [{ name: '', competitionId: 'c' }] }).success).toBe(false);
		expect(ImportRowsSchema.safeParse({ people: [{ name: 'A' }] }).success).toBe(false);
		expect(ImportRowsSchema.safeParse({ people: [{ name: 'A', competitionId: 'c', birthDate: '03.04.1990' }] }).success).toBe(false);
	});

	it('refuses an empty import and one over the row limit', () => {
		expect(ImportRowsSchema.safeParse({ people: [] }).success).toBe(false);
		const row = { name: 'A', competitionId: 'c' };
		expect(ImportRowsSchema.safeParse({ people: Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => row) }).success).toBe(false);
		expect(ImportRowsSchema.safeParse({ people: Array.from({ length: MAX_IMPORT_ROWS }, () => row) }).success).toBe(true);
	});
});
