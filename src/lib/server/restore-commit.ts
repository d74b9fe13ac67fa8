import { error } from '@sveltejs/kit';
import { canonicalJson } from '$lib/events/order';
import type { CompetitionMerge } from '$lib/setup/schema';
import type { BackupCounts, RestoreHeader } from './backup-format';
import { insertMerge, problemsOnServer } from './competition-merges';
import type { Store } from './store';
import { deleteUntouchedDemo, isUntouchedDemo } from './untouched-demo';

/**
 * The last step of a restore (restore.ts): the backup's items, read and staged (restore-staging.ts),
 * are checked against each other and against this server, then written in one transaction —
 * all of them, or nothing. Every item must belong to the backup's own event: a heat of a
 * competition the backup does not hold, an entry in a heat of another competition, a draw assigning
 * an entry to a heat not of its competition, a device or table card whose ID or secret is already
 * on this server — each refuses the whole restore, naming the item and where it is in the file.
 * Competition, heat, entry, judge event, draw and merge IDs are the event's own: another event
 * holding the same ID is neither refused nor looked at. Nothing of another event is read into the
 * restored one, or changed.
 *
 * Judge events keep their server numbers (pull cursors) when this server has none of them in
 * use, else they are numbered after the highest; either way in the backup's order, and events
 * pushed later are numbered after them. The same for heat starts.
 */

export interface CommitOutcome {
	counts: BackupCounts;
	/** 'kept': the judge events have the numbers they had on the server the backup came from. */
	numbering: 'kept' | 'renumbered';
	/** The restore replaced this server's untouched demo event (untouched-demo.ts). */
	replacedDemo: boolean;
}

type Problem = { id: string; src: string; other?: string | number | null } | undefined;

export function commitStaged(store: Store, stagingFile: string, header: RestoreHeader): CommitOutcome {
	const db = store.db;
	db.prepare('ATTACH DATABASE ? AS staging').run(stagingFile);
	try {
		return store.transaction(() => commit(store, header));
	} finally {
		db.exec('DETACH DATABASE staging');
	}
}

function commit(store: Store, header: RestoreHeader): CommitOutcome {
	const db = store.db;
	const E = header.event.id;
	const first = (sql: string, params: Record<string, unknown> = {}) => db.prepare(sql).get(params) as Problem;
	const refuse = (status: 400 | 409, problem: Problem, message: (p: NonNullable<Problem>) => string) => {
		if (problem) error(status, `${problem.src}: ${message(problem)}`);
	};

	let replacedDemo = false;
	if (store.getEvent(E)) {
		if (!isUntouchedDemo(store, E)) error(409, `the event "${E}" is already on this server: restore into a server without it`);
		deleteUntouchedDemo(store);
		replacedDemo = true;
	}

	// The backup on its own: every item belongs to the event, through its competition.
	refuse(400, first(`SELECT id, src, ruleset_id || ' version ' || ruleset_version AS other FROM staging.competitions c
		WHERE NOT EXISTS (SELECT 1 FROM staging.rulesets r WHERE r.id = c.ruleset_id AND r.version = c.ruleset_version) LIMIT 1`),
		(p) => `competition ${p.id} uses ruleset ${p.other}, which the backup does not hold`);
	refuse(400, first(`SELECT id, src, advances_to_id AS other FROM staging.competitions c
		WHERE advances_to_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM staging.competitions t WHERE t.id = c.advances_to_id) LIMIT 1`),
		(p) => `competition ${p.id} advances to competition ${p.other}, which is not a competition of the event "${E}" in this backup`);
	refuse(400, first(`SELECT id, src, competition_id AS other FROM staging.heats h
		WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = h.competition_id) LIMIT 1`),
		(p) => `heat ${p.id} is in competition ${p.other}, which is not a competition of the event "${E}" in this backup`);
	refuse(400, first(`SELECT id, src, competition_id AS other FROM staging.entries e
		WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = e.competition_id) LIMIT 1`),
		(p) => `entry ${p.id} is in competition ${p.other}, which is not a competition of the event "${E}" in this backup`);
	refuse(400, first(`SELECT id, src, heat_id AS other FROM staging.entries e
		WHERE NOT EXISTS (SELECT 1 FROM staging.heats h WHERE h.id = e.heat_id AND h.competition_id = e.competition_id) LIMIT 1`),
		(p) => `entry ${p.id} is in heat ${p.other}, which is not a heat of its competition in this backup`);
	refuse(400, first(`SELECT id, src, token_id AS other FROM staging.judge_events j
		WHERE token_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM staging.devices d WHERE d.id = j.token_id) LIMIT 1`),
		(p) => `judge event ${p.id} was pushed with the token ${p.other}, which is not a device of this backup`);
	refuse(400, first(`SELECT id, src, competition_id || ' / ' || heat_id AS other FROM staging.heat_starts s
		WHERE NOT EXISTS (SELECT 1 FROM staging.heats h WHERE h.id = s.heat_id AND h.competition_id = s.competition_id) LIMIT 1`),
		(p) => `heat start ${p.id} names the heat ${p.other}, which is not a heat of a competition in this backup`);
	refuse(400, first(`SELECT id, src, token_id AS other FROM staging.heat_starts s
		WHERE NOT EXISTS (SELECT 1 FROM staging.devices d WHERE d.id = s.token_id) LIMIT 1`),
		(p) => `heat start ${p.id} was made with the token ${p.other}, which is not a device of this backup`);
	refuse(400, first(`SELECT competition_id || ' version ' || version AS id, src, competition_id AS other FROM staging.publications p
		WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = p.competition_id) LIMIT 1`),
		(p) => `publication ${p.id} is of competition ${p.other}, which is not a competition of the event "${E}" in this backup`);
	refuse(400, first(`SELECT id, src, competition_id AS other FROM staging.registrations r
		WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = r.competition_id) LIMIT 1`),
		(p) => `registration ${p.id} is for competition ${p.other}, which is not a competition of the event "${E}" in this backup`);
	refuse(400, first(`SELECT r.id, r.src, m.value AS other FROM staging.registrations r, json_each(r.json, '$.memberIds') m
		WHERE NOT EXISTS (SELECT 1 FROM staging.people p WHERE p.id = m.value) LIMIT 1`),
		(p) => `registration ${p.id} names the person ${p.other}, who is not a person of the event "${E}" in this backup`);
	refuse(400, first(`SELECT seq AS id, src, coalesce(person_id, registration_id) AS other FROM staging.registration_changes c
		WHERE (person_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM staging.people p WHERE p.id = c.person_id))
		   OR (registration_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM staging.registrations r WHERE r.id = c.registration_id)) LIMIT 1`),
		(p) => `change ${p.id} of the register is about ${p.other}, who or which is not in the register of the event "${E}" in this backup`);
	refuse(400, first(`SELECT id, src, competition_id AS other FROM staging.draws d
		WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = d.competition_id) LIMIT 1`),
		(p) => `draw ${p.id} is of competition ${p.other}, which is not a competition of the event "${E}" in this backup`);
	// A turn draw in force moves an entry to the heat it assigns it when two swap (draws.ts, swapTurns): each of them a heat of the
	// draw's competition (issue 29 #5). A superseded draw is only a record: a heat it names may have been removed since.
	refuse(400, first(`SELECT d.id, d.src, a.key || ' to heat ' || a.value AS other FROM staging.draws d, json_each(d.json, '$.assigned') a
		WHERE d.kind = 'turns' AND json_extract(d.json, '$.superseded') IS NULL
		AND NOT EXISTS (SELECT 1 FROM staging.heats h WHERE h.id = a.value AND h.competition_id = d.competition_id) LIMIT 1`),
		(p) => `draw ${p.id} assigns ${p.other}, which is not a heat of its competition in the event "${E}" of this backup`);
	refuse(400, first(`SELECT id, src, heat_id AS other FROM staging.table_cards c
		WHERE NOT EXISTS (SELECT 1 FROM staging.heats h WHERE h.id = c.heat_id AND h.competition_id = c.competition_id) LIMIT 1`),
		(p) => `table card ${p.id} is for heat ${p.other}, which is not a heat of its competition in the event "${E}" of this backup`);
	refuse(400, first(`SELECT c.id, c.src, t.value AS other FROM staging.table_cards c, json_each(c.token_ids) t
		WHERE NOT EXISTS (SELECT 1 FROM staging.devices d WHERE d.id = t.value AND d.role = 'judge') LIMIT 1`),
		(p) => `table card ${p.id} names the token ${p.other}, which is not a judge device of this backup`);
	refuse(400, first(`SELECT t.value AS id, c.src, count(*) AS other FROM staging.table_cards c, json_each(c.token_ids) t GROUP BY t.value HAVING count(*) > 1 LIMIT 1`),
		(p) => `the token ${p.id} is named by ${p.other} table cards: a tablet pairs by one card`);
	refuse(400, first(`SELECT seq AS id, src, competition_id AS other FROM staging.ruleset_changes r
		WHERE NOT EXISTS (SELECT 1 FROM staging.competitions c WHERE c.id = r.competition_id) LIMIT 1`),
		(p) => `ruleset change ${p.id} is of competition ${p.other}, which is not a competition of the event "${E}" in this backup`);
	refuse(400, first(`SELECT seq AS id, src, ruleset_id || ' version ' || v.value AS other FROM staging.ruleset_changes r, json_each(json_array(from_version, to_version)) v
		WHERE NOT EXISTS (SELECT 1 FROM staging.rulesets s WHERE s.id = r.ruleset_id AND s.version = v.value) LIMIT 1`),
		(p) => `ruleset change ${p.id} names ruleset ${p.other}, which the backup does not hold`);

	// Against this server: nothing of another event is taken over, or named.
	for (const r of db.prepare('SELECT s.id, s.version, s.json, s.src, m.json AS here FROM staging.rulesets s JOIN main.rulesets m ON m.id = s.id AND m.version = s.version').all() as {
		id: string;
		version: number;
		json: string;
		src: string;
		here: string;
	}[])
		if (r.json !== r.here && canonicalJson(JSON.parse(r.json)) !== canonicalJson(JSON.parse(r.here)))
			error(409, `${r.src}: ruleset ${r.id} version ${r.version} is already on this server with other content (a ruleset version never changes)`);
	// Competition, heat, entry, judge event, heat start, draw and merge IDs (and devices' numbers) are
	// the event's own (migrations 9 and 19): the same ID in another event is another item, neither a
	// conflict nor a sign of it. Devices' and table cards' IDs and secrets are the server's: unique.
	refuse(409, first('SELECT id, src FROM staging.devices s WHERE EXISTS (SELECT 1 FROM main.device_tokens m WHERE m.id = s.id) LIMIT 1'),
		(p) => `device ${p.id} is already on this server, in another event`);
	refuse(409, first('SELECT id, src FROM staging.devices s WHERE EXISTS (SELECT 1 FROM main.device_tokens m WHERE m.token_hash = s.token_hash) LIMIT 1'),
		(p) => `device ${p.id}: its token is already on this server, in another event`);
	refuse(409, first('SELECT id, src FROM staging.table_cards s WHERE EXISTS (SELECT 1 FROM main.table_cards m WHERE m.id = s.id OR m.secret_hash = s.secret_hash) LIMIT 1'),
		(p) => `table card ${p.id} is already on this server, in another event`);

	// Written, parents first.
	const e = header.event;
	db.prepare('INSERT INTO main.events (id, name, date, venue, language, currency) VALUES (?, ?, ?, ?, ?, ?)').run(e.id, e.name, e.date, e.venue ?? null, e.language ?? null, e.currency ?? null);
	const run = (sql: string, params: Record<string, unknown> = {}) => db.prepare(sql).run({ e: E, ...params });
	run('INSERT OR IGNORE INTO main.rulesets (id, version, json) SELECT id, version, json FROM staging.rulesets');
	run(`INSERT INTO main.competitions (id, event_id, name, ruleset_id, ruleset_version, position, origin, advances_to)
		SELECT id, @e, name, ruleset_id, ruleset_version, position, origin, advances_to FROM staging.competitions ORDER BY position`);
	run('INSERT INTO main.heats (event_id, id, competition_id, name, position) SELECT @e, id, competition_id, name, position FROM staging.heats ORDER BY rowid');
	run(`INSERT INTO main.entries (event_id, id, competition_id, heat_id, name, members, table_label, seat, position)
		SELECT @e, id, competition_id, heat_id, name, members, table_label, seat, position FROM staging.entries ORDER BY rowid`);
	run(`INSERT INTO main.device_tokens (id, event_id, role, label, token_hash, created_at, revoked_at, last_seen_at, clock_offset_ms, clock_rtt_ms, clock_measured_at)
		SELECT id, @e, role, label, token_hash, created_at, revoked_at, last_seen_at, clock_offset_ms, clock_rtt_ms, clock_measured_at FROM staging.devices ORDER BY rowid`);
	run('INSERT INTO main.token_devices (token_id, device_id) SELECT token_id, device_id FROM staging.device_logs');

	const numbering = keepsNumbers(store, 'judge_events', 'server_seq') ? 'kept' : 'renumbered';
	const base = (db.prepare('SELECT coalesce(max(server_seq), 0) FROM main.judge_events').pluck().get() as number) ?? 0;
	try {
		run(
			`INSERT INTO main.judge_events (server_seq, id, event_id, competition_id, heat_id, entry_id, device_id, seq, at, json, token_id, received_at)
			 SELECT ${numbering === 'kept' ? 'server_seq' : '@base + ord'}, id, @e, competition_id, heat_id, entry_id, device_id, seq, at, json, token_id, coalesce(received_at, @exportedAt)
			 FROM staging.judge_events ORDER BY ord`,
			{ base, exportedAt: header.exportedAt }
		);
	} catch (err) {
		// Unique per event, and the event is new here: only the backup itself can repeat an ID or a number.
		if (isUniqueViolation(err)) error(400, `the backup holds a judge event ID, or a device's number, twice: ${err instanceof Error ? err.message : String(err)}; nothing was restored`);
		throw err;
	}
	const startsKept = keepsNumbers(store, 'heat_starts', 'seq');
	const startBase = (db.prepare('SELECT coalesce(max(seq), 0) FROM main.heat_starts').pluck().get() as number) ?? 0;
	run(
		`INSERT INTO main.heat_starts (seq, id, event_id, competition_id, heat_id, server_at, token_id, created_at)
		 SELECT ${startsKept ? 'seq' : '@base + ord'}, id, @e, competition_id, heat_id, server_at, token_id, created_at FROM staging.heat_starts ORDER BY ord`,
		{ base: startBase }
	);
	run(`INSERT INTO main.publications (event_id, competition_id, version, state, published_at, protest_until, finalized_at, snapshot, note)
		SELECT @e, competition_id, version, state, published_at, protest_until, finalized_at, snapshot, note FROM staging.publications ORDER BY competition_id, version`);

	// The register: people and registrations are the event's own (keyed by it); changes keep their numbers when free here.
	run('INSERT INTO main.people (event_id, id, version, json) SELECT @e, id, version, json FROM staging.people ORDER BY ord');
	run(`INSERT INTO main.registrations (event_id, id, competition_id, status, registered_at, version, json)
		SELECT @e, id, competition_id, status, registered_at, version, json FROM staging.registrations ORDER BY ord`);
	const changesKept = !db.prepare('SELECT 1 FROM staging.registration_changes s WHERE EXISTS (SELECT 1 FROM main.registration_changes m WHERE m.seq = s.seq) LIMIT 1').get();
	const changeBase = db.prepare('SELECT coalesce(max(seq), 0) FROM main.registration_changes').pluck().get() as number;
	run(
		`INSERT INTO main.registration_changes (seq, event_id, person_id, registration_id, json)
		 SELECT ${changesKept ? 'seq' : '@base + ord'}, @e, person_id, registration_id, json FROM staging.registration_changes ORDER BY ord`,
		{ base: changeBase }
	);
	// The history of the ruleset versions: its numbers kept when free here, like the register's changes.
	const rulesetChangesKept = !db.prepare('SELECT 1 FROM staging.ruleset_changes s WHERE EXISTS (SELECT 1 FROM main.ruleset_changes m WHERE m.seq = s.seq) LIMIT 1').get();
	const rulesetChangeBase = db.prepare('SELECT coalesce(max(seq), 0) FROM main.ruleset_changes').pluck().get() as number;
	run(
		`INSERT INTO main.ruleset_changes (seq, event_id, competition_id, json)
		 SELECT ${rulesetChangesKept ? 'seq' : '@base + ord'}, @e, competition_id, json FROM staging.ruleset_changes ORDER BY ord`,
		{ base: rulesetChangeBase }
	);

	// The draws (CZ-TEAM-DRAW): the event's own, keyed by it.
	run(`INSERT INTO main.draws (event_id, id, competition_id, kind, made_at, json)
		SELECT @e, id, competition_id, kind, made_at, json FROM staging.draws ORDER BY ord`);

	// The table cards, and the heat each of their tokens stays scoped to (a restored card token is never a plain judge token).
	run(`INSERT INTO main.table_cards (id, event_id, competition_id, heat_id, table_label, secret_hash, created_at, expires_at, revoked_at)
		SELECT id, @e, competition_id, heat_id, table_label, secret_hash, created_at, expires_at, revoked_at FROM staging.table_cards ORDER BY ord`);
	run(`INSERT INTO main.card_tokens (token_id, card_id, heat_id)
		SELECT t.value, c.id, c.heat_id FROM staging.table_cards c, json_each(c.token_ids) t ORDER BY c.ord`);

	// Checked as when they were recorded, against the restored set-up (entries added since are read as new).
	for (const m of db.prepare('SELECT json, src FROM staging.merges ORDER BY recorded_at, ord').all() as { json: string; src: string }[]) {
		const merge = JSON.parse(m.json) as CompetitionMerge;
		const problems = problemsOnServer(store, merge, false);
		if (problems.length > 0) error(400, `${m.src}: merge ${merge.id}: ${problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('; ')}`);
		insertMerge(store, merge);
	}

	const count = (table: string) => db.prepare(`SELECT count(*) FROM staging.${table}`).pluck().get() as number;
	return {
		counts: {
			ruleset: count('rulesets'),
			competition: count('competitions'),
			heat: count('heats'),
			entry: count('entries'),
			device: count('devices'),
			judgeEvent: count('judge_events'),
			heatStart: count('heat_starts'),
			publication: count('publications'),
			merge: count('merges'),
			person: count('people'),
			registration: count('registrations'),
			registrationChange: count('registration_changes'),
			rulesetChange: count('ruleset_changes'),
			draw: count('draws'),
			tableCard: count('table_cards')
		},
		numbering,
		replacedDemo
	};
}

/** Whether every staged row has a number and none of them is in use here. */
function keepsNumbers(store: Store, table: 'judge_events' | 'heat_starts', column: 'server_seq' | 'seq'): boolean {
	const db = store.db;
	if (db.prepare(`SELECT 1 FROM staging.${table} WHERE ${column} IS NULL LIMIT 1`).get()) return false;
	return !db.prepare(`SELECT 1 FROM staging.${table} s WHERE EXISTS (SELECT 1 FROM main.${table} m WHERE m.${column} = s.${column}) LIMIT 1`).get();
}

function isUniqueViolation(e: unknown): boolean {
	return e instanceof Error && 'code' in e && typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT');
}
