import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Ruleset } from '$lib/rules/schema';
import type { Standings } from '$lib/scoring';
import { competition, MIN, score, SEC, T0, tablet } from '$lib/scoring/testkit';
import type { Entry, Heat } from '$lib/setup/schema';
import {
	piecesPerMinute,
	RESULTS_COLUMNS,
	resultsColumns,
	ResultsJsonSchema,
	standingsCsv,
	standingsJson,
	type ResultsExportInput,
	type ResultsRow
} from './export';

/** A name a CSV writer must quote: a comma, double quotes, a line break and Czech diacritics. */
const TRICKY_CZ = 'Nováková, Kateřina "Kája"\nŽďár nad Sázavou';
/** And a Spanish one. */
const TRICKY_ES = 'Peña, Íñigo "el Niño"\nCañón';

const HEATS: Heat[] = [{ id: 'heat-1', competitionId: 'comp', name: 'Rozjížďka 1 / Manga 1' }];

function entry(id: string, name: string, members: [string, string?][], table?: string, seat?: string): Entry {
	return {
		id,
		competitionId: 'comp',
		heatId: 'heat-1',
		name,
		members: members.map(([memberName, country], i) => ({ id: `${id}-m${i + 1}`, name: memberName, ...(country ? { country } : {}) })),
		...(table ? { table } : {}),
		...(seat ? { seat } : {})
	};
}

function input(ruleset: Ruleset, standings: Standings, entries: readonly Entry[], extra: Partial<ResultsExportInput> = {}): ResultsExportInput {
	return {
		event: { id: 'day', name: 'Puzzle day 2026', date: '2026-05-16' },
		competition: { id: 'comp', name: ruleset.name },
		ruleset,
		standings,
		entries,
		heats: HEATS,
		...extra
	};
}

/** The CSV without its byte order mark, parsed with a header row. */
function parseCsv(csv: string) {
	expect(csv.startsWith('\uFEFF')).toBe(true);
	const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
	expect(parsed.errors).toEqual([]);
	return parsed;
}

/** CZJPA individual: a finisher with 3 missing pieces, a clean finisher, an unfinished entry with a tally, a disqualification. */
function czech() {
	const setup = competition('czjpa-individual', ['x']);
	setup.entries = [
		entry('jiri', 'Jiří Dvořák', [['Jiří Dvořák', 'CZE']], 'A', '1'),
		entry('kate', TRICKY_CZ, [['Kateřina Nováková', 'CZE']], 'A', '2'),
		entry('zofie', 'Žofie Šťastná', [['Žofie Šťastná', 'SVK']], 'B', '1'),
		entry('premysl', 'Přemysl Čech', [['Přemysl Čech', 'CZE']])
	];
	const log = tablet();
	log.start(T0, ['jiri', 'kate', 'zofie', 'premysl']);
	log.finish('jiri', T0 + 40 * MIN, 3); // 40:00 + 3 × 10 s
	log.finish('kate', T0 + 52 * MIN + 13 * SEC + 250);
	log.tally('zofie', T0 + 91 * MIN, [120, 3, 2, 2, 1, 40]); // 163 counted, 337 loose
	log.disqualify('premysl', T0 + 30 * MIN, 'used the box picture');
	const standings = score(setup, log.events, T0 + 95 * MIN);
	return input(setup.ruleset, standings, setup.entries);
}

const PREVIEW = 2 * MIN;
/** The Spanish clock's zero after the 2-minute preview of a start at T0. */
const Z = T0 + PREVIEW;

/** Spanish adult individual: a tie for first, assistance, a manual adjustment, an unfinished entry with loose pieces. */
function spanish(extra: Partial<ResultsExportInput> = {}) {
	const setup = competition('es-adult-individual', ['x']);
	setup.entries = [
		entry('jose', 'José Fernández', [['José Fernández', 'ESP']], '3', 'N'),
		entry('maria', 'María García-Núñez', [['María García-Núñez', 'ESP']], '3', 'S'),
		entry('ana', 'Ana González', [['Ana González', 'ESP']]),
		entry('lucia', 'Lucía Martín', [['Lucía Martín', 'AND']]),
		entry('inigo', TRICKY_ES, [['Íñigo Peña', 'ESP']])
	];
	const log = tablet();
	log.start(T0, ['jose', 'maria', 'ana', 'lucia', 'inigo'], PREVIEW);
	log.finish('jose', Z + 45 * MIN + 400); // 45:00.4 and 45:00.9 both read 45:00 (ES-WIN): a tie
	log.finish('maria', Z + 45 * MIN + 900);
	log.assist('ana', Z + 10 * MIN, Z + 13 * MIN + 30 * SEC); // +3:30
	log.finish('ana', Z + 42 * MIN); // 42:00 + 3:30 = 45:30
	log.record('time.adjusted', Z + 16 * MIN, 'lucia', { deltaMs: -60 * SEC, reason: 'lights out 1 min' });
	log.finish('lucia', Z + 50 * MIN); // 50:00 − 1:00 = 49:00
	log.tally('inigo', Z + 121 * MIN, [150, 30, 9, 5]); // 180 counted, 20 loose × 10 s
	const standings = score(setup, log.events, Z + 125 * MIN);
	return input(setup.ruleset, standings, setup.entries, extra);
}

describe('standingsCsv', () => {
	it('UTF-8 with a byte order mark, CRLF line endings, the documented headers', () => {
		const csv = standingsCsv(czech());
		expect(csv.charCodeAt(0)).toBe(0xfeff);
		expect(csv.endsWith('\r\n')).toBe(true);
		// Every line break is CRLF, except the one inside the quoted name (which stays as written).
		expect(csv.split(TRICKY_CZ.replaceAll('"', '""')).join('').replace(/\r\n/g, '')).not.toContain('\n');
		const parsed = parseCsv(csv);
		expect(parsed.meta.fields).toEqual(RESULTS_COLUMNS.filter((c) => c.key !== 'advances').map((c) => c.header));
		// Spelled out: a renamed header breaks the spreadsheets and importers that read it.
		expect(parsed.meta.fields!.join('|')).toBe(
			[
				'Place', 'Entries at this place', 'Awarded', 'Tie-break', 'Entry ID', 'Entry', 'Members', 'Country', 'Table', 'Seat', 'Heat',
				'Status', 'Status code', 'Elapsed', 'Elapsed (ms)', 'Missing pieces', 'Missing from box', 'Missing pieces penalty', 'Missing pieces penalty (ms)',
				'Assistance penalty', 'Assistance penalty (ms)', 'Loose pieces', 'Loose pieces penalty', 'Loose pieces penalty (ms)',
				'Adjustment', 'Adjustment (ms)', 'Total penalty', 'Total penalty (ms)', 'Final time', 'Final time (ms)',
				'Counted pieces', 'Total pieces', 'Pieces per minute', 'Disqualification reason', 'Reason'
			].join('|')
		);
	});

	it('CZJPA: one row per entry in standings order, every penalty in its own column', () => {
		const rows = parseCsv(standingsCsv(czech())).data;
		expect(rows.map((r) => [r['Place'], r['Entries at this place'], r['Awarded'], r['Entry ID'], r['Status code']])).toEqual([
			['1', '1', 'true', 'jiri', 'finished'],
			['2', '1', 'true', 'kate', 'finished'],
			['3', '1', 'true', 'zofie', 'unfinished'],
			['', '', 'false', 'premysl', 'disqualified']
		]);
		const [jiri, kate, zofie, premysl] = rows as [Record<string, string>, Record<string, string>, Record<string, string>, Record<string, string>];
		expect(jiri).toMatchObject({
			Entry: 'Jiří Dvořák',
			Members: 'Jiří Dvořák',
			Country: 'CZE',
			Table: 'A',
			Seat: '1',
			Heat: 'Rozjížďka 1 / Manga 1',
			Status: 'Finished',
			Elapsed: '40:00.000',
			'Elapsed (ms)': '2400000',
			'Missing pieces': '3',
			'Missing pieces penalty': '0:30.000',
			'Missing pieces penalty (ms)': '30000',
			'Assistance penalty': '0:00.000',
			'Assistance penalty (ms)': '0',
			'Loose pieces': '', // ES-UNFINISHED: loose pieces are an unfinished entry's; a finisher's are missing
			'Loose pieces penalty (ms)': '0',
			'Adjustment (ms)': '0',
			'Total penalty': '0:30.000',
			'Total penalty (ms)': '30000',
			'Final time': '40:30.000',
			'Final time (ms)': '2430000',
			'Counted pieces': '497',
			'Total pieces': '500',
			'Pieces per minute': '12.35', // 500 / 40.5 min
			'Disqualification reason': ''
		});
		expect(jiri['Reason']).toMatch(/40:30\.000/);
		expect(kate).toMatchObject({ 'Final time': '52:13.250', 'Final time (ms)': '3133250', 'Total penalty (ms)': '0', 'Pieces per minute': '9.57' });
		expect(zofie).toMatchObject({
			'Final time': '',
			'Final time (ms)': '',
			'Counted pieces': '163',
			'Loose pieces': '337',
			'Loose pieces penalty (ms)': '0', // CZJPA ranks unfinished entries by pieces, no time penalty
			'Pieces per minute': '1.81' // 163 / 90 min
		});
		expect(premysl).toMatchObject({
			Status: 'Disqualified',
			Table: '',
			Seat: '',
			'Pieces per minute': '',
			'Disqualification reason': 'used the box picture'
		});
		expect(premysl['Reason']).toContain('used the box picture');
	});

	it('a name with a comma, quotes, a line break and diacritics round-trips (Czech and Spanish)', () => {
		const cz = parseCsv(standingsCsv(czech())).data;
		expect(cz.find((r) => r['Entry ID'] === 'kate')!['Entry']).toBe(TRICKY_CZ);
		const es = parseCsv(standingsCsv(spanish())).data;
		expect(es.find((r) => r['Entry ID'] === 'inigo')!['Entry']).toBe(TRICKY_ES);
		expect(es.map((r) => r['Entry'])).toContain('María García-Núñez');
	});

	it('Spanish: a tie for first flagged, assistance, an adjustment, loose pieces; whole seconds', () => {
		const rows = parseCsv(standingsCsv(spanish())).data;
		expect(rows.map((r) => [r['Entry ID'], r['Place'], r['Entries at this place'], r['Tie-break'], r['Final time']])).toEqual([
			['jose', '1', '2', 'true', '45:00'],
			['maria', '1', '2', 'true', '45:00'],
			['ana', '3', '1', 'false', '45:30'],
			['lucia', '4', '1', 'false', '49:00'],
			['inigo', '5', '1', 'false', '2:03:20']
		]);
		const by = new Map(rows.map((r) => [r['Entry ID'], r]));
		expect(by.get('jose')).toMatchObject({ 'Final time (ms)': '2700000', 'Elapsed (ms)': '2700000', 'Total penalty (ms)': '0' });
		expect(by.get('ana')).toMatchObject({
			Elapsed: '42:00',
			'Assistance penalty': '3:30',
			'Assistance penalty (ms)': '210000',
			'Missing pieces penalty (ms)': '0',
			'Total penalty': '3:30',
			'Final time (ms)': '2730000'
		});
		expect(by.get('lucia')).toMatchObject({
			Country: 'AND',
			Adjustment: '-1:00', // a negative duration, not taken for a formula
			'Adjustment (ms)': '-60000',
			'Total penalty (ms)': '-60000',
			'Final time (ms)': '2940000'
		});
		expect(by.get('inigo')).toMatchObject({
			Status: 'Time is up',
			'Elapsed (ms)': '7200000',
			'Counted pieces': '180',
			'Loose pieces': '20',
			'Loose pieces penalty': '3:20',
			'Loose pieces penalty (ms)': '200000',
			'Final time (ms)': '7400000',
			'Pieces per minute': '1.5' // 180 / 120 min
		});
		expect(by.get('jose')!['Reason']).toBe('finished: 45:00 = 45:00 — shares place 1 with 1 other');
		expect(by.get('ana')!['Reason']).toBe('finished: 45:30 = 42:00 (+3:30 assistance)');
	});

	it('the Advances column only with an advancement map; entries not in it are empty', () => {
		expect(parseCsv(standingsCsv(spanish())).meta.fields).not.toContain('Advances');
		const advancement = new Map([
			['jose', true],
			['maria', true],
			['ana', false]
		]);
		const parsed = parseCsv(standingsCsv(spanish({ advancement })));
		expect(parsed.meta.fields).toEqual(resultsColumns(true).map((c) => c.header));
		expect(parsed.meta.fields!.indexOf('Advances')).toBe(parsed.meta.fields!.indexOf('Tie-break') + 1);
		expect(parsed.data.map((r) => r['Advances'])).toEqual(['true', 'true', 'false', '', '']);
	});

	it('text a spreadsheet would run as a formula is escaped; numbers are not', () => {
		const i = czech();
		const csv = standingsCsv({ ...i, entries: i.entries.map((e) => (e.id === 'jiri' ? { ...e, name: '=HYPERLINK("x")' } : e)) });
		const jiri = parseCsv(csv).data[0]!;
		expect(jiri['Entry']).toBe('\'=HYPERLINK("x")');
		const minus = parseCsv(standingsCsv({ ...i, entries: i.entries.map((e) => (e.id === 'jiri' ? { ...e, name: '-1+2' } : e)) })).data[0]!;
		expect(minus['Entry']).toBe("'-1+2");
		expect(jiri['Final time (ms)']).toBe('2430000');
	});

	it('in another locale: the status, reason and decimal separator, headers stay English', () => {
		const rows = parseCsv(standingsCsv({ ...czech(), locale: 'cs' })).data;
		expect(rows[1]).toMatchObject({ Status: 'Dokončeno', 'Final time': '52:13,250', 'Final time (ms)': '3133250' });
	});
});

describe('standingsJson', () => {
	it('validates against ResultsJsonSchema after a trip through JSON text', () => {
		for (const i of [czech(), spanish({ advancement: new Map([['jose', true]]) })]) {
			const json = JSON.parse(JSON.stringify(standingsJson(i)));
			const checked = ResultsJsonSchema.safeParse(json);
			expect(checked.error).toBeUndefined();
			expect(checked.data).toEqual(json);
		}
	});

	it('the header: format, version, event, competition, ruleset and the standings moment', () => {
		const i = czech();
		const json = standingsJson(i);
		expect(json).toMatchObject({
			format: 'puzzle-judge-results',
			version: 1,
			event: { id: 'day', name: 'Puzzle day 2026', date: '2026-05-16' },
			competition: { id: 'comp', name: i.ruleset.name },
			ruleset: { id: 'czjpa-individual', version: i.ruleset.version },
			computedAt: new Date(T0 + 95 * MIN).toISOString()
		});
		expect(json.rows[0]).toMatchObject({ place: 1, finalTimeMs: 2_430_000, missingPiecesPenaltyMs: 30_000, piecesPerMinute: 12.35 });
		// The key of "Entries at this place" stays `shared` (version 1); a finisher's missing pieces are not loose.
		expect(json.rows[0]).toMatchObject({ shared: 1, missingPieces: 3, loosePieces: null });
		expect(json.rows[0]!.advances).toBeUndefined();
	});

	it('pieces missing from the box: their own column beside the missing pieces, in CSV and JSON; confirmed ones cost nothing under a ruleset that exempts them', () => {
		const ruleset: Ruleset = { ...competition('czjpa-individual', ['x']).ruleset, missingFromBox: 'exempt-when-confirmed' };
		const setup = competition(ruleset, ['x']);
		setup.entries = [entry('jiri', 'Jiří Dvořák', [['Jiří Dvořák', 'CZE']]), entry('kate', 'Kateřina Nováková', [['Kateřina Nováková', 'CZE']])];
		const log = tablet();
		log.start(T0, ['jiri', 'kate']);
		const hj = log.hand('jiri', T0 + 40 * MIN);
		const cj = log.record('check.confirmed', T0 + 40 * MIN + SEC, 'jiri', { ref: hj.id, missingPieces: 3, missingFromBox: 2 });
		log.record('box-fault.decided', T0 + 50 * MIN, 'jiri', { ref: cj.id, confirmed: true });
		const hk = log.hand('kate', T0 + 41 * MIN);
		log.record('check.confirmed', T0 + 41 * MIN + SEC, 'kate', { ref: hk.id, missingPieces: 1, missingFromBox: 1 }); // not decided yet: penalised
		const i = input(ruleset, score(setup, log.events, T0 + 95 * MIN), setup.entries);
		const rows = parseCsv(standingsCsv(i)).data;
		const cols = (r: Record<string, string>) => [r['Entry'], r['Missing pieces'], r['Missing from box'], r['Missing pieces penalty (ms)'], r['Final time (ms)']];
		expect(rows.map(cols)).toEqual([
			['Jiří Dvořák', '3', '2', '10000', String(40 * MIN + 10 * SEC)],
			['Kateřina Nováková', '1', '1', '10000', String(41 * MIN + 10 * SEC)]
		]);
		const json = standingsJson(i);
		expect(json.rows.map((r) => [r.missingPieces, r.missingFromBox])).toEqual([
			[3, 2],
			[1, 1]
		]);
		expect(ResultsJsonSchema.safeParse(json).success).toBe(true);
		expect(json.rows[0]!.reason).toContain('1 missing piece');
	});

	it('rejects what is not results: another format, a missing field, a time as text', () => {
		const json = standingsJson(czech());
		expect(ResultsJsonSchema.safeParse({ ...json, format: 'other' }).success).toBe(false);
		expect(ResultsJsonSchema.safeParse({ ...json, version: 2 }).success).toBe(false);
		const { reason: _, ...noReason } = json.rows[0]!;
		expect(ResultsJsonSchema.safeParse({ ...json, rows: [noReason] }).success).toBe(false);
		expect(ResultsJsonSchema.safeParse({ ...json, rows: [{ ...json.rows[0], finalTimeMs: '2430000' }] }).success).toBe(false);
	});

	it('every JSON row equals its CSV row, column by column', () => {
		for (const i of [czech(), spanish(), spanish({ advancement: new Map([['ana', true]]) })]) {
			const csv = parseCsv(standingsCsv(i));
			const json = standingsJson(i);
			const columns = resultsColumns(i.advancement !== undefined);
			expect(csv.meta.fields).toEqual(columns.map((c) => c.header));
			expect(json.rows).toHaveLength(csv.data.length);
			json.rows.forEach((row: ResultsRow, n) => {
				const cells = csv.data[n]!;
				for (const c of columns) {
					const value = row[c.key];
					expect(cells[c.header], `${row.entryId}: ${c.header}`).toBe(value === null || value === undefined ? '' : String(value));
				}
				// Every key of the JSON row is a column: nothing only one of them holds.
				expect(Object.keys(row).sort()).toEqual(columns.map((c) => c.key).sort());
			});
		}
	});
});

describe('piecesPerMinute', () => {
	const limit = { timeLimitMs: 90 * MIN };
	it('a finisher: all pieces over the final time, penalties included', () => {
		expect(piecesPerMinute({ status: 'finished', finalTimeMs: 50 * MIN, totalPieces: 500, countedPieces: 500 }, limit)).toBe(10);
		expect(piecesPerMinute({ status: 'finished', finalTimeMs: 40 * MIN + 30 * SEC, totalPieces: 500, countedPieces: 497 }, limit)).toBe(12.35);
	});
	it('an unfinished entry: the counted pieces over the time limit', () => {
		expect(piecesPerMinute({ status: 'unfinished', finalTimeMs: null, totalPieces: 500, countedPieces: 180 }, limit)).toBe(2);
		// Under a limit-plus-penalty ruleset the final time is past the limit; the limit still counts.
		expect(piecesPerMinute({ status: 'unfinished', finalTimeMs: 100 * MIN, totalPieces: 500, countedPieces: 45 }, limit)).toBe(0.5);
	});
	it('none where it makes no sense', () => {
		expect(piecesPerMinute({ status: 'unfinished', finalTimeMs: null, totalPieces: 500, countedPieces: null }, limit)).toBeNull();
		expect(piecesPerMinute({ status: 'disqualified', finalTimeMs: null, totalPieces: 500, countedPieces: null }, limit)).toBeNull();
		expect(piecesPerMinute({ status: 'running', finalTimeMs: null, totalPieces: 500, countedPieces: null }, limit)).toBeNull();
		expect(piecesPerMinute({ status: 'did-not-start', finalTimeMs: null, totalPieces: 500, countedPieces: null }, limit)).toBeNull();
		expect(piecesPerMinute({ status: 'finished', finalTimeMs: 0, totalPieces: 500, countedPieces: 500 }, limit)).toBeNull();
	});
});
