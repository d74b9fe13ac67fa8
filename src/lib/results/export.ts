/**
 * Results for spreadsheets and for other programs: a competition's standings as CSV (for
 * Excel, LibreOffice, Google Sheets) and as versioned JSON that a later importer can check
 * with `ResultsJsonSchema`. Both are made from the same rows (`resultRows`), so a CSV row and
 * its JSON row hold the same values: numbers as numbers in JSON, as text in CSV.
 *
 * Pure: no DOM, no database, no clock; the moment of the standings comes from `Standings.at`.
 *
 * The CSV columns, in order, with their stable English headers (the JSON row key in brackets):
 *
 * - Place [place]: 1, 2 …; empty without a place (no result yet, disqualified, absent)
 * - Entries at this place [shared]: how many entries hold this place, this one included: 1 when
 *   the place is not shared, 2 or more when it is; empty without a place. (Headed "Shared" before;
 *   the JSON key stays `shared`, so the JSON format keeps version 1.)
 * - Awarded [awarded]: true/false, within the ruleset's awarded places
 * - Tie-break [tieBreak]: true while tied for first and awaiting a tie-break (ES-TIE)
 * - Advances [advances]: true/false, empty when not decided; only when the caller passes an advancement map
 * - Entry ID [entryId]
 * - Entry [entry]: the display name of the competitor, pair, group or team
 * - Members [members]: the members' names joined by '; '
 * - Country [country]: the members' countries, each once, joined by '; '
 * - Table [table], Seat [seat], Heat [heat]: empty when not set
 * - Status [status]: in words, in the export's locale; Status code [statusCode]: `finished`, `unfinished` …
 * - Elapsed [elapsed], Elapsed (ms) [elapsedMs]: counted time at the ruleset's resolution
 * - Missing pieces [missingPieces]: pieces missing at the check of a finished puzzle (CZ-GEN-MISSING),
 *   those missing from the box included
 * - Missing from box [missingFromBox]: of them, those the check recorded as missing from the box
 *   (a manufacturing fault); the ruleset's `missingFromBox` says whether they are penalised
 * - Missing pieces penalty [missingPiecesPenalty], Missing pieces penalty (ms) [missingPiecesPenaltyMs]
 * - Assistance penalty [assistancePenalty], Assistance penalty (ms) [assistancePenaltyMs]
 * - Loose pieces [loosePieces]: an unfinished entry's pieces not in a counted group, once its
 *   group tally is entered (ES-UNFINISHED); empty for everyone else (a finisher's absent pieces
 *   are its missing pieces)
 * - Loose pieces penalty [loosePiecesPenalty], Loose pieces penalty (ms) [loosePiecesPenaltyMs]
 * - Adjustment [adjustment], Adjustment (ms) [adjustmentMs]: negative for time taken off
 * - Total penalty [totalPenalty], Total penalty (ms) [totalPenaltyMs]
 * - Final time [finalTime], Final time (ms) [finalTimeMs]: the time that ranks
 * - Counted pieces [countedPieces], Total pieces [totalPieces]
 * - Pieces per minute [piecesPerMinute]: see `piecesPerMinute`
 * - Disqualification reason [disqualificationReason]
 * - Reason [reason]: why the entry stands here, in the export's locale (results/reason.ts)
 *
 * Every time is given twice: as a clock shows it (M:SS or H:MM:SS, with milliseconds under a
 * ruleset that records them) and in milliseconds, so that a spreadsheet can sort and sum.
 *
 * The standings CLI (`--format csv|json`, src/lib/files/format.ts) keeps its own output: it
 * puts every competition of the files in one table, with competition and ruleset ID columns,
 * snake_case headers and scoring's own reason text, which are not a subset of these columns,
 * and scripts already read it.
 */
import Papa from 'papaparse';
import { z } from 'zod/mini';
import type { Locale } from '$lib/i18n';
import type { Ruleset } from '$lib/rules/schema';
import type { Outcome, Standings } from '$lib/scoring';
import type { CompetitionEvent, Competition, Entry, Heat } from '$lib/setup/schema';
import { disqualificationText } from './disqualification';
import { explainStanding } from './reason';
import { formatResultTime } from './result-time';
import { piecesPerMinute } from './pieces-per-minute';
import { statusLabel } from './status';

export const RESULTS_FORMAT = 'puzzle-judge-results';
export const RESULTS_VERSION = 1;

/** What the ruleset contributes: its identity, the time resolution, the limit and the tally rule. */
export type ExportRuleset = Pick<Ruleset, 'id' | 'version' | 'name' | 'timeResolution' | 'timeLimitMs' | 'unfinished'>;

export interface ResultsExportInput {
	event: Pick<CompetitionEvent, 'name' | 'date'> & { id?: string };
	competition: Pick<Competition, 'id' | 'name'>;
	ruleset: ExportRuleset;
	standings: Standings;
	/** For names, members, table and seat; a row whose entry is missing keeps the standings' name. */
	entries: readonly Entry[];
	/** For heat names. */
	heats: readonly Heat[];
	/** Entry ID → advances to the next round; the Advances column appears only with it. */
	advancement?: ReadonlyMap<string, boolean>;
	/** The language of the status and reason texts and of the decimal separator in times; English by default. */
	locale?: Locale;
}

const count = z.number().check(z.int(), z.minimum(0));
const ms = z.number().check(z.int());
const nullableMs = z.nullable(ms);

export const ResultsRowSchema = z.object({
	place: z.nullable(z.number().check(z.int(), z.minimum(1))),
	shared: z.nullable(z.number().check(z.int(), z.minimum(1))),
	awarded: z.boolean(),
	tieBreak: z.boolean(),
	advances: z.optional(z.nullable(z.boolean())),
	entryId: z.string(),
	entry: z.string(),
	members: z.string(),
	country: z.string(),
	table: z.string(),
	seat: z.string(),
	heat: z.string(),
	status: z.string(),
	statusCode: z.enum(['not-started', 'preview', 'running', 'paused', 'finished', 'unfinished', 'disqualified', 'did-not-start']),
	elapsed: z.string(),
	elapsedMs: nullableMs,
	missingPieces: count,
	/** Added in issue 33 (an added key: the JSON format keeps version 1). */
	missingFromBox: count,
	missingPiecesPenalty: z.string(),
	missingPiecesPenaltyMs: ms,
	assistancePenalty: z.string(),
	assistancePenaltyMs: ms,
	loosePieces: z.nullable(count),
	loosePiecesPenalty: z.string(),
	loosePiecesPenaltyMs: ms,
	adjustment: z.string(),
	adjustmentMs: ms,
	totalPenalty: z.string(),
	totalPenaltyMs: ms,
	finalTime: z.string(),
	finalTimeMs: nullableMs,
	countedPieces: z.nullable(count),
	totalPieces: count,
	piecesPerMinute: z.nullable(z.number().check(z.minimum(0))),
	disqualificationReason: z.string(),
	reason: z.string()
});
export type ResultsRow = z.infer<typeof ResultsRowSchema>;

export const ResultsJsonSchema = z.object({
	format: z.literal(RESULTS_FORMAT),
	version: z.literal(RESULTS_VERSION),
	event: z.object({ id: z.optional(z.string()), name: z.string(), date: z.iso.date() }),
	competition: z.object({ id: z.string(), name: z.string() }),
	ruleset: z.object({ id: z.string(), version: z.number().check(z.int(), z.minimum(1)) }),
	/** The moment the standings are for, ISO 8601 in UTC. */
	computedAt: z.iso.datetime(),
	rows: z.array(ResultsRowSchema)
});
export type ResultsJson = z.infer<typeof ResultsJsonSchema>;

/** The CSV columns in order: the JSON row key and the header. Advances is left out without an advancement map. */
export const RESULTS_COLUMNS: readonly { key: keyof ResultsRow; header: string }[] = [
	{ key: 'place', header: 'Place' },
	{ key: 'shared', header: 'Entries at this place' },
	{ key: 'awarded', header: 'Awarded' },
	{ key: 'tieBreak', header: 'Tie-break' },
	{ key: 'advances', header: 'Advances' },
	{ key: 'entryId', header: 'Entry ID' },
	{ key: 'entry', header: 'Entry' },
	{ key: 'members', header: 'Members' },
	{ key: 'country', header: 'Country' },
	{ key: 'table', header: 'Table' },
	{ key: 'seat', header: 'Seat' },
	{ key: 'heat', header: 'Heat' },
	{ key: 'status', header: 'Status' },
	{ key: 'statusCode', header: 'Status code' },
	{ key: 'elapsed', header: 'Elapsed' },
	{ key: 'elapsedMs', header: 'Elapsed (ms)' },
	{ key: 'missingPieces', header: 'Missing pieces' },
	{ key: 'missingFromBox', header: 'Missing from box' },
	{ key: 'missingPiecesPenalty', header: 'Missing pieces penalty' },
	{ key: 'missingPiecesPenaltyMs', header: 'Missing pieces penalty (ms)' },
	{ key: 'assistancePenalty', header: 'Assistance penalty' },
	{ key: 'assistancePenaltyMs', header: 'Assistance penalty (ms)' },
	{ key: 'loosePieces', header: 'Loose pieces' },
	{ key: 'loosePiecesPenalty', header: 'Loose pieces penalty' },
	{ key: 'loosePiecesPenaltyMs', header: 'Loose pieces penalty (ms)' },
	{ key: 'adjustment', header: 'Adjustment' },
	{ key: 'adjustmentMs', header: 'Adjustment (ms)' },
	{ key: 'totalPenalty', header: 'Total penalty' },
	{ key: 'totalPenaltyMs', header: 'Total penalty (ms)' },
	{ key: 'finalTime', header: 'Final time' },
	{ key: 'finalTimeMs', header: 'Final time (ms)' },
	{ key: 'countedPieces', header: 'Counted pieces' },
	{ key: 'totalPieces', header: 'Total pieces' },
	{ key: 'piecesPerMinute', header: 'Pieces per minute' },
	{ key: 'disqualificationReason', header: 'Disqualification reason' },
	{ key: 'reason', header: 'Reason' }
];

/** The columns of an export: without Advances unless the input decides advancement. */
export function resultsColumns(withAdvancement: boolean): readonly { key: keyof ResultsRow; header: string }[] {
	return withAdvancement ? RESULTS_COLUMNS : RESULTS_COLUMNS.filter((c) => c.key !== 'advances');
}

export { piecesPerMinute };

/** Each value once, in first-seen order, without empty ones. */
function distinct(values: readonly (string | undefined)[]): string[] {
	return [...new Set(values.filter((v): v is string => !!v))];
}

/** One row per entry, in standings order: what both the CSV and the JSON are made of. */
export function resultRows(input: ResultsExportInput): ResultsRow[] {
	const { ruleset, standings, advancement } = input;
	const locale = input.locale ?? 'en';
	const entries = new Map(input.entries.map((e) => [e.id, e]));
	const heats = new Map(input.heats.map((h) => [h.id, h.name]));
	const time = (value: number) => formatResultTime(value, ruleset.timeResolution, { locale });
	const optionalTime = (value: number | null) => (value === null ? '' : time(value));
	return standings.rows.map((r) => {
		const o = r.outcome;
		const p = o.penalties;
		const entry = entries.get(r.entryId);
		const members = entry?.members ?? [];
		const row: ResultsRow = {
			place: r.place,
			shared: r.place === null ? null : r.shared,
			awarded: r.awarded,
			tieBreak: r.tieBreak,
			entryId: r.entryId,
			entry: entry?.name ?? r.name,
			members: members.map((x) => x.name).join('; '),
			country: distinct(members.map((x) => x.country)).join('; '),
			table: entry?.table ?? '',
			seat: entry?.seat ?? '',
			heat: heats.get(o.heatId) ?? '',
			status: statusLabel(o.status, { locale }),
			statusCode: o.status,
			elapsed: optionalTime(o.elapsedMs),
			elapsedMs: o.elapsedMs,
			missingPieces: o.missingPieces,
			missingFromBox: o.missingFromBox,
			missingPiecesPenalty: time(p.missingPiecesMs),
			missingPiecesPenaltyMs: p.missingPiecesMs,
			assistancePenalty: time(p.assistanceMs),
			assistancePenaltyMs: p.assistanceMs,
			loosePieces: o.loosePieces,
			loosePiecesPenalty: time(p.loosePiecesMs),
			loosePiecesPenaltyMs: p.loosePiecesMs,
			adjustment: time(p.adjustmentMs),
			adjustmentMs: p.adjustmentMs,
			totalPenalty: time(o.penaltyMs),
			totalPenaltyMs: o.penaltyMs,
			finalTime: optionalTime(o.finalTimeMs),
			finalTimeMs: o.finalTimeMs,
			countedPieces: o.countedPieces,
			totalPieces: o.totalPieces,
			piecesPerMinute: piecesPerMinute(o, ruleset),
			disqualificationReason: o.status === 'disqualified' ? disqualificationText(o, { locale }) : '',
			reason: explainStanding(r, ruleset, { locale })
		};
		// Only when the caller decides advancement, so that the JSON row matches the CSV's columns.
		if (advancement) row.advances = advancement.get(r.entryId) ?? null;
		return row;
	});
}

/** Text a spreadsheet would take for a formula: papaparse's default, less a plain negative duration (an adjustment). */
const FORMULA_LIKE = /^(?!-\d+(:\d\d)*([.,]\d+)?$)[=+\-@\t\r]/;

/**
 * The standings as CSV: a byte order mark first (Excel then reads UTF-8, not the system's
 * code page), CRLF line endings, a header row and one row per entry in standings order.
 * Empty cells where there is no value. Text that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or CR) gets a ' in front (papaparse's escapeFormulae);
 * numbers and negative durations such as -1:00 do not.
 */
export function standingsCsv(input: ResultsExportInput): string {
	const columns = resultsColumns(input.advancement !== undefined);
	const data = resultRows(input).map((row) => columns.map((c) => row[c.key] ?? null));
	const csv = Papa.unparse({ fields: columns.map((c) => c.header), data }, { escapeFormulae: FORMULA_LIKE, newline: '\r\n' });
	return `\uFEFF${csv}\r\n`;
}

/** The standings as a JSON-serializable object in the `puzzle-judge-results` format, version 1. */
export function standingsJson(input: ResultsExportInput): ResultsJson {
	const { event, competition, ruleset, standings } = input;
	return {
		format: RESULTS_FORMAT,
		version: RESULTS_VERSION,
		event: { ...(event.id === undefined ? {} : { id: event.id }), name: event.name, date: event.date },
		competition: { id: competition.id, name: competition.name },
		ruleset: { id: ruleset.id, version: ruleset.version },
		computedAt: new Date(standings.at).toISOString(),
		rows: resultRows(input)
	};
}
