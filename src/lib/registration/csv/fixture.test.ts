import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { FIXTURE_DUPLICATE, FIXTURE_PATH, FIXTURE_PEOPLE, fixtureBytes } from '../../../../tests/fixtures/make-registrations-cs-1250';
import { guessMapping } from './columns';
import { readCsvFile } from './parse';
import { previewImport, rowsToImport } from './preview';

/** The Czech Excel file the organizer e2e imports (tests/fixtures/registrations-cs-1250.csv). */
describe('the Windows-1250 registrations fixture', () => {
	const bytes = new Uint8Array(readFileSync(FIXTURE_PATH));

	it('is what its script writes (so it can be made again)', () => {
		expect(Buffer.from(bytes).equals(Buffer.from(fixtureBytes()))).toBe(true);
	});

	it('reads as Windows-1250 with semicolons: 85 people and one duplicate row flagged', () => {
		const table = readCsvFile(bytes);
		if (!table.ok) throw new Error(table.problem.code);
		expect(table.value.encoding).toBe('windows-1250');
		expect(table.value.delimiter).toBe(';');
		expect(table.value.rows).toHaveLength(FIXTURE_PEOPLE + 1);
		const ruleset = presetById('czjpa-individual')!;
		const preview = previewImport({
			table: table.value,
			mapping: guessMapping(table.value.header),
			eventDay: '2026-05-16',
			competitions: [{ id: 'cz-ind', name: 'CZJPA jednotlivci', ruleset }],
			competitionId: 'cz-ind',
			people: [],
			registrations: []
		});
		expect(preview.counts).toEqual({ import: FIXTURE_PEOPLE, skip: 1, blocked: 0 });
		expect(preview.rows.filter((r) => r.problems.length > 0).map((r) => [r.row, r.problems])).toEqual([[FIXTURE_DUPLICATE.row, [{ code: 'duplicate-row', of: FIXTURE_DUPLICATE.of }]]]);
		const rows = rowsToImport(preview);
		expect(rows[0]).toMatchObject({ name: 'Kateřina Nováková', birthDate: '1990-04-03', country: 'CZ', club: 'Dílky z Brna', email: 'katerina.novakova@example.cz' });
		expect(rows.find((r) => r.notes?.startsWith('-'))?.notes).toBe('-přijede později');
		const times = rows.map((r) => r.registeredAt!);
		expect([...times].sort((a, b) => a - b)).toEqual(times);
	});
});
