import type Database from 'better-sqlite3';

/** The tables whose rows carry a number of the server's (a cursor or a sequence), and that number's column. */
export type NumberedTable = 'judge_events' | 'heat_starts' | 'registration_changes' | 'ruleset_changes';
const NUMBER_COLUMN: Record<NumberedTable, 'server_seq' | 'seq'> = { judge_events: 'server_seq', heat_starts: 'seq', registration_changes: 'seq', ruleset_changes: 'seq' };

/**
 * Copies the staged rows (attached as `staging`) into the store (`main`), as the restored
 * event's (`@e` in every statement is its ID). Used inside restore-commit's one transaction.
 */
export class StagedCopy {
	constructor(
		private readonly db: Database.Database,
		readonly eventId: string
	) {}

	/** Runs one statement with `@e` and `params`. */
	run(sql: string, params: Record<string, unknown> = {}): void {
		this.db.prepare(sql).run({ e: this.eventId, ...params });
	}

	/**
	 * Runs an INSERT … SELECT of a numbered table, with `number` the expression of each row's
	 * number: the staged one when every staged row has one and none of them is in use here,
	 * else `@base + ord` (after the highest here, in the backup's order). True when kept.
	 */
	numbered(table: NumberedTable, insert: (number: string) => string, params: Record<string, unknown> = {}): boolean {
		const column = NUMBER_COLUMN[table];
		const kept = this.keepsNumbers(table, column);
		const base = (this.db.prepare(`SELECT coalesce(max(${column}), 0) FROM main.${table}`).pluck().get() as number) ?? 0;
		this.run(insert(kept ? column : '@base + ord'), { base, ...params });
		return kept;
	}

	/** Whether every staged row has a number and none of them is in use here. */
	private keepsNumbers(table: NumberedTable, column: string): boolean {
		if (this.db.prepare(`SELECT 1 FROM staging.${table} WHERE ${column} IS NULL LIMIT 1`).get()) return false;
		return !this.db.prepare(`SELECT 1 FROM staging.${table} s WHERE EXISTS (SELECT 1 FROM main.${table} m WHERE m.${column} = s.${column}) LIMIT 1`).get();
	}
}
