import { guessMapping, withColumn, type ColumnMapping, type CsvField } from './columns';
import type { CsvFileProblem } from './file-problem';
import type { ImportRow } from './import-rows';
import { readCsvFile, type CsvTable } from './parse';
import { previewImport, rowsToImport, type CsvPreview, type PreviewInput } from './preview';

/** What the preview is made against: the event's day, its competitions, the register as it is now. */
export type ImportContext = Omit<PreviewInput, 'table' | 'mapping' | 'competitionId'>;

/**
 * A registration CSV the organizer is importing (ImportPreview.svelte shows it): the file read,
 * the column mapping (guessed from the header, then the organizer's), the competition of the
 * rows that name none, and the preview that follows from them, against the register as the
 * context says it is now. Nothing is sent from here: `rows` is what the caller sends when the
 * organizer confirms.
 */
export class CsvImportDraft {
	fileName = $state('');
	problem = $state.raw<CsvFileProblem | null>(null);
	table = $state.raw<CsvTable | null>(null);
	mapping = $state.raw<ColumnMapping>([]);
	competitionId = $state<string | undefined>(undefined);
	/** Set by the constructor (declared first: the derived values below read it). */
	#context: () => ImportContext = () => ({ eventDay: '1970-01-01', competitions: [], people: [], registrations: [] });

	/** `context` is read each time the preview is made: a newer register gives a newer preview. */
	constructor(context: () => ImportContext) {
		this.#context = context;
	}

	readonly preview: CsvPreview | null = $derived(
		this.table ? previewImport({ ...this.#context(), table: this.table, mapping: this.mapping, competitionId: this.competitionId }) : null
	);

	/** The rows to send on confirming: none while the file or its mapping is wrong. */
	readonly rows: ImportRow[] = $derived(this.preview ? rowsToImport(this.preview) : []);

	/** Reads a file: its table and the guessed mapping, or the reason it cannot be imported (and no table). */
	load(fileName: string, bytes: Uint8Array, hint?: 'cs' | 'es' | 'en'): void {
		const read = readCsvFile(bytes, hint);
		this.fileName = fileName;
		this.problem = read.ok ? null : read.problem;
		this.table = read.ok ? read.value : null;
		this.mapping = read.ok ? guessMapping(read.value.header) : [];
		const competitions = this.#context().competitions;
		if (this.competitionId === undefined && competitions.length === 1) this.competitionId = competitions[0]!.id;
	}

	/** A file refused before its bytes are read (one past the size limit is not read at all): its problem and no table. */
	refuse(fileName: string, problem: CsvFileProblem): void {
		this.fileName = fileName;
		this.problem = problem;
		this.table = null;
		this.mapping = [];
	}

	setColumn(index: number, field: CsvField | null): void {
		this.mapping = withColumn(this.mapping, index, field);
	}

	clear(): void {
		this.fileName = '';
		this.problem = null;
		this.table = null;
		this.mapping = [];
	}
}
