/**
 * Why a file cannot be read as a registration CSV at all (nothing of it is imported): the
 * reader's answer instead of rows. Shown with `csvFileProblemText` (file-problem-text.ts).
 */
export type CsvFileProblem =
	| { code: 'empty' }
	| { code: 'too-large'; bytes: number; limit: number }
	/** Binary: not text in any encoding. */
	| { code: 'not-text' }
	/** A spreadsheet workbook (.xlsx, .ods are ZIP files; .xls an OLE file): save it as CSV first. */
	| { code: 'workbook' }
	/** Text that is not a table: one column only, HTML, JSON. */
	| { code: 'not-csv' }
	/** A header row and nothing under it. */
	| { code: 'no-rows' }
	| { code: 'too-many-rows'; rows: number; limit: number }
	| { code: 'too-many-columns'; line: number; columns: number; limit: number }
	/** A quoted cell that never ends. */
	| { code: 'unclosed-quote'; line: number };

export type CsvRead<T> = { ok: true; value: T } | { ok: false; problem: CsvFileProblem };
