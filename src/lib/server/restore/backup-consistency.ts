import type Database from 'better-sqlite3';
import { refuseStaged, type StagedCheck } from './staged-check';

/**
 * The staged backup on its own (restore-commit.ts): every item belongs to the backup's event,
 * through its competition, and names only what the backup holds (rulesets, competitions, heats,
 * devices, people). The first item that does not refuses the whole restore with 400, naming it
 * and where it is in the file; the checks run in this order.
 */
export const BACKUP_CHECKS: readonly StagedCheck[] = [
	{
		status: 400,
		sql: `SELECT id, src, ruleset_id || ' version ' || ruleset_version AS other FROM staging.competitions c
			WHERE NOT EXISTS (SELECT 1 FROM staging.rulesets r WHERE r.id = c.ruleset_id AND r.version = c.ruleset_version) LIMIT 1`,
		says: (p) => `competition ${p.id} uses ruleset ${p.other}, which the backup does not hold`
	},
	{
		status: 400,
		sql: `SELECT id, src, advances_to_id AS other FROM staging.competitions c
			WHERE advances_to_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM staging.competitions t WHERE t.id = c.advances_to_id) LIMIT 1`,
		says: (p, E) => `competition ${p.id} advances to competition ${p.other}, which is not a competition of the event "${E}" in this backup`
	},
	{
		status: 400,
		sql: `SELECT id, src, competition_id AS other FROM staging.heats h
			WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = h.competition_id) LIMIT 1`,
		says: (p, E) => `heat ${p.id} is in competition ${p.other}, which is not a competition of the event "${E}" in this backup`
	},
	{
		status: 400,
		sql: `SELECT id, src, competition_id AS other FROM staging.entries e
			WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = e.competition_id) LIMIT 1`,
		says: (p, E) => `entry ${p.id} is in competition ${p.other}, which is not a competition of the event "${E}" in this backup`
	},
	{
		status: 400,
		sql: `SELECT id, src, heat_id AS other FROM staging.entries e
			WHERE NOT EXISTS (SELECT 1 FROM staging.heats h WHERE h.id = e.heat_id AND h.competition_id = e.competition_id) LIMIT 1`,
		says: (p) => `entry ${p.id} is in heat ${p.other}, which is not a heat of its competition in this backup`
	},
	{
		status: 400,
		sql: `SELECT id, src, token_id AS other FROM staging.judge_events j
			WHERE token_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM staging.devices d WHERE d.id = j.token_id) LIMIT 1`,
		says: (p) => `judge event ${p.id} was pushed with the token ${p.other}, which is not a device of this backup`
	},
	{
		status: 400,
		sql: `SELECT id, src, competition_id || ' / ' || heat_id AS other FROM staging.heat_starts s
			WHERE NOT EXISTS (SELECT 1 FROM staging.heats h WHERE h.id = s.heat_id AND h.competition_id = s.competition_id) LIMIT 1`,
		says: (p) => `heat start ${p.id} names the heat ${p.other}, which is not a heat of a competition in this backup`
	},
	{
		status: 400,
		sql: `SELECT id, src, token_id AS other FROM staging.heat_starts s
			WHERE NOT EXISTS (SELECT 1 FROM staging.devices d WHERE d.id = s.token_id) LIMIT 1`,
		says: (p) => `heat start ${p.id} was made with the token ${p.other}, which is not a device of this backup`
	},
	{
		status: 400,
		sql: `SELECT competition_id || ' version ' || version AS id, src, competition_id AS other FROM staging.publications p
			WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = p.competition_id) LIMIT 1`,
		says: (p, E) => `publication ${p.id} is of competition ${p.other}, which is not a competition of the event "${E}" in this backup`
	},
	{
		status: 400,
		sql: `SELECT id, src, competition_id AS other FROM staging.registrations r
			WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = r.competition_id) LIMIT 1`,
		says: (p, E) => `registration ${p.id} is for competition ${p.other}, which is not a competition of the event "${E}" in this backup`
	},
	{
		status: 400,
		sql: `SELECT r.id, r.src, m.value AS other FROM staging.registrations r, json_each(r.json, '$.memberIds') m
			WHERE NOT EXISTS (SELECT 1 FROM staging.people p WHERE p.id = m.value) LIMIT 1`,
		says: (p, E) => `registration ${p.id} names the person ${p.other}, who is not a person of the event "${E}" in this backup`
	},
	{
		status: 400,
		sql: `SELECT seq AS id, src, coalesce(person_id, registration_id) AS other FROM staging.registration_changes c
			WHERE (person_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM staging.people p WHERE p.id = c.person_id))
			   OR (registration_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM staging.registrations r WHERE r.id = c.registration_id)) LIMIT 1`,
		says: (p, E) => `change ${p.id} of the register is about ${p.other}, who or which is not in the register of the event "${E}" in this backup`
	},
	{
		status: 400,
		sql: `SELECT id, src, competition_id AS other FROM staging.draws d
			WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = d.competition_id) LIMIT 1`,
		says: (p, E) => `draw ${p.id} is of competition ${p.other}, which is not a competition of the event "${E}" in this backup`
	},
	// A turn draw in force moves an entry to the heat it assigns it when two swap (draws.ts, swapTurns): each of them a heat of the
	// draw's competition (issue 29 #5). A superseded draw is only a record: a heat it names may have been removed since.
	{
		status: 400,
		sql: `SELECT d.id, d.src, a.key || ' to heat ' || a.value AS other FROM staging.draws d, json_each(d.json, '$.assigned') a
			WHERE d.kind = 'turns' AND json_extract(d.json, '$.superseded') IS NULL
			AND NOT EXISTS (SELECT 1 FROM staging.heats h WHERE h.id = a.value AND h.competition_id = d.competition_id) LIMIT 1`,
		says: (p, E) => `draw ${p.id} assigns ${p.other}, which is not a heat of its competition in the event "${E}" of this backup`
	},
	{
		status: 400,
		sql: `SELECT id, src, heat_id AS other FROM staging.table_cards c
			WHERE NOT EXISTS (SELECT 1 FROM staging.heats h WHERE h.id = c.heat_id AND h.competition_id = c.competition_id) LIMIT 1`,
		says: (p, E) => `table card ${p.id} is for heat ${p.other}, which is not a heat of its competition in the event "${E}" of this backup`
	},
	{
		status: 400,
		sql: `SELECT c.id, c.src, t.value AS other FROM staging.table_cards c, json_each(c.token_ids) t
			WHERE NOT EXISTS (SELECT 1 FROM staging.devices d WHERE d.id = t.value AND d.role = 'judge') LIMIT 1`,
		says: (p) => `table card ${p.id} names the token ${p.other}, which is not a judge device of this backup`
	},
	{
		status: 400,
		sql: `SELECT t.value AS id, c.src, count(*) AS other FROM staging.table_cards c, json_each(c.token_ids) t GROUP BY t.value HAVING count(*) > 1 LIMIT 1`,
		says: (p) => `the token ${p.id} is named by ${p.other} table cards: a tablet pairs by one card`
	},
	{
		status: 400,
		sql: `SELECT seq AS id, src, competition_id AS other FROM staging.ruleset_changes r
			WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = r.competition_id) LIMIT 1`,
		says: (p, E) => `ruleset change ${p.id} is of competition ${p.other}, which is not a competition of the event "${E}" in this backup`
	},
	{
		status: 400,
		sql: `SELECT seq AS id, src, ruleset_id || ' version ' || v.value AS other FROM staging.ruleset_changes r, json_each(json_array(from_version, to_version)) v
			WHERE NOT EXISTS (SELECT 1 FROM staging.rulesets s WHERE s.id = r.ruleset_id AND s.version = v.value) LIMIT 1`,
		says: (p) => `ruleset change ${p.id} names ruleset ${p.other}, which the backup does not hold`
	},
	// A protest (issue 33 #3) is against a published version of its competition, about its entries; an upheld one names the correction events that carry it.
	{
		status: 400,
		sql: `SELECT id, src, competition_id || ' version ' || publication_version AS other FROM staging.protests p
			WHERE NOT EXISTS (SELECT 1 FROM staging.publications v WHERE v.competition_id = p.competition_id AND v.version = p.publication_version) LIMIT 1`,
		says: (p, E) => `protest ${p.id} is against ${p.other}, which is not a published version of a competition of the event "${E}" in this backup`
	},
	{
		status: 400,
		sql: `SELECT p.id, p.src, e.value AS other FROM staging.protests p, json_each(p.entry_ids) e
			WHERE NOT EXISTS (SELECT 1 FROM staging.entries n WHERE n.id = e.value AND n.competition_id = p.competition_id) LIMIT 1`,
		says: (p) => `protest ${p.id} is about the entry ${p.other}, which is not an entry of its competition in this backup`
	},
	{
		status: 400,
		sql: `SELECT p.id, p.src, c.value AS other FROM staging.protests p, json_each(p.correction_event_ids) c
			WHERE NOT EXISTS (SELECT 1 FROM staging.judge_events j, json_each(p.entry_ids) e WHERE j.id = c.value AND j.competition_id = p.competition_id AND j.entry_id = e.value) LIMIT 1`,
		says: (p) => `protest ${p.id} names the correction event ${p.other}, which is not an event of this backup about one of its entries`
	},
	// A photo names its entry as a judge event does: an entry a redraw removed keeps its evidence, so only the competition must be the backup's.
	{
		status: 400,
		sql: `SELECT hash AS id, src, competition_id AS other FROM staging.photos p
			WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = p.competition_id) LIMIT 1`,
		says: (p, E) => `photo ${p.id} is of competition ${p.other}, which is not a competition of the event "${E}" in this backup`
	},
	{
		status: 400,
		sql: `SELECT hash AS id, src, device_id AS other FROM staging.photos p
			WHERE NOT EXISTS (SELECT 1 FROM staging.devices d WHERE d.id = p.device_id) LIMIT 1`,
		says: (p) => `photo ${p.id} was sent with the token ${p.other}, which is not a device of this backup`
	}
];

export function checkBackupOnItsOwn(db: Database.Database, eventId: string): void {
	refuseStaged(db, BACKUP_CHECKS, eventId);
}
