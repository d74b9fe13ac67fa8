import { error } from '@sveltejs/kit';
import type { RestoreHeader } from '../backup-format';
import type { StagedCopy } from './staged-copy';

/**
 * The staged backup written into the store, parents first (restore-commit.ts calls them in this
 * file's order, in one transaction). Every row becomes the restored event's.
 */

/** The event, its rulesets (a version already here is the same: server-conflicts.ts), competitions, heats and entries. */
export function copySetUp(copy: StagedCopy, event: RestoreHeader['event']): void {
	const e = event;
	copy.run('INSERT INTO main.events (id, name, date, venue, language, currency) VALUES (@id, @name, @date, @venue, @language, @currency)', {
		id: e.id, name: e.name, date: e.date, venue: e.venue ?? null, language: e.language ?? null, currency: e.currency ?? null
	});
	copy.run('INSERT OR IGNORE INTO main.rulesets (id, version, json) SELECT id, version, json FROM staging.rulesets');
	copy.run(`INSERT INTO main.competitions (id, event_id, name, ruleset_id, ruleset_version, position, origin, advances_to)
		SELECT id, @e, name, ruleset_id, ruleset_version, position, origin, advances_to FROM staging.competitions ORDER BY position`);
	copy.run('INSERT INTO main.heats (event_id, id, competition_id, name, position) SELECT @e, id, competition_id, name, position FROM staging.heats ORDER BY rowid');
	copy.run(`INSERT INTO main.entries (event_id, id, competition_id, heat_id, name, members, table_label, seat, position)
		SELECT @e, id, competition_id, heat_id, name, members, table_label, seat, position FROM staging.entries ORDER BY rowid`);
}

/** The devices' access (their tokens' hashes) and the judge devices that pushed with each token. */
export function copyDevices(copy: StagedCopy): void {
	copy.run(`INSERT INTO main.device_tokens (id, event_id, role, label, token_hash, created_at, revoked_at, last_seen_at, clock_offset_ms, clock_rtt_ms, clock_measured_at)
		SELECT id, @e, role, label, token_hash, created_at, revoked_at, last_seen_at, clock_offset_ms, clock_rtt_ms, clock_measured_at FROM staging.devices ORDER BY rowid`);
	copy.run('INSERT INTO main.token_devices (token_id, device_id) SELECT token_id, device_id FROM staging.device_logs');
}

/**
 * The judge events, in the backup's order, with their server numbers (pull cursors) when none
 * is in use here, else after the highest; an event without its time of arrival (a version-1
 * file) arrived when the backup was made. 'kept' when the numbers are the backup's.
 */
export function copyJudgeEvents(copy: StagedCopy, exportedAt: number): 'kept' | 'renumbered' {
	try {
		const kept = copy.numbered(
			'judge_events',
			(number) => `INSERT INTO main.judge_events (server_seq, id, event_id, competition_id, heat_id, entry_id, device_id, seq, at, json, token_id, received_at)
			 SELECT ${number}, id, @e, competition_id, heat_id, entry_id, device_id, seq, at, json, token_id, coalesce(received_at, @exportedAt)
			 FROM staging.judge_events ORDER BY ord`,
			{ exportedAt }
		);
		return kept ? 'kept' : 'renumbered';
	} catch (err) {
		// Unique per event, and the event is new here: only the backup itself can repeat an ID or a number.
		if (isUniqueViolation(err)) error(400, `the backup holds a judge event ID, or a device's number, twice: ${err instanceof Error ? err.message : String(err)}; nothing was restored`);
		throw err;
	}
}

/** The heats started on every tablet, numbered as the judge events are. */
export function copyHeatStarts(copy: StagedCopy): void {
	copy.numbered(
		'heat_starts',
		(number) => `INSERT INTO main.heat_starts (seq, id, event_id, competition_id, heat_id, server_at, token_id, created_at)
		 SELECT ${number}, id, @e, competition_id, heat_id, server_at, token_id, created_at FROM staging.heat_starts ORDER BY ord`
	);
}

/** Every published version of the results. */
export function copyPublications(copy: StagedCopy): void {
	copy.run(`INSERT INTO main.publications (event_id, competition_id, version, state, published_at, protest_until, finalized_at, snapshot, note)
		SELECT @e, competition_id, version, state, published_at, protest_until, finalized_at, snapshot, note FROM staging.publications ORDER BY competition_id, version`);
}

/** The register: people and registrations are the event's own (keyed by it); changes keep their numbers when free here. */
export function copyRegister(copy: StagedCopy): void {
	copy.run('INSERT INTO main.people (event_id, id, version, json) SELECT @e, id, version, json FROM staging.people ORDER BY ord');
	copy.run(`INSERT INTO main.registrations (event_id, id, competition_id, status, registered_at, version, json)
		SELECT @e, id, competition_id, status, registered_at, version, json FROM staging.registrations ORDER BY ord`);
	copy.numbered(
		'registration_changes',
		(number) => `INSERT INTO main.registration_changes (seq, event_id, person_id, registration_id, json)
		 SELECT ${number}, @e, person_id, registration_id, json FROM staging.registration_changes ORDER BY ord`
	);
}

/** The history of the ruleset versions: its numbers kept when free here, like the register's changes. */
export function copyRulesetChanges(copy: StagedCopy): void {
	copy.numbered(
		'ruleset_changes',
		(number) => `INSERT INTO main.ruleset_changes (seq, event_id, competition_id, json)
		 SELECT ${number}, @e, competition_id, json FROM staging.ruleset_changes ORDER BY ord`
	);
}

/** The draws (CZ-TEAM-DRAW): the event's own, keyed by it. */
export function copyDraws(copy: StagedCopy): void {
	copy.run(`INSERT INTO main.draws (event_id, id, competition_id, kind, made_at, json)
		SELECT @e, id, competition_id, kind, made_at, json FROM staging.draws ORDER BY ord`);
}

/** The table cards, and the heat each of their tokens stays scoped to (a restored card token is never a plain judge token). */
export function copyTableCards(copy: StagedCopy): void {
	copy.run(`INSERT INTO main.table_cards (id, event_id, competition_id, heat_id, table_label, secret_hash, created_at, expires_at, revoked_at)
		SELECT id, @e, competition_id, heat_id, table_label, secret_hash, created_at, expires_at, revoked_at FROM staging.table_cards ORDER BY ord`);
	copy.run(`INSERT INTO main.card_tokens (token_id, card_id, heat_id)
		SELECT t.value, c.id, c.heat_id FROM staging.table_cards c, json_each(c.token_ids) t ORDER BY c.ord`);
}

/** The protests (issue 33 #3), after the publications and judge events they name. */
export function copyProtests(copy: StagedCopy): void {
	copy.run(`INSERT INTO main.protests (event_id, id, competition_id, entry_ids, raised_by, claim, raised_at, publication_version, photo_hashes, state,
		decided_at, decision_reason, correction_event_ids, answered_by_version, recorded_by, recorded_at)
		SELECT @e, id, competition_id, entry_ids, raised_by, claim, raised_at, publication_version, photo_hashes, state,
		decided_at, decision_reason, correction_event_ids, answered_by_version, recorded_by, recorded_at FROM staging.protests ORDER BY ord`);
}

/** The photos of evidence with their bytes (issue 33), in the order they arrived; and the event's evidence setting, when the backup says one. */
export function copyPhotos(copy: StagedCopy, evidence: RestoreHeader['evidence']): void {
	copy.run(`INSERT INTO main.photos (event_id, hash, competition_id, heat_id, entry_id, puzzle_id, judge_event_id, subject, taken_at, device_id, media_type, bytes, width, height, received_at, data)
		SELECT @e, hash, competition_id, heat_id, entry_id, puzzle_id, judge_event_id, subject, taken_at, device_id, media_type, bytes, width, height, received_at, data FROM staging.photos ORDER BY ord`);
	if (evidence)
		copy.run('INSERT INTO main.evidence_settings (event_id, retention_days, erased_at) VALUES (@e, @retentionDays, @erasedAt)', { retentionDays: evidence.retentionDays, erasedAt: evidence.erasedAt });
}

function isUniqueViolation(e: unknown): boolean {
	return e instanceof Error && 'code' in e && typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT');
}
