import type { Locale } from '$lib/i18n';
import { CsvImportDraft, type ImportContext } from '$lib/registration/csv/import-draft.svelte';
import { MAX_FILE_BYTES } from '$lib/registration/csv/parse';
import type { RegisterData } from '../register-data.svelte';
import { importOutcome, type ImportOutcome } from './regfiles-outcome';
import { csvCompetitions } from './regfiles-competitions';

/**
 * The organizer imports a registration CSV (/organizer/register/import): the file chosen is
 * read and checked into a CsvImportDraft against the register as it is now (its people are the
 * reference for duplicates), previewed, and sent only when the organizer confirms, as one
 * request that the server stores in one transaction. Where it stands is a step the screen
 * shows: reading, checking, the preview, sending, done.
 *
 * Nothing is sent while a row is blocked (a date that is not a date, no name, …): the organizer
 * corrects the file or the columns first, so that no row of the file is silently left out.
 */

export type ImportStep = 'choose' | 'reading' | 'checking' | 'preview' | 'sending' | 'done';

/** What the file is a Blob of, with its name (a File). */
export type ChosenFile = Pick<File, 'name' | 'size' | 'arrayBuffer'>;

/** The preview's reference: the event's day, its competitions, the register's people and registrations. */
export function importContextOf(register: Pick<RegisterData, 'data' | 'competitions'>): ImportContext {
	return {
		eventDay: register.data?.event.date ?? '1970-01-01',
		competitions: csvCompetitions(register.competitions),
		people: register.data?.people ?? [],
		registrations: register.data?.registrations ?? []
	};
}

/** Lets the screen show a step before a long piece of work on the main thread. */
const paint = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class RegisterImport {
	readonly draft: CsvImportDraft;
	step = $state<ImportStep>('choose');
	/** What the last import added and skipped (on `done`). */
	outcome = $state.raw<ImportOutcome | null>(null);
	/** Why the file could not be read or the import did not go through (nothing was imported). */
	failure = $state<string | null>(null);

	constructor(
		private readonly register: Pick<RegisterData, 'api' | 'eventId' | 'data' | 'competitions' | 'changed'>,
		/** The language whose code page a file in a single-byte encoding is read in when its letters do not tell. */
		private readonly hint: () => Locale
	) {
		this.draft = new CsvImportDraft(() => importContextOf(register));
	}

	/** The preview may be sent: rows to import, none blocked, nothing sent yet. */
	get confirmable(): boolean {
		return this.step === 'preview' && this.draft.rows.length > 0 && this.draft.preview?.counts.blocked === 0;
	}

	/** Reads and checks a file; a file past the size limit is refused unread. */
	async choose(file: ChosenFile): Promise<void> {
		this.outcome = null;
		this.failure = null;
		if (file.size > MAX_FILE_BYTES) {
			this.draft.refuse(file.name, { code: 'too-large', bytes: file.size, limit: MAX_FILE_BYTES });
			this.step = 'choose';
			return;
		}
		this.draft.clear();
		this.draft.fileName = file.name;
		this.step = 'reading';
		try {
			const bytes = new Uint8Array(await file.arrayBuffer());
			this.step = 'checking';
			await paint();
			this.draft.load(file.name, bytes, this.hint());
			// The preview is made now, while the screen says the rows are being checked.
			void this.draft.preview;
			this.step = this.draft.problem ? 'choose' : 'preview';
		} catch (e) {
			this.draft.clear();
			this.failure = e instanceof Error ? e.message : String(e);
			this.step = 'choose';
		}
	}

	/** Sends the previewed rows (one transaction on the server), then reads the register again. */
	async confirm(): Promise<boolean> {
		if (!this.confirmable) return false;
		const rows = this.draft.rows;
		const skipped = this.draft.preview?.counts.skip ?? 0;
		this.failure = null;
		this.step = 'sending';
		try {
			const answer = await this.register.api.importRegistrations(this.register.eventId, rows);
			this.outcome = importOutcome(answer, skipped);
			this.draft.clear();
			this.step = 'done';
		} catch (e) {
			this.failure = e instanceof Error ? e.message : String(e);
			this.step = 'preview';
			return false;
		}
		await this.register.changed();
		return true;
	}

	/** Back to choosing a file: the draft forgotten, nothing sent. */
	cancel(): void {
		this.draft.clear();
		this.failure = null;
		this.step = 'choose';
	}
}
