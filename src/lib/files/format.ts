import Papa from 'papaparse';
import type { Ruleset } from '$lib/rules/schema';
import { formatResult, type Conflict, type Outcome, type Penalties, type ScoringWarning, type StandingRow } from '$lib/scoring';
import type { CompetitionStandings } from './merge';
import type { PublishedRow } from '$lib/results/publication';

/**
 * Standings rendered for people and programs: a fixed-width text table, CSV and JSON.
 * Times are shown at the ruleset's resolution (formatResult): 52:13.250 for CZJPA,
 * 45:00 for the Spanish tournament (ES-WIN).
 */

export type StandingsFormat = 'table' | 'csv' | 'json';
export const STANDINGS_FORMATS: readonly StandingsFormat[] = ['table', 'csv', 'json'];

export function renderStandings(results: readonly CompetitionStandings[], format: StandingsFormat): string {
	switch (format) {
		case 'table':
			return standingsTable(results);
		case 'csv':
			return standingsCsv(results);
		case 'json':
			return `${JSON.stringify(cliStandingsJson(results), null, 2)}\n`;
	}
}

/** `1*`, `5*`, `1* TB`, `7`, or `-` for an entry without a place. */
export function placeLabel(row: Pick<StandingRow, 'place' | 'awarded' | 'tieBreak'>): string {
	if (row.place === null) return '-';
	return `${row.place}${row.awarded ? '*' : ''}${row.tieBreak ? ' TB' : ''}`;
}

/** The penalties that apply, each with its time: `missing +0:20.000; assist +3:00`. */
export function penaltiesLabel(p: Penalties, res: Ruleset['timeResolution']): string {
	const parts: string[] = [];
	if (p.missingPiecesMs) parts.push(`missing +${formatResult(p.missingPiecesMs, res)}`);
	if (p.assistanceMs) parts.push(`assist +${formatResult(p.assistanceMs, res)}`);
	if (p.loosePiecesMs) parts.push(`loose +${formatResult(p.loosePiecesMs, res)}`);
	if (p.adjustmentMs) parts.push(`adjust ${p.adjustmentMs > 0 ? '+' : '-'}${formatResult(Math.abs(p.adjustmentMs), res)}`);
	return parts.join('; ');
}

/** Pieces missing at the check, those from the box and whether they await the organizer: `3 (2 from box, pending)`; empty for none. */
export function missingLabel(o: Pick<Outcome, 'missingPieces' | 'missingFromBox' | 'boxFaultPending'>): string {
	if (o.missingPieces === 0) return '';
	if (o.missingFromBox === 0) return String(o.missingPieces);
	return `${o.missingPieces} (${o.missingFromBox} from box${o.boxFaultPending > 0 ? ', pending' : ''})`;
}

/** A conflict (or a warning: it names no entry) on one line: kind, what it is about, message, events, devices. */
export function conflictLine(c: Omit<Conflict, 'kind' | 'entryId'> & { kind: string; entryId?: string | null }, names: ReadonlyMap<string, string>): string {
	const who = c.entryId ? `entry ${c.entryId}${names.has(c.entryId) ? ` (${names.get(c.entryId)})` : ''}` : c.heatId ? `heat ${c.heatId}` : `competition ${c.competitionId}`;
	const events = c.eventIds.length ? `; event${c.eventIds.length > 1 ? 's' : ''} ${c.eventIds.join(', ')}` : '';
	const devices = c.deviceIds.length ? `; device${c.deviceIds.length > 1 ? 's' : ''} ${c.deviceIds.join(', ')}` : '';
	return `${c.kind}: ${who}: ${c.message}${events}${devices}`;
}

/** The outcome's status; a finish whose check is still pending says so (CZ-GEN-FINISH). */
export function statusLabel(row: Pick<StandingRow, 'outcome'>): string {
	const o = row.outcome;
	return o.status === 'finished' && o.check === 'pending' ? 'finished, check pending' : o.status;
}

function isoMoment(ms: number): string {
	return new Date(ms).toISOString().replace('T', ' ').replace(/\.000Z$/, 'Z').replace(/Z$/, ' UTC');
}

/** Code points, so that "Nováková" is as wide as it looks. */
function width(s: string): number {
	return [...s].length;
}

function pad(s: string, w: number, right: boolean): string {
	const fill = ' '.repeat(Math.max(0, w - width(s)));
	return right ? fill + s : s + fill;
}

interface Column {
	title: string;
	right: boolean;
	cell: (row: StandingRow) => string;
}

/** The marks of the Place column, each only when a row of the table carries it. */
export function legendLines(rows: readonly Pick<StandingRow, 'awarded' | 'tieBreak'>[], ruleset: Pick<Ruleset, 'awards'>): string[] {
	const lines: string[] = [];
	if (rows.some((r) => r.awarded)) lines.push(`* awarded (top ${ruleset.awards.topN})`);
	if (rows.some((r) => r.tieBreak)) lines.push('TB tied for first, awaiting a tie-break');
	return lines;
}

export function standingsTable(results: readonly CompetitionStandings[]): string {
	const blocks = results.map((r) => competitionTable(r));
	return blocks.length ? `${blocks.join('\n\n')}\n` : 'No competitions in these files.\n';
}

function competitionTable({ competition, ruleset, standings }: CompetitionStandings): string {
	const res = ruleset.timeResolution;
	const columns: Column[] = [
		{ title: 'Place', right: false, cell: placeLabel },
		{ title: 'Name', right: false, cell: (r) => r.name },
		{ title: 'Status', right: false, cell: statusLabel },
		{ title: 'Final time', right: true, cell: (r) => (r.outcome.finalTimeMs === null ? '' : formatResult(r.outcome.finalTimeMs, res)) },
		{ title: 'Elapsed', right: true, cell: (r) => (r.outcome.elapsedMs === null ? '' : formatResult(r.outcome.elapsedMs, res)) },
		{ title: 'Penalties', right: false, cell: (r) => penaltiesLabel(r.outcome.penalties, res) },
		{ title: 'Missing', right: false, cell: (r) => missingLabel(r.outcome) },
		{ title: 'Counted pieces', right: true, cell: (r) => (r.outcome.countedPieces === null ? '' : String(r.outcome.countedPieces)) },
		{ title: 'Reason', right: false, cell: (r) => r.reason }
	];
	const cells = standings.rows.map((row) => columns.map((c) => c.cell(row)));
	const widths = columns.map((c, i) => Math.max(width(c.title), ...cells.map((row) => width(row[i]!))));
	const line = (values: string[]) =>
		values
			.map((v, i) => (i === values.length - 1 ? v : pad(v, widths[i]!, columns[i]!.right)))
			.join('  ')
			.trimEnd();

	const out: string[] = [];
	out.push(`${competition.name} — ruleset ${ruleset.id} v${ruleset.version} (${ruleset.name})`);
	out.push([`standings at ${isoMoment(standings.at)}`, ...legendLines(standings.rows, ruleset)].join(' · '));
	out.push('');
	out.push(line(columns.map((c) => c.title)));
	out.push(line(widths.map((w) => '-'.repeat(w))));
	for (const row of cells) out.push(line(row));
	if (standings.rows.length === 0) out.push('(no entries)');

	const names = new Map(standings.rows.map((r) => [r.entryId, r.name]));
	if (standings.tieForFirst.length > 0)
		out.push('', `Tie for first: ${standings.tieForFirst.map((id) => names.get(id) ?? id).join(', ')}; a tie-break puzzle may decide.`);
	out.push('');
	if (standings.conflicts.length === 0) out.push('Conflicts: none.');
	else {
		out.push(`Conflicts (${standings.conflicts.length}), for the organizer to resolve with a correction:`);
		for (const c of standings.conflicts) out.push(`  ${conflictLine(c, names)}`);
	}
	if (standings.warnings.length > 0) {
		out.push('', `Warnings (${standings.warnings.length}): the standings follow the log as recorded.`);
		for (const w of standings.warnings) out.push(`  ${conflictLine(w, names)}`);
	}
	return out.join('\n');
}

export const CSV_COLUMNS = [
	'competition_id',
	'competition',
	'ruleset',
	'ruleset_version',
	'place',
	'awarded',
	'tie_break',
	'entry_id',
	'name',
	'status',
	'final_time_ms',
	'final_time',
	'elapsed_ms',
	'missing_pieces',
	'missing_from_box',
	'missing_pieces_penalty_ms',
	'assistance_penalty_ms',
	'loose_pieces',
	'loose_pieces_penalty_ms',
	'adjustment_ms',
	'counted_pieces',
	'reason'
] as const;

/**
 * The CLI's CSV, for scripts: every competition in one table. A competition's results for
 * people and spreadsheets (BOM, English headers, names, heats, every time formatted) are
 * src/lib/results/export.ts.
 *
 * One row per entry per competition; every time in ms in its own column, the final time
 * also formatted. Empty cells where there is no value. Cells that a spreadsheet would read
 * as a formula (starting with = + - @) are prefixed with ' (papaparse's escapeFormulae).
 */
export function standingsCsv(results: readonly CompetitionStandings[]): string {
	const data = results.flatMap(({ competition, ruleset, standings }) =>
		standings.rows.map((r) => {
			const o = r.outcome;
			const p = o.penalties;
			const row: Record<(typeof CSV_COLUMNS)[number], string | number | boolean | null> = {
				competition_id: competition.id,
				competition: competition.name,
				ruleset: ruleset.id,
				ruleset_version: ruleset.version,
				place: r.place,
				awarded: r.awarded,
				tie_break: r.tieBreak,
				entry_id: r.entryId,
				name: r.name,
				status: o.status,
				final_time_ms: o.finalTimeMs,
				final_time: o.finalTimeMs === null ? null : formatResult(o.finalTimeMs, ruleset.timeResolution),
				elapsed_ms: o.elapsedMs,
				missing_pieces: o.missingPieces,
				missing_from_box: o.missingFromBox,
				missing_pieces_penalty_ms: p.missingPiecesMs,
				assistance_penalty_ms: p.assistanceMs,
				loose_pieces: o.loosePieces,
				loose_pieces_penalty_ms: p.loosePiecesMs,
				adjustment_ms: p.adjustmentMs,
				counted_pieces: o.countedPieces,
				reason: r.reason
			};
			return CSV_COLUMNS.map((c) => row[c]);
		})
	);
	return `${Papa.unparse({ fields: [...CSV_COLUMNS], data }, { escapeFormulae: true, newline: '\n' })}\n`;
}

/** A published row (results/publication.ts) with the missing pieces' counts, which publications leave out. */
export type CliStandingsRow = PublishedRow & { missingPieces: number; missingFromBox: number; boxFaultPending: number };

/** What `--format json` prints for a competition (cliStandingsJson). */
export type CliStandingsJson = Omit<StandingsJson, 'rows'> & { rows: CliStandingsRow[] };

export interface StandingsJson {
	competition: { id: string; name: string; eventId: string };
	ruleset: { id: string; version: number };
	/** The moment the standings are for, ms. */
	at: number;
	rows: PublishedRow[];
	tieForFirst: string[];
	conflicts: Conflict[];
	warnings: ScoringWarning[];
}

export function standingsJson(results: readonly CompetitionStandings[]): StandingsJson[] {
	return results.map(({ competition, ruleset, standings }) => ({
		competition: { id: competition.id, name: competition.name, eventId: competition.eventId },
		ruleset: { id: ruleset.id, version: ruleset.version },
		at: standings.at,
		rows: standings.rows.map((r) => ({
			place: r.place,
			name: r.name,
			entryId: r.entryId,
			status: r.outcome.status,
			awarded: r.awarded,
			tieBreak: r.tieBreak,
			finalTimeMs: r.outcome.finalTimeMs,
			elapsedMs: r.outcome.elapsedMs,
			penalties: { ...r.outcome.penalties },
			countedPieces: r.outcome.countedPieces,
			reason: r.reason
		})),
		tieForFirst: standings.tieForFirst,
		conflicts: standings.conflicts,
		warnings: standings.warnings
	}));
}

/**
 * What `--format json` prints: the standings as a publication freezes them (`standingsJson`,
 * which the server publishes: nothing more goes public), each row with the missing pieces'
 * counts for the organizer's scripts (issue 33: those from the box, and those awaiting a decision).
 */
export function cliStandingsJson(results: readonly CompetitionStandings[]): CliStandingsJson[] {
	return standingsJson(results).map((s, i) => {
		const outcomes = results[i]!.standings.rows.map((r) => r.outcome);
		return {
			...s,
			rows: s.rows.map((row, k) => ({ ...row, missingPieces: outcomes[k]!.missingPieces, missingFromBox: outcomes[k]!.missingFromBox, boxFaultPending: outcomes[k]!.boxFaultPending }))
		};
	});
}
