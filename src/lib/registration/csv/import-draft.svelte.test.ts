import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { CsvImportDraft, type ImportContext } from './import-draft.svelte';
import { encodeSingleByte } from './single-byte.testkit';

const CZ = { id: 'cz-ind', name: 'CZJPA jednotlivci', ruleset: presetById('czjpa-individual')! };
const ADULT = { id: 'es-adult', name: 'Individual adultos', ruleset: presetById('es-adult-individual')! };

function draft(context: Partial<ImportContext> = {}) {
	const ctx: ImportContext = { eventDay: '2026-05-16', competitions: [CZ, ADULT], people: [], registrations: [], ...context };
	return { ctx, draft: new CsvImportDraft(() => ctx) };
}

describe('a registration CSV being imported', () => {
	it('reads a file, guesses the mapping, and previews once the competition is chosen', () => {
		const { draft: d } = draft();
		d.load('prihlasky.csv', encodeSingleByte('Jméno;Příjmení;Datum narození\r\nKateřina;Nováková;03.04.1990\r\n', 'windows-1250'));
		expect(d.problem).toBeNull();
		expect(d.mapping).toEqual(['firstName', 'lastName', 'birthDate']);
		expect(d.preview?.counts).toEqual({ import: 0, skip: 0, blocked: 1 });
		expect(d.rows).toEqual([]);
		d.competitionId = CZ.id;
		expect(d.preview?.counts).toEqual({ import: 1, skip: 0, blocked: 0 });
		expect(d.rows).toEqual([{ name: 'Kateřina Nováková', birthDate: '1990-04-03', competitionId: CZ.id }]);
	});

	it('follows the organizer\u2019s change of a column', () => {
		const { draft: d } = draft({ competitions: [CZ] });
		d.load('a.csv', new TextEncoder().encode('Účastník,Poznámka\nEva Malá,Brno\n'));
		expect(d.competitionId).toBe(CZ.id);
		expect(d.mapping).toEqual(['name', 'notes']);
		d.setColumn(1, 'club');
		expect(d.rows).toEqual([{ name: 'Eva Malá', club: 'Brno', competitionId: CZ.id }]);
		d.setColumn(0, null);
		expect(d.preview?.mappingProblems).toEqual([{ code: 'no-name-column' }]);
		expect(d.rows).toEqual([]);
	});

	it('a file that cannot be read gives its problem and no rows; a good file after it clears the problem', () => {
		const { draft: d } = draft({ competitions: [CZ] });
		d.load('book.xlsx', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0]));
		expect(d.problem).toEqual({ code: 'workbook' });
		expect(d.preview).toBeNull();
		expect(d.rows).toEqual([]);
		d.load('ok.csv', new TextEncoder().encode('Name\nEva\n'));
		expect(d.problem).toBeNull();
		expect(d.rows).toHaveLength(1);
	});
});
