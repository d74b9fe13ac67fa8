import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { parseEventFile, type ParsedEventFile } from './event-file';
import { standingsOfFiles, type CompetitionStandings } from './merge';
import { cliStandingsJson, CSV_COLUMNS, missingLabel, penaltiesLabel, placeLabel, renderStandings, standingsCsv, standingsJson, standingsTable, statusLabel } from './format';

const FIXTURES = new URL('../../../tests/fixtures/', import.meta.url);

/* eslint-disable @typescript-eslint/no-explicit-any */
function load(name: string, edit?: (f: any) => void): ParsedEventFile {
	const f = JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));
	edit?.(f);
	const r = parseEventFile(JSON.stringify(f), name);
	if (!r.ok) throw new Error('invalid fixture');
	return r.value;
}
function standings(files: ParsedEventFile[], now: number): CompetitionStandings[] {
	const r = standingsOfFiles(files, now);
	if (!r.ok) throw new Error('merge failed');
	return r.value;
}
/** The individual competition with a minute's preview at its heat start: the ruleset (CZ-IND-FORMAT) has none. */
function withOwnPreview(): ParsedEventFile {
	return load('czjpa-individual.json', (f) => {
		f.log.find((e: any) => e.type === 'heat.start').payload.previewMs = 60_000;
	});
}
/** 2026-05-16 12:00 UTC: after the individual competition (08:00–09:30 UTC). */
const AFTER_CZ = Date.UTC(2026, 4, 16, 12, 0, 0);
/** After the Spanish fixtures' heat and its tallies. */
const AFTER_ES = Date.UTC(2026, 7, 15, 12, 0, 0);

describe('labels', () => {
	it('place: * for awarded, TB for a tie for first awaiting a tie-break, - for no place', () => {
		expect(placeLabel({ place: 1, awarded: true, tieBreak: true })).toBe('1* TB');
		expect(placeLabel({ place: 5, awarded: true, tieBreak: false })).toBe('5*');
		expect(placeLabel({ place: 7, awarded: false, tieBreak: false })).toBe('7');
		expect(placeLabel({ place: null, awarded: false, tieBreak: false })).toBe('-');
	});

	it('CZ-GEN-FINISH: a finish whose check is pending says so', () => {
		const f = load('czjpa-individual.json', (x) => {
			// Drop Jana's check and acknowledgement: her hand is raised, the judge has not checked yet.
			const hand = x.log.find((e: any) => e.type === 'hand.raised' && e.entryId === 'ind-01');
			x.log = x.log.filter((e: any) => !(e.entryId === 'ind-01' && e.at > hand.at));
		});
		const jana = standings([f], AFTER_CZ)[0]!.standings.rows.find((r) => r.entryId === 'ind-01')!;
		expect(statusLabel(jana)).toBe('finished, check pending');
		expect(jana.place).toBe(1);
	});

	it('penalties, each at the ruleset’s resolution', () => {
		expect(penaltiesLabel({ missingPiecesMs: 20_000, assistanceMs: 180_000, loosePiecesMs: 0, adjustmentMs: 0 }, 'ms')).toBe('missing +0:20.000; assist +3:00.000');
		expect(penaltiesLabel({ missingPiecesMs: 0, assistanceMs: 180_000, loosePiecesMs: 500_000, adjustmentMs: -5_000 }, 'second-truncated')).toBe(
			'assist +3:00; loose +8:20; adjust -0:05'
		);
		expect(penaltiesLabel({ missingPiecesMs: 0, assistanceMs: 0, loosePiecesMs: 0, adjustmentMs: 0 }, 'ms')).toBe('');
	});
});

describe('table', () => {
	const text = standingsTable(standings([load('czjpa-individual.json')], AFTER_CZ));
	const lines = text.split('\n');

	it('a title line with the competition, the ruleset ID and version', () => {
		expect(lines[0]).toBe('Individual championship — ruleset czjpa-individual v1 (CZJPA individual (500 pieces, 90 min))');
		expect(lines[1]).toBe('standings at 2026-05-16 12:00:00 UTC · * awarded (top 5)');
	});

	it('ES-TIE: the legend explains TB only when a row is tied for first, * only when a row is awarded', () => {
		const es = [load('es-adult-individual-tablet-a.json'), load('es-adult-individual-tablet-b.json')];
		const tied = standingsTable(standings(es, AFTER_ES)).split('\n')[1];
		expect(tied).toContain('* awarded (top 1)');
		expect(tied).toContain('TB tied for first, awaiting a tie-break');
		// José's finish (tablet B) one second later: no tie, and the legend no longer speaks of one.
		const jose = load('es-adult-individual-tablet-b.json', (f) => {
			for (const e of f.log) if (e.entryId === 'es-02') e.at += 1000;
		});
		const untied = standingsTable(standings([es[0]!, jose], AFTER_ES));
		expect(untied).not.toMatch(/ TB|Tie for first/);
		expect(untied.split('\n')[1]).toBe('standings at 2026-08-15 12:00:00 UTC · * awarded (top 1)');
		// Before any result nobody is awarded: the legend holds the moment only.
		const early = standingsTable(standings([load('czjpa-individual.json')], Date.UTC(2026, 4, 16, 7, 0, 0)));
		expect(early.split('\n')[1]).toBe('standings at 2026-05-16 07:00:00 UTC');
	});

	it('fixed-width columns: every cell of a column starts at the same place (names with diacritics too)', () => {
		const header = lines.find((l) => l.startsWith('Place'))!;
		const rows = lines.slice(lines.indexOf(header) + 2, lines.indexOf(header) + 12);
		expect(rows).toHaveLength(10);
		const nameAt = header.indexOf('Name');
		const statusAt = header.indexOf('Status');
		for (const row of rows) {
			expect([...row].slice(nameAt, nameAt + 1).join('')).not.toBe(' ');
			expect([...row][statusAt - 1]).toBe(' ');
			expect([...row].slice(statusAt).join('')).toMatch(/^(finished|unfinished|did-not-start) /);
		}
		// Final time is right-aligned: the column ends at the same place on every finisher's row.
		const finalEnd = header.indexOf('Final time') + 'Final time'.length;
		const finisher = rows.find((r) => r.includes('Kateřina'))!;
		expect([...finisher].slice(finalEnd - '1:01:15.000'.length, finalEnd).join('')).toBe('1:01:15.000');
		expect(text).toContain('Conflicts: none.');
	});

	it('conflicts are listed, one per line', () => {
		const withConflict = load('czjpa-individual.json', (f) => {
			// A second, different hand raised for Jana from another tablet.
			const hand = f.log.find((e: any) => e.type === 'hand.raised' && e.entryId === 'ind-01');
			f.log.push({ ...hand, id: 'cz-tab-2-1', deviceId: 'cz-tab-2', seq: 1, at: hand.at - 5000 });
		});
		const t = standingsTable(standings([withConflict], AFTER_CZ));
		expect(t).toMatch(/^Conflicts \(1\), for the organizer to resolve with a correction:$/m);
		expect(t).toMatch(/^ {2}double-finish: entry ind-01 \(Jana Nováková\): .*; events cz-tab-2-1, cz-tab-1-\d+; devices cz-tab-2, cz-tab-1$/m);
	});

	it('ES-PREVIEW: a heat start whose preview is not the ruleset’s is a warning, one per line; none, no section', () => {
		expect(standingsTable(standings([load('czjpa-individual.json')], AFTER_CZ))).not.toContain('Warnings');
		const t = standingsTable(standings([withOwnPreview()], AFTER_CZ));
		expect(t).toMatch(/^Warnings \(1\): the standings follow the log as recorded\.$/m);
		expect(t).toMatch(/^ {2}preview-differs: heat cz-ind-h1: the start cz-tab-1-1 of heat cz-ind-h1 has a preview of 1:00 where ruleset czjpa-individual v1 has 0:00; .*; event cz-tab-1-1; device cz-tab-1$/m);
	});
});

describe('CSV', () => {
	it('one row per entry per competition with every column; parses back with papaparse', () => {
		const csv = standingsCsv(standings([load('czjpa-individual.json'), load('czjpa-team-relay.json')], AFTER_CZ + 8 * 3_600_000));
		const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true });
		expect(parsed.errors).toEqual([]);
		expect(parsed.meta.fields).toEqual([...CSV_COLUMNS]);
		expect(parsed.data).toHaveLength(10 + 3);
		const petr = parsed.data.find((r) => r.name === 'Petr Svoboda')!;
		// 55:40.000 + 2 missing pieces × 10 s (CZ-GEN-MISSING) = 56:00.000
		expect(petr).toMatchObject({
			competition_id: 'cz-ind',
			ruleset: 'czjpa-individual',
			ruleset_version: '1',
			place: '2',
			awarded: 'true',
			tie_break: 'false',
			final_time_ms: '3360000',
			final_time: '56:00.000',
			elapsed_ms: '3340000',
			missing_pieces: '2',
			missing_pieces_penalty_ms: '20000',
			loose_pieces: '', // ES-UNFINISHED: loose pieces are an unfinished entry's, not a finisher's missing ones
			counted_pieces: '498'
		});
		const dns = parsed.data.find((r) => r.name === 'Ondřej Marek')!;
		expect(dns).toMatchObject({ place: '', final_time_ms: '', final_time: '', status: 'did-not-start' });
	});

	it('a name that a spreadsheet would run as a formula is escaped', () => {
		const f = load('czjpa-individual.json', (x) => {
			x.setup.entries[0].name = '=HYPERLINK("x")';
		});
		const rows = Papa.parse<Record<string, string>>(standingsCsv(standings([f], AFTER_CZ)).trim(), { header: true }).data;
		expect(rows[0]!.name).toBe('\'=HYPERLINK("x")');
	});
});

describe('JSON', () => {
	it('competition, ruleset, rows and conflicts', () => {
		const [s] = standingsJson(standings([load('czjpa-individual.json')], AFTER_CZ));
		expect(s!.competition).toEqual({ id: 'cz-ind', name: 'Individual championship', eventId: 'brno-2026' });
		expect(s!.ruleset).toEqual({ id: 'czjpa-individual', version: 1 });
		expect(s!.conflicts).toEqual([]);
		expect(s!.rows[1]).toEqual({
			place: 2,
			name: 'Petr Svoboda',
			entryId: 'ind-02',
			status: 'finished',
			awarded: true,
			tieBreak: false,
			finalTimeMs: 3_360_000,
			elapsedMs: 3_340_000,
			penalties: { missingPiecesMs: 20_000, assistanceMs: 0, loosePiecesMs: 0, adjustmentMs: 0 },
			countedPieces: 498,
			reason: expect.stringContaining('2 missing pieces')
		});
		expect(JSON.parse(renderStandings(standings([load('czjpa-individual.json')], AFTER_CZ), 'json'))).toEqual(
			JSON.parse(JSON.stringify(cliStandingsJson(standings([load('czjpa-individual.json')], AFTER_CZ))))
		);
	});

	it('ES-PREVIEW: warnings, like conflicts, are in the JSON', () => {
		expect(standingsJson(standings([load('czjpa-individual.json')], AFTER_CZ))[0]!.warnings).toEqual([]);
		const [s] = standingsJson(standings([withOwnPreview()], AFTER_CZ));
		expect(s!.warnings).toEqual([
			{ kind: 'preview-differs', competitionId: 'cz-ind', heatId: 'cz-ind-h1', eventIds: ['cz-tab-1-1'], deviceIds: ['cz-tab-1'], message: expect.stringContaining('a preview of 1:00') }
		]);
	});
});

describe('pieces missing from the box (issue 33)', () => {
	it('the Missing column: the count, those from the box, and whether they await the organizer', () => {
		expect(missingLabel({ missingPieces: 0, missingFromBox: 0, boxFaultPending: 0 })).toBe('');
		expect(missingLabel({ missingPieces: 3, missingFromBox: 0, boxFaultPending: 0 })).toBe('3');
		expect(missingLabel({ missingPieces: 3, missingFromBox: 2, boxFaultPending: 0 })).toBe('3 (2 from box)');
		expect(missingLabel({ missingPieces: 3, missingFromBox: 2, boxFaultPending: 2 })).toBe('3 (2 from box, pending)');
	});

	it('a file whose check names pieces from the box: the CSV column, the JSON counts, the table', () => {
		const f = load('czjpa-individual.json', (x) => {
			const check = x.log.find((e: { type: string; entryId: string }) => e.type === 'check.confirmed' && e.entryId === 'ind-02');
			check.payload.missingFromBox = 1;
		});
		const results = standings([f], AFTER_CZ);
		const petr = Papa.parse<Record<string, string>>(standingsCsv(results).trim(), { header: true }).data.find((r) => r.name === 'Petr Svoboda')!;
		expect(petr).toMatchObject({ missing_pieces: '2', missing_from_box: '1', missing_pieces_penalty_ms: '20000' });
		expect(cliStandingsJson(results)[0]!.rows[1]).toMatchObject({ missingPieces: 2, missingFromBox: 1, boxFaultPending: 0 });
		// A publication freezes standingsJson's rows: the counts are not published.
		expect(standingsJson(results)[0]!.rows[1]).not.toHaveProperty('missingFromBox');
		expect(standingsTable(results)).toMatch(/Petr Svoboda .* 2 \(1 from box\) /);
	});
});
