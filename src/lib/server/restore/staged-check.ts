import { error } from '@sveltejs/kit';
import type Database from 'better-sqlite3';

/** The first staged row a check finds: its ID, where it is in the file, and what it names. */
export type StagedProblem = { id: string; src: string; other?: string | number | null };

/**
 * One check of the staged backup (restore-commit.ts): a query for the first row that fails it,
 * and what the refusal says of that row.
 */
export interface StagedCheck {
	status: 400 | 409;
	/** Selects `id`, `src` and (optionally) `other` of the first row that fails, from `staging.` tables; LIMIT 1. */
	sql: string;
	says: (problem: StagedProblem, eventId: string) => string;
}

/** Runs the checks in order: the first that finds a row refuses the restore (an HttpError), naming the row and where it is in the file. */
export function refuseStaged(db: Database.Database, checks: readonly StagedCheck[], eventId: string): void {
	for (const check of checks) {
		const problem = db.prepare(check.sql).get({}) as StagedProblem | undefined;
		if (problem) error(check.status, `${problem.src}: ${check.says(problem, eventId)}`);
	}
}
