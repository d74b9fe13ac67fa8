import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { CSV_FIELDS, guessMapping, HEADER_NAMES } from './columns';
import { readCsvFile } from './parse';
import { previewImport } from './preview';

const read = (path: string) => readFileSync(new URL(`../../../../docs/${path}`, import.meta.url));

/** docs/registration-csv.md and its sample stay true to the code. */
describe('docs/registration-csv.md', () => {
	const doc = read('registration-csv.md').toString('utf8');

	it('lists every header name the import recognises', () => {
		for (const field of CSV_FIELDS) for (const h of HEADER_NAMES[field]) expect(doc, `${field}: ${h}`).toContain(`\`${h}\``);
	});

	it('has a sample that previews as it says', () => {
		const table = readCsvFile(new Uint8Array(read('samples/registrations.csv')));
		if (!table.ok) throw new Error(table.problem.code);
		expect(doc).toContain(table.value.header.join(','));
		const preview = previewImport({
			table: table.value,
			mapping: guessMapping(table.value.header),
			eventDay: '2026-05-16',
			competitions: [
				{ id: 'cz', name: 'CZJPA individual', ruleset: presetById('czjpa-individual')! },
				{ id: 'fam', name: 'Family & friends group', ruleset: presetById('es-family-group')! }
			],
			people: [],
			registrations: []
		});
		expect(preview.counts).toEqual({ import: 9, skip: 1, blocked: 0 });
		expect(preview.rows.filter((r) => r.problems.length > 0).map((r) => [r.row, r.problems.map((p) => p.code)])).toEqual([
			[6, ['email-shared']],
			[7, ['email-shared']],
			[8, ['email-shared']],
			[11, ['duplicate-row']]
		]);
		expect(preview.rows[2]!.values).toMatchObject({ name: 'Tomáš Malý', accompaniedBy: 'Jana Malá', paid: true });
	});
});
