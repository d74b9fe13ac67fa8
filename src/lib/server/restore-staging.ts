import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { error } from '@sveltejs/kit';

/**
 * Where a restore puts the backup's items while it reads them (restore.ts): a SQLite file of
 * its own beside the store, written in batches, so that a backup of any size is never held in
 * memory and the store is not touched until the whole file has been read and checked. The
 * store then takes everything from it in one transaction (restore-commit.ts), or nothing.
 * Its keys refuse an item that appears twice in the backup. Every row keeps where it was in
 * the file (`src`), for messages.
 */

const SCHEMA = `
	CREATE TABLE rulesets (id TEXT NOT NULL, version INTEGER NOT NULL, json TEXT NOT NULL, src TEXT NOT NULL, PRIMARY KEY (id, version));
	CREATE TABLE competitions (
		id TEXT PRIMARY KEY, name TEXT NOT NULL, ruleset_id TEXT NOT NULL, ruleset_version INTEGER NOT NULL,
		position INTEGER NOT NULL, origin TEXT NOT NULL, advances_to TEXT, advances_to_id TEXT, src TEXT NOT NULL
	);
	CREATE TABLE heats (id TEXT PRIMARY KEY, competition_id TEXT NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL, src TEXT NOT NULL);
	CREATE TABLE entries (
		id TEXT PRIMARY KEY, competition_id TEXT NOT NULL, heat_id TEXT NOT NULL, name TEXT NOT NULL, members TEXT NOT NULL,
		table_label TEXT, seat TEXT, position INTEGER NOT NULL, src TEXT NOT NULL
	);
	CREATE TABLE devices (
		id TEXT PRIMARY KEY, role TEXT NOT NULL, label TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL,
		revoked_at INTEGER, last_seen_at INTEGER, clock_offset_ms REAL, clock_rtt_ms REAL, clock_measured_at INTEGER, src TEXT NOT NULL
	);
	CREATE TABLE device_logs (token_id TEXT NOT NULL, device_id TEXT NOT NULL, PRIMARY KEY (token_id, device_id)) WITHOUT ROWID;
	CREATE TABLE judge_events (
		ord INTEGER PRIMARY KEY, server_seq INTEGER UNIQUE, id TEXT NOT NULL UNIQUE, competition_id TEXT NOT NULL, heat_id TEXT,
		entry_id TEXT, device_id TEXT NOT NULL, seq INTEGER NOT NULL, at INTEGER NOT NULL, json TEXT NOT NULL, token_id TEXT,
		received_at INTEGER, src TEXT NOT NULL, UNIQUE (device_id, seq)
	);
	CREATE TABLE heat_starts (
		ord INTEGER PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, id TEXT NOT NULL UNIQUE, competition_id TEXT NOT NULL, heat_id TEXT NOT NULL,
		server_at INTEGER NOT NULL, token_id TEXT NOT NULL, created_at INTEGER NOT NULL, src TEXT NOT NULL
	);
	CREATE TABLE publications (
		competition_id TEXT NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL, published_at INTEGER NOT NULL, protest_until INTEGER,
		finalized_at INTEGER, snapshot TEXT NOT NULL, note TEXT, src TEXT NOT NULL, PRIMARY KEY (competition_id, version)
	);
	CREATE TABLE merges (ord INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, json TEXT NOT NULL, recorded_at INTEGER NOT NULL, src TEXT NOT NULL);
	CREATE TABLE people (ord INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, version INTEGER NOT NULL, json TEXT NOT NULL, src TEXT NOT NULL);
	CREATE TABLE registrations (
		ord INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, competition_id TEXT NOT NULL, status TEXT NOT NULL, registered_at INTEGER NOT NULL,
		version INTEGER NOT NULL, json TEXT NOT NULL, src TEXT NOT NULL
	);
	CREATE TABLE registration_changes (
		ord INTEGER PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, person_id TEXT, registration_id TEXT, json TEXT NOT NULL, src TEXT NOT NULL
	);
	CREATE TABLE ruleset_changes (
		ord INTEGER PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, competition_id TEXT NOT NULL, ruleset_id TEXT NOT NULL,
		from_version INTEGER NOT NULL, to_version INTEGER NOT NULL, json TEXT NOT NULL, src TEXT NOT NULL
	);
	CREATE TABLE draws (ord INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, competition_id TEXT NOT NULL, kind TEXT NOT NULL, made_at INTEGER NOT NULL, json TEXT NOT NULL, src TEXT NOT NULL);
	CREATE TABLE table_cards (
		ord INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, competition_id TEXT NOT NULL, heat_id TEXT NOT NULL, table_label TEXT NOT NULL,
		secret_hash TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, revoked_at INTEGER, token_ids TEXT NOT NULL, src TEXT NOT NULL
	);
	CREATE TABLE protests (
		ord INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, competition_id TEXT NOT NULL, entry_ids TEXT NOT NULL, raised_by TEXT NOT NULL, claim TEXT NOT NULL,
		raised_at INTEGER NOT NULL, publication_version INTEGER NOT NULL, photo_hashes TEXT NOT NULL, state TEXT NOT NULL, decided_at INTEGER,
		decision_reason TEXT, correction_event_ids TEXT NOT NULL, answered_by_version INTEGER, recorded_by TEXT NOT NULL, recorded_at INTEGER NOT NULL, src TEXT NOT NULL
	);
	CREATE TABLE photos (
		ord INTEGER PRIMARY KEY, hash TEXT NOT NULL UNIQUE, competition_id TEXT NOT NULL, heat_id TEXT NOT NULL, entry_id TEXT NOT NULL, puzzle_id TEXT,
		judge_event_id TEXT, subject TEXT NOT NULL, taken_at INTEGER NOT NULL, device_id TEXT NOT NULL, media_type TEXT NOT NULL, bytes INTEGER NOT NULL,
		width INTEGER NOT NULL, height INTEGER NOT NULL, received_at INTEGER NOT NULL, data BLOB NOT NULL, src TEXT NOT NULL
	);
`;

export type StagingTable =
	| 'rulesets'
	| 'competitions'
	| 'heats'
	| 'entries'
	| 'devices'
	| 'device_logs'
	| 'judge_events'
	| 'heat_starts'
	| 'publications'
	| 'merges'
	| 'people'
	| 'registrations'
	| 'registration_changes'
	| 'ruleset_changes'
	| 'draws'
	| 'table_cards'
	| 'protests'
	| 'photos';

/** Tables whose first column numbers the rows in the order read. */
const ORDERED: readonly StagingTable[] = ['judge_events', 'heat_starts', 'merges', 'people', 'registrations', 'registration_changes', 'ruleset_changes', 'draws', 'table_cards', 'protests', 'photos'];

/** What a duplicate key means, by the constraint SQLite names. */
const DUPLICATES: Record<string, string> = {
	'rulesets.id, rulesets.version': 'this ruleset version',
	'competitions.id': 'this competition',
	'heats.id': 'this heat',
	'entries.id': 'this entry',
	'devices.id': 'this device',
	'devices.token_hash': "this device's token",
	'judge_events.id': 'this judge event',
	'judge_events.device_id, judge_events.seq': "this judge event's device and number",
	'judge_events.server_seq': "this judge event's server number",
	'heat_starts.id': 'this heat start',
	'heat_starts.seq': "this heat start's number",
	'publications.competition_id, publications.version': 'this publication version',
	'merges.id': 'this merge',
	'people.id': 'this person',
	'registrations.id': 'this registration',
	'registration_changes.seq': "this change's number",
	'ruleset_changes.seq': "this ruleset change's number",
	'draws.id': 'this draw',
	'table_cards.id': 'this table card',
	'table_cards.secret_hash': "this table card's secret",
	'protests.id': 'this protest',
	'photos.hash': 'this photo'
};

/** Rows per transaction while staging. */
const BATCH = 5000;

export class RestoreStaging {
	readonly file: string;
	readonly db: Database.Database;
	private readonly inserts = new Map<StagingTable, Database.Statement>();
	private inBatch = 0;

	constructor(dir: string) {
		this.file = join(dir, `restore-${randomBytes(8).toString('hex')}.sqlite`);
		this.db = new Database(this.file);
		// A scratch file: thrown away on any failure, so nothing needs to survive a crash.
		this.db.pragma('journal_mode = OFF');
		this.db.pragma('synchronous = OFF');
		this.db.exec(SCHEMA);
		this.db.exec('BEGIN');
	}

	/** Adds one row (columns in the table's order, `src` last); 400 when its key appears twice in the backup. */
	add(table: StagingTable, values: readonly unknown[], src: string): void {
		let insert = this.inserts.get(table);
		if (!insert) {
			const columns = (this.db.prepare(`SELECT name FROM pragma_table_info('${table}') WHERE name <> 'ord'`).pluck().all() as string[]).length;
			insert = this.db.prepare(`INSERT ${table === 'device_logs' ? 'OR IGNORE ' : ''}INTO ${table} VALUES (${ORDERED.includes(table) ? 'NULL, ' : ''}${Array(columns).fill('?').join(', ')})`);
			this.inserts.set(table, insert);
		}
		try {
			insert.run(...(table === 'device_logs' ? values : [...values, src]));
		} catch (e) {
			const constraint = e instanceof Error && /^UNIQUE constraint failed: (.*)$/.exec(e.message)?.[1];
			if (constraint) error(400, `${src}: ${DUPLICATES[constraint] ?? constraint} appears twice in the backup`);
			throw e;
		}
		if (++this.inBatch >= BATCH) {
			this.db.exec('COMMIT; BEGIN');
			this.inBatch = 0;
		}
	}

	/** Ends the last batch: the file is complete, to be read by the store. */
	seal(): void {
		if (this.db.inTransaction) this.db.exec('COMMIT');
		this.db.close();
	}

	/** Deletes the file (after use, or on failure). */
	discard(): void {
		if (this.db.open) this.db.close();
		for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${this.file}${suffix}`, { force: true });
	}
}
