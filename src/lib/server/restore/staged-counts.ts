import type Database from 'better-sqlite3';
import { ITEM_KINDS, type BackupCounts, type ItemKind } from '../backup-format';
import type { StagingTable } from '../restore-staging';

/** The staging table that holds each kind of item. */
export const STAGING_TABLE_OF: Record<ItemKind, StagingTable> = {
	ruleset: 'rulesets',
	competition: 'competitions',
	heat: 'heats',
	entry: 'entries',
	device: 'devices',
	judgeEvent: 'judge_events',
	heatStart: 'heat_starts',
	publication: 'publications',
	merge: 'merges',
	person: 'people',
	registration: 'registrations',
	registrationChange: 'registration_changes',
	rulesetChange: 'ruleset_changes',
	draw: 'draws',
	tableCard: 'table_cards',
	protest: 'protests',
	photo: 'photos'
};

/** How many items of each kind the staged backup (attached as `staging`) holds. */
export function stagedCounts(db: Database.Database): BackupCounts {
	const count = (table: StagingTable) => db.prepare(`SELECT count(*) FROM staging.${table}`).pluck().get() as number;
	return Object.fromEntries(ITEM_KINDS.map((kind) => [kind, count(STAGING_TABLE_OF[kind])])) as BackupCounts;
}
