/** The standings CLI's work (scripts/standings.ts runs it in a process of its own; its tests, in theirs). */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatFileError, parseEventFile, type FileError, type ParsedEventFile } from '$lib/files/event-file';
import { standingsOfFiles } from '$lib/files/merge';
import { backupTextAsEventFile } from '$lib/files/backup-as-event-file';
import { renderStandings, STANDINGS_FORMATS, type StandingsFormat } from '$lib/files/format';

const USAGE = `Usage: npm run standings -- FILE... [options]

Prints the standings of every competition in the event files (merged: the same set-up
item or judge event in several files counts once). A server's backup of an event
(GET /api/events/{e}/backup, either version) is read as the event file it holds
(log[i] is its i-th judge event). Competitions the organizer merged are scored as one.

Options:
  --format table|csv|json   output format (default: table)
  --at ISO-or-ms            the moment for running clocks, e.g. 2026-05-16T11:00:00Z
                            or 1778929200000 (default: now)
  --competition ID          only this competition (may be repeated)
  -h, --help                this help

Exit status: 0 done; 1 a file is invalid (errors on stderr, nothing on stdout);
2 a usage error.`;

class UsageError extends Error {}

function parseMoment(text: string): number {
	const t = text.trim();
	if (/^\d+$/.test(t)) return Number(t);
	// A date-time needs a time zone to be one moment; a date alone is midnight UTC.
	if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(t))
		throw new UsageError(`--at: "${text}" is neither ms since the epoch nor an ISO date-time with a time zone (2026-05-16T11:00:00Z)`);
	const ms = Date.parse(t);
	if (Number.isNaN(ms)) throw new UsageError(`--at: "${text}" is not a valid date-time`);
	return ms;
}

/** Where the CLI writes: the process's streams, or a test's buffers. */
export interface StandingsOutput {
	stdout(text: string): void;
	stderr(text: string): void;
}

/** The CLI: its exit status for these arguments (without the program's name), its text written to `out`. */
export function runStandings(argv: string[], out: StandingsOutput): number {
	let args;
	try {
		args = parseArgs({
			args: argv,
			allowPositionals: true,
			strict: true,
			options: {
				format: { type: 'string' },
				at: { type: 'string' },
				competition: { type: 'string', multiple: true },
				help: { type: 'boolean', short: 'h' }
			}
		});
	} catch (e) {
		return usageError(out, e instanceof Error ? e.message : String(e));
	}
	const { values, positionals } = args;
	if (values.help) {
		out.stdout(`${USAGE}\n`);
		return 0;
	}
	const format = (values.format ?? 'table') as StandingsFormat;
	if (!STANDINGS_FORMATS.includes(format)) return usageError(out, `--format: "${values.format}" is not one of ${STANDINGS_FORMATS.join(', ')}`);
	let now: number;
	try {
		now = values.at === undefined ? Date.now() : parseMoment(values.at);
	} catch (e) {
		return usageError(out, (e as Error).message);
	}
	if (positionals.length === 0) return usageError(out, 'no event file given');

	const errors: FileError[] = [];
	const files: ParsedEventFile[] = [];
	for (const name of positionals) {
		let text: string;
		try {
			text = readFileSync(name, 'utf8');
		} catch (e) {
			const err = e as NodeJS.ErrnoException;
			errors.push({ file: name, position: '(file)', field: '', path: '(root)', message: `cannot read the file (${err.code ?? err.message})` });
			continue;
		}
		const parsed = parseEventFile(asEventFileText(text), name);
		if (parsed.ok) files.push(parsed.value);
		else errors.push(...parsed.errors);
	}
	if (errors.length > 0) return fail(out, errors);

	const result = standingsOfFiles(files, now);
	if (!result.ok) return fail(out, result.errors);
	let competitions = result.value;
	if (values.competition) {
		const wanted = values.competition;
		const known = new Set(competitions.map((c) => c.competition.id));
		const unknown = wanted.filter((id) => !known.has(id));
		if (unknown.length > 0) {
			out.stderr(
				`no competition ${unknown.map((id) => `"${id}"`).join(', ')} in these files; they hold: ${[...known].join(', ') || 'none'}\n`
			);
			return 1;
		}
		competitions = competitions.filter((c) => wanted.includes(c.competition.id));
	}
	out.stdout(renderStandings(competitions, format));
	return 0;
}

/** A backup's text (either version) as the event file it holds; any other text as it is (parseEventFile reports what is wrong). */
function asEventFileText(text: string): string {
	const file = backupTextAsEventFile(text);
	return file ? JSON.stringify(file) : text;
}

function fail(out: StandingsOutput, errors: FileError[]): number {
	out.stderr(errors.map((e) => `${formatFileError(e)}\n`).join(''));
	return 1;
}

function usageError(out: StandingsOutput, message: string): number {
	out.stderr(`standings: ${message}\n\n${USAGE}\n`);
	return 2;
}
