import { describe, expect, it } from 'vitest';
import { guessMapping } from '$lib/registration/csv/columns';
import { readCsvFile } from '$lib/registration/csv/parse';
import { previewImport, rowsToImport } from '$lib/registration/csv/preview';
import { registrationsFile } from './regfiles-export';
import { csvCompetitions } from './regfiles-competitions';
import { CZ, FAM, person, registerOf, registration } from './regfiles.testkit';

const REGISTER = registerOf(
	[
		person('p1', 'Kateřina Nováková', { birthDate: '1990-04-03', country: 'CZ', email: 'katka@example.cz', phone: '+420 777 123 456' }),
		person('p2', '=HYPERLINK("x")', { birthDate: '1985-02-01' }),
		person('p3', 'María Peña', { birthDate: '1984-02-14', country: 'ESP' }),
		person('p4', 'Lucía Peña', { birthDate: '2016-06-01', country: 'ESP' })
	],
	[
		registration('r1', CZ.competition.id, 'Kateřina Nováková', ['p1'], { registeredAt: 1 }),
		registration('r2', CZ.competition.id, '=HYPERLINK("x")', ['p2'], { registeredAt: 2, status: 'waiting' }),
		registration('r3', FAM.competition.id, 'Los Peña', ['p3', 'p4'], { registeredAt: 3 })
	]
);

describe('the registrations downloaded as CSV', () => {
	it('is named for the event and the moment, starts with a BOM and escapes formulas', () => {
		const file = registrationsFile(REGISTER, [CZ, FAM], Date.UTC(2026, 4, 1, 8, 30));
		expect(file.name).toBe('registrations-ev-2026-05-01-08-30.csv');
		expect(file.text.startsWith('\uFEFFName,')).toBe(true);
		expect(file.text).toContain(`"'=HYPERLINK(""x"")"`);
	});

	it('reads back through the import as the same people and registrations', () => {
		const file = registrationsFile(REGISTER, [CZ, FAM], 0);
		const read = readCsvFile(new TextEncoder().encode(file.text));
		if (!read.ok) throw new Error(read.problem.code);
		const preview = previewImport({ table: read.value, mapping: guessMapping(read.value.header), eventDay: '2026-05-16', competitions: csvCompetitions([CZ, FAM]), people: [], registrations: [] });
		expect(rowsToImport(preview).map((r) => [r.name, r.birthDate, r.competitionId, r.unit ?? null])).toEqual([
			['Kateřina Nováková', '1990-04-03', CZ.competition.id, null],
			['=HYPERLINK("x")', '1985-02-01', CZ.competition.id, null],
			['María Peña', '1984-02-14', FAM.competition.id, 'Los Peña'],
			['Lucía Peña', '2016-06-01', FAM.competition.id, 'Los Peña']
		]);
	});
});
