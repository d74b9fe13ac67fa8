import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { standingsCsv as cliCsv, standingsJson as cliJson, standingsTable as cliTable } from '$lib/files/format';
import { leaderboardRows } from '$lib/display/leaderboard';
import { resultRows, standingsCsv } from './export';
import { formatResultTime } from './result-time';
import { standingResult, type StandingResult } from './standing-result';
import { PublishedRowSchema } from './publication';
import { relayFixture, RELAY_EXPECTED } from './relay-standings.testkit';

/**
 * CZ-TEAM-RANK on every surface: one relay heat (two finished teams, two unfinished teams with
 * the same counted pieces, a fifth and a sixth) gives the same places, award marks and results
 * through each surface's own function: the scorer's rows (the tablet's StandingsTable, the
 * organizer's review and live screens), the room display's leaderboard, the export (CSV/JSON,
 * print), the CLI (table, CSV, JSON) and the public page (its snapshot is the CLI's JSON).
 */
const fixture = relayFixture();
const res = fixture.ruleset.timeResolution;
const shown = (r: StandingResult) => (r === null ? '' : r.kind === 'time' ? formatResultTime(r.ms, res) : `${r.count} pieces`);
const expected = RELAY_EXPECTED.map(([name, place, awarded, result]) => [
	name,
	place,
	awarded,
	result.endsWith('pieces') ? result : formatResultTime(Number(result.split(':').reduce((a, b) => a * 60 + Number(b), 0)) * 1000, res)
]);

describe('CZ-TEAM-RANK: relay standings are the same on every surface', () => {
	it('the scorer: finished teams by final time, then counted pieces over all puzzles; equal totals share; top 5 awarded', () => {
		const rows = fixture.standings.rows;
		expect(rows.map((r) => [r.name, r.place, r.awarded, shown(standingResult(r.outcome))])).toEqual(expected);
		expect(rows.filter((r) => r.place === 3).every((r) => r.shared === 2)).toBe(true);
	});

	it('the room display: the leaderboard lists the same rows', () => {
		const rows = leaderboardRows(fixture.standings, 'heat-1');
		expect(rows.map((r) => [r.name, r.place, r.awarded, shown(standingResult(r.outcome))])).toEqual(expected);
	});

	it('the export: CSV and JSON rows (and the print page, which shows these rows)', () => {
		const input = { event: { id: 'day', name: 'Relay day', date: '2026-05-16' }, competition: fixture.competition, ruleset: fixture.ruleset, standings: fixture.standings, entries: fixture.entries, heats: [] };
		const rows = resultRows(input);
		expect(rows.map((r) => [r.entry, r.place, r.awarded, shown(standingResult({ finalTimeMs: r.finalTimeMs, countedPieces: r.countedPieces, status: r.statusCode }))])).toEqual(expected);
		const csv = Papa.parse<Record<string, string>>(standingsCsv(input).slice(1), { header: true, skipEmptyLines: true }).data;
		expect(csv.map((r) => [r['Entry'], Number(r['Place']), r['Awarded'] === 'true'])).toEqual(expected.map((e) => e.slice(0, 3)));
		expect(csv.map((r) => r['Entries at this place'])).toEqual(['1', '1', '2', '2', '1', '1']);
	});

	it('the CLI (table, CSV, JSON) and the public page (its published rows are the CLI JSON rows)', () => {
		const [json] = cliJson([fixture]);
		const published = json!.rows.map((r) => PublishedRowSchema.parse(r));
		expect(published.map((r) => [r.name, r.place, r.awarded, shown(standingResult(r))])).toEqual(expected);
		const csv = Papa.parse<Record<string, string>>(cliCsv([fixture]), { header: true, skipEmptyLines: true }).data;
		expect(csv.map((r) => [r['entry'] ?? r['name'], Number(r['place']), r['awarded'] === 'true'])).toEqual(expected.map((e) => e.slice(0, 3)));
		const table = cliTable([fixture]);
		for (const [name, place, awarded] of expected) expect(table).toMatch(new RegExp(`^${place}${awarded ? '\\*' : ''}\\s+${name}\\s`, 'm'));
		expect(table).toContain('* awarded (top 5)');
	});
});
