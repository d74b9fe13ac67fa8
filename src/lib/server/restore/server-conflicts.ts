import { error } from '@sveltejs/kit';
import type Database from 'better-sqlite3';
import { canonicalJson } from '$lib/events/order';
import { refuseStaged, type StagedCheck } from './staged-check';

/**
 * The staged backup against this server (restore-commit.ts): nothing of another event is taken
 * over, or named. Competition, heat, entry, judge event, heat start, draw and merge IDs (and
 * devices' numbers) are the event's own (migrations 9 and 19): the same ID in another event is
 * another item, neither a conflict nor a sign of it. Devices' and table cards' IDs and secrets
 * are the server's: unique. A ruleset version never changes: one already here must be the same.
 */
export const SERVER_CHECKS: readonly StagedCheck[] = [
	{
		status: 409,
		sql: 'SELECT id, src FROM staging.devices s WHERE EXISTS (SELECT 1 FROM main.device_tokens m WHERE m.id = s.id) LIMIT 1',
		says: (p) => `device ${p.id} is already on this server, in another event`
	},
	{
		status: 409,
		sql: 'SELECT id, src FROM staging.devices s WHERE EXISTS (SELECT 1 FROM main.device_tokens m WHERE m.token_hash = s.token_hash) LIMIT 1',
		says: (p) => `device ${p.id}: its token is already on this server, in another event`
	},
	{
		status: 409,
		sql: 'SELECT id, src FROM staging.table_cards s WHERE EXISTS (SELECT 1 FROM main.table_cards m WHERE m.id = s.id OR m.secret_hash = s.secret_hash) LIMIT 1',
		says: (p) => `table card ${p.id} is already on this server, in another event`
	}
];

/** 409 for the first ruleset version here with other content, then for the first device or table card already here. */
export function checkAgainstServer(db: Database.Database, eventId: string): void {
	refuseChangedRulesets(db);
	refuseStaged(db, SERVER_CHECKS, eventId);
}

function refuseChangedRulesets(db: Database.Database): void {
	const both = db.prepare('SELECT s.id, s.version, s.json, s.src, m.json AS here FROM staging.rulesets s JOIN main.rulesets m ON m.id = s.id AND m.version = s.version');
	for (const r of both.all() as { id: string; version: number; json: string; src: string; here: string }[])
		if (r.json !== r.here && canonicalJson(JSON.parse(r.json)) !== canonicalJson(JSON.parse(r.here)))
			error(409, `${r.src}: ruleset ${r.id} version ${r.version} is already on this server with other content (a ruleset version never changes)`);
}
