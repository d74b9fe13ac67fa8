import Papa from 'papaparse';
import { MAX_IMPORT_ROWS } from './import-rows';
import { decodeText, type TextEncodingName } from './decode';
import type { CsvRead } from './file-problem';

/**
 * A registration file read into a table: its bytes decoded (decode.ts), the delimiter detected
 * (comma, semicolon or tab) and the cells split by papaparse. A file past the limits, or one
 * that is not a table, gives a problem and no rows, so nothing of it is imported.
 */

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_ROWS = MAX_IMPORT_ROWS;
export const MAX_COLUMNS = 500;

export type CsvDelimiter = ',' | ';' | '\t';

/** A data row: its row number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface CsvRow {
	row: number;
	cells: string[];
}

export interface CsvTable {
	header: string[];
	rows: CsvRow[];
	delimiter: CsvDelimiter;
	encoding: TextEncodingName;
}

/**
 * What the export escapes (export.ts: a ' before = + - @, a tab or CR, and before a text that
 * already starts with ' and one of them, so that "'-a" survives), read back as the text it was.
 */
const ESCAPED_FORMULA = /^'(?='*[=+\-@\t\r])/;

export function unescapeFormula(cell: string): string {
	return cell.replace(ESCAPED_FORMULA, '');
}

/** A row of empty cells (or of nothing but delimiters, as a spreadsheet writes a blank line). */
const isBlank = (cells: string[]) => cells.every((c) => /^[\s,;]*$/.test(c));

const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

/**
 * The delimiter that splits the first rows most evenly: the header into more than one cell and
 * as many rows as possible into the header's number of cells (a Czech Excel's "400,50" under a
 * semicolon header does not fool it). A file of one column: a comma.
 */
export function detectDelimiter(text: string): CsvDelimiter {
	let best: { delimiter: CsvDelimiter; matching: number; columns: number } = { delimiter: ',', matching: -1, columns: 1 };
	for (const delimiter of DELIMITERS) {
		const rows = Papa.parse<string[]>(text, { delimiter, preview: 20, skipEmptyLines: 'greedy' }).data;
		const columns = rows[0]?.length ?? 0;
		if (columns < 2) continue;
		const matching = rows.filter((r) => r.length === columns).length;
		if (matching > best.matching || (matching === best.matching && columns > best.columns)) best = { delimiter, matching, columns };
	}
	return best.delimiter;
}

/** The table in `text` (already decoded). */
export function parseCsvText(text: string, encoding: TextEncodingName = 'utf-8'): CsvRead<CsvTable> {
	const body = text.replace(/^\uFEFF/, '');
	if (body.trim() === '') return { ok: false, problem: { code: 'empty' } };
	// An HTML page, a JSON or XML file saved with a .csv name.
	if (/^\s*[<{[]/.test(body)) return { ok: false, problem: { code: 'not-csv' } };
	const delimiter = detectDelimiter(body);
	const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
	const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
	if (unclosed) return { ok: false, problem: { code: 'unclosed-quote', line: (unclosed.row ?? 0) + 1 } };
	const records = parsed.data.map((cells, i) => ({ row: i + 1, cells }));
	const wide = records.find((r) => r.cells.length > MAX_COLUMNS);
	if (wide) return { ok: false, problem: { code: 'too-many-columns', line: wide.row, columns: wide.cells.length, limit: MAX_COLUMNS } };
	const filled = records.filter((r) => !isBlank(r.cells));
	const [head, ...data] = filled;
	if (!head) return { ok: false, problem: { code: 'empty' } };
	if (data.length === 0) return { ok: false, problem: { code: 'no-rows' } };
	if (data.length > MAX_ROWS) return { ok: false, problem: { code: 'too-many-rows', rows: data.length, limit: MAX_ROWS } };
	return {
		ok: true,
		value: {
			header: head.cells.map((c) => c.trim()),
			rows: data.map((r) => ({ row: r.row, cells: r.cells.map(unescapeFormula) })),
			delimiter,
			encoding
		}
	};
}

/** The table in a file's bytes: size first (nothing over 10 MB is decoded), then the encoding, then the cells. */
export function readCsvFile(bytes: Uint8Array, hint?: 'cs' | 'es' | 'en'): CsvRead<CsvTable> {
	if (bytes.length === 0) return { ok: false, problem: { code: 'empty' } };
	if (bytes.length > MAX_FILE_BYTES) return { ok: false, problem: { code: 'too-large', bytes: bytes.length, limit: MAX_FILE_BYTES } };
	const decoded = decodeText(bytes, hint);
	if (!decoded.ok) return decoded;
	return parseCsvText(decoded.value.text, decoded.value.encoding);
}
