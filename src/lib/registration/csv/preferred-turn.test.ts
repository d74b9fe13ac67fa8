import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Registration } from '../schema';
import { guessMapping } from './columns';
import { registrationsCsv } from './export';
import { parseCsvText, readCsvFile } from './parse';
import { previewImport, rowsToImport, type PreviewCompetition } from './preview';
import { rowProblemText } from './problem-text';

/** ES-SHIFT: the preferred turn as a column of the registration CSV, read and written. */

const ES: PreviewCompetition = {
	id: 'es',
	name: 'Individual adultos',
	ruleset: presetById('es-adult-individual')!,
	heats: [
		{ id: 'es-am', name: 'Mañana' },
		{ id: 'es-pm', name: 'Tarde' }
	]
};

function preview(csv: string) {
	const table = parseCsvText(csv);
	if (!table.ok) throw new Error(table.problem.code);
	return previewImport({ table: table.value, mapping: guessMapping(table.value.header), eventDay: '2026-05-16', competitions: [ES], competitionId: ES.id, people: [], registrations: [] });
}

describe('the preferred turn in the registration CSV', () => {
	it('ES-SHIFT: the column is recognised by its English, Spanish and Czech names', () => {
		for (const header of ['Preferred turn', 'Turn', 'Turno preferido', 'turno', 'Preferovaný turnus', 'Turnus']) expect(guessMapping(['Name', header]), header).toEqual(['name', 'preferredTurn']);
	});

	it('ES-SHIFT: a turn is matched to the competition\'s heat by its name, ignoring case and accents; an empty cell prefers none', () => {
		const p = preview('Nombre;Turno preferido\nAna;manana\nLuis;TARDE\nEva;\n');
		expect(p.counts).toEqual({ import: 3, skip: 0, blocked: 0 });
		expect(rowsToImport(p).map((r) => [r.name, r.preferredTurn])).toEqual([
			['Ana', 'es-am'],
			['Luis', 'es-pm'],
			['Eva', undefined]
		]);
	});

	it('ES-SHIFT: a turn the competition does not have is a row problem in the preview, in words', () => {
		const p = preview('Nombre;Turno\nAna;Noche\n');
		expect(p.rows[0]!.action).toBe('blocked');
		expect(p.rows[0]!.problems).toEqual([{ code: 'turn-unknown', value: 'Noche', competition: ES.name }]);
		expect(rowProblemText(p.rows[0]!.problems[0]!, { locale: 'en' })).toContain('“Noche” is not a turn of Individual adultos');
		expect(rowProblemText(p.rows[0]!.problems[0]!, { locale: 'es' })).toContain('«Noche» no es un turno de Individual adultos');
	});

	it('issue 30 #13 (ES-SHIFT): members of one pair who name different turns are told in the preview: the pair gets its first row’s', () => {
		const PAIRS: PreviewCompetition = { ...ES, id: 'pairs', name: 'Parejas', ruleset: presetById('es-adult-group')!, heats: ES.heats };
		const table = parseCsvText('Nombre;Equipo;Turno\nAna;Las Rápidas;Mañana\nLuis;Las Rápidas;Tarde\nEva;Las Lentas;Tarde\nPep;Las Lentas;\nSol;Las Lentas;tarde\n');
		if (!table.ok) throw new Error(table.problem.code);
		const p = previewImport({ table: table.value, mapping: guessMapping(table.value.header), eventDay: '2026-05-16', competitions: [PAIRS], competitionId: PAIRS.id, people: [], registrations: [] });
		expect(p.rows.map((r) => [r.row, r.action, r.problems.map((x) => x.code)])).toEqual([
			[2, 'import', []],
			[3, 'import', ['turn-differs']],
			[4, 'import', []],
			[5, 'import', []],
			[6, 'import', []]
		]);
		const differs = p.rows[1]!.problems[0]!;
		expect(differs).toEqual({ code: 'turn-differs', unit: 'Las Rápidas', turn: 'Tarde', kept: 'Mañana', of: 2 });
		expect(rowProblemText(differs, { locale: 'en' })).toBe('Las Rápidas takes one turn, that of row 2 (Mañana): this row’s Tarde is not taken; change the preferred turn after the import if needed.');
		expect(rowProblemText(differs, { locale: 'cs' })).toContain('Las Rápidas');
		expect(rowProblemText(differs, { locale: 'es' })).toContain('Mañana');
	});

	it('ES-SHIFT: the export writes the turn by its name and reads back as the same preference', () => {
		const r: Registration = {
			id: 'r1', eventId: 'ev', competitionId: ES.id, name: 'Ana', memberIds: ['p1'], registeredAt: 1_000, status: 'registered',
			fee: { amount: 5, currency: 'EUR' }, paid: null, cancelled: null, version: 1, preferredTurn: 'es-pm'
		};
		const csv = registrationsCsv({ people: [{ id: 'p1', eventId: 'ev', name: 'Ana', version: 1 }], registrations: [r], competitions: [ES] });
		expect(csv).toContain('Preferred turn');
		expect(csv).toContain(',Tarde,');
		const table = readCsvFile(new TextEncoder().encode(csv));
		if (!table.ok) throw new Error(table.problem.code);
		const back = previewImport({ table: table.value, mapping: guessMapping(table.value.header), eventDay: '2026-05-16', competitions: [ES], people: [], registrations: [] });
		expect(rowsToImport(back)[0]!.preferredTurn).toBe('es-pm');
	});
});
