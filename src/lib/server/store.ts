import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RulesetSchema, type Ruleset } from '$lib/rules/schema';
import {
	CompetitionSchema,
	EntrySchema,
	EventSchema,
	HeatSchema,
	type Competition,
	type CompetitionEvent,
	type Entry,
	type Heat
} from '$lib/setup/schema';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import { canonicalJson } from '$lib/events/order';
import type { PushResponse } from '$lib/sync/contract';
import { judgeEventRowOf, type JudgeEventRow } from './judge-event-row';
import { PLAIN_TEXT_MIGRATION } from './plain-text-migration';
import { isRedactionOf } from '$lib/events/erasure';

/**
 * The server's store: one SQLite file per data directory, holding the set-up (events,
 * rulesets, competitions, heats, entries) and the judge-event log that devices sync to.
 *
 * Durability first: WAL with `synchronous = FULL`, so a committed judge event survives a power
 * cut. Set-up rows are validated with the zod schemas on the way in and on the way out.
 */

export const DB_FILE = 'puzzle-judge.sqlite';

/**
 * Schema migrations, applied in order. `PRAGMA user_version` holds how many have run; each
 * runs in its own transaction together with the bump. Only ever append to this list.
 */
export const MIGRATIONS: readonly string[] = [
	`
	CREATE TABLE events (
		id    TEXT PRIMARY KEY,
		name  TEXT NOT NULL,
		date  TEXT NOT NULL,
		venue TEXT
	);
	-- A ruleset version is immutable once stored (CZ-GEN-CHANGES): a change is a new version.
	CREATE TABLE rulesets (
		id      TEXT NOT NULL,
		version INTEGER NOT NULL,
		json    TEXT NOT NULL,
		PRIMARY KEY (id, version)
	);
	CREATE TABLE competitions (
		id              TEXT PRIMARY KEY,
		event_id        TEXT NOT NULL REFERENCES events (id),
		name            TEXT NOT NULL,
		ruleset_id      TEXT NOT NULL,
		ruleset_version INTEGER NOT NULL,
		position        INTEGER NOT NULL,
		FOREIGN KEY (ruleset_id, ruleset_version) REFERENCES rulesets (id, version)
	);
	CREATE INDEX competitions_event ON competitions (event_id, position);
	CREATE TABLE heats (
		id             TEXT PRIMARY KEY,
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		name           TEXT NOT NULL,
		position       INTEGER NOT NULL
	);
	CREATE INDEX heats_competition ON heats (competition_id, position);
	CREATE TABLE entries (
		id             TEXT PRIMARY KEY,
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		heat_id        TEXT NOT NULL REFERENCES heats (id),
		name           TEXT NOT NULL,
		members        TEXT NOT NULL, -- JSON array of members
		table_label    TEXT,
		seat           TEXT,
		position       INTEGER NOT NULL
	);
	CREATE INDEX entries_competition ON entries (competition_id, position);
	-- The judge-event log as received. No foreign keys: a device's log is stored even if it
	-- names set-up this server does not know, so that nothing a judge recorded is lost.
	-- server_seq numbers events in arrival order (1, 2, 3 …) for pull cursors.
	CREATE TABLE judge_events (
		id             TEXT PRIMARY KEY,
		competition_id TEXT NOT NULL,
		heat_id        TEXT,
		entry_id       TEXT,
		device_id      TEXT NOT NULL,
		seq            INTEGER NOT NULL,
		at             INTEGER NOT NULL,
		json           TEXT NOT NULL,
		server_seq     INTEGER NOT NULL UNIQUE
	);
	CREATE UNIQUE INDEX judge_events_device_seq ON judge_events (device_id, seq);
	CREATE INDEX judge_events_competition ON judge_events (competition_id, server_seq);
	`,
	`
	-- Devices' access to one event in one role (src/lib/server/tokens.ts). Only a hash of each
	-- secret is kept; a revoked token stays listed, with when it was revoked.
	CREATE TABLE device_tokens (
		id         TEXT PRIMARY KEY,
		event_id   TEXT NOT NULL REFERENCES events (id),
		role       TEXT NOT NULL CHECK (role IN ('organizer', 'judge', 'display')),
		label      TEXT NOT NULL,
		token_hash TEXT NOT NULL UNIQUE,
		created_at INTEGER NOT NULL,
		revoked_at INTEGER
	);
	CREATE INDEX device_tokens_event ON device_tokens (event_id, created_at);
	`,
	`
	-- Which event each judge event was pushed to (the pushing token's), by whom and when, so
	-- that events of a competition the server does not know are kept under their event.
	ALTER TABLE judge_events ADD COLUMN event_id TEXT;
	ALTER TABLE judge_events ADD COLUMN token_id TEXT;
	ALTER TABLE judge_events ADD COLUMN received_at INTEGER;
	UPDATE judge_events SET event_id = (SELECT c.event_id FROM competitions c WHERE c.id = judge_events.competition_id);
	CREATE INDEX judge_events_event ON judge_events (event_id, server_seq);
	-- What the organizer sees of each device: when it was last heard and its clock offset.
	ALTER TABLE device_tokens ADD COLUMN last_seen_at INTEGER;
	ALTER TABLE device_tokens ADD COLUMN clock_offset_ms REAL;
	ALTER TABLE device_tokens ADD COLUMN clock_rtt_ms REAL;
	ALTER TABLE device_tokens ADD COLUMN clock_measured_at INTEGER;
	-- The judge devices (event-log device IDs) that pushed with each token.
	CREATE TABLE token_devices (
		token_id  TEXT NOT NULL REFERENCES device_tokens (id),
		device_id TEXT NOT NULL,
		PRIMARY KEY (token_id, device_id)
	) WITHOUT ROWID;
	-- Short pairing codes: one use each, short-lived, stored hashed.
	CREATE TABLE pairing_codes (
		code_hash  TEXT PRIMARY KEY,
		token_id   TEXT NOT NULL REFERENCES device_tokens (id),
		expires_at INTEGER NOT NULL,
		used_at    INTEGER
	);
	-- Competitions a judge set up on a tablet arrive with their events ('device'), beside the
	-- organizer's ('organizer').
	ALTER TABLE competitions ADD COLUMN origin TEXT NOT NULL DEFAULT 'organizer';
	`,
	`
	-- Heats the organizer started on every tablet at once (src/lib/server/heat-starts.ts): the
	-- moment on the server's clock; each tablet records its own start at that moment.
	CREATE TABLE heat_starts (
		seq            INTEGER PRIMARY KEY AUTOINCREMENT,
		id             TEXT NOT NULL UNIQUE,
		event_id       TEXT NOT NULL REFERENCES events (id),
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		heat_id        TEXT NOT NULL REFERENCES heats (id),
		server_at      INTEGER NOT NULL,
		token_id       TEXT NOT NULL,
		created_at     INTEGER NOT NULL
	);
	CREATE INDEX heat_starts_event ON heat_starts (event_id, seq);
	`,
	`
	-- The judge-event log rebuilt with the server sequence as its row ID: rows lie in pull order,
	-- and an insert updates three indexes instead of five (bench/README.md, sync benchmark).
	CREATE TABLE judge_events_new (
		server_seq     INTEGER PRIMARY KEY,
		id             TEXT NOT NULL UNIQUE,
		event_id       TEXT,
		competition_id TEXT NOT NULL,
		heat_id        TEXT,
		entry_id       TEXT,
		device_id      TEXT NOT NULL,
		seq            INTEGER NOT NULL,
		at             INTEGER NOT NULL,
		json           TEXT NOT NULL,
		token_id       TEXT,
		received_at    INTEGER
	);
	INSERT INTO judge_events_new (server_seq, id, event_id, competition_id, heat_id, entry_id, device_id, seq, at, json, token_id, received_at)
		SELECT server_seq, id, event_id, competition_id, heat_id, entry_id, device_id, seq, at, json, token_id, received_at FROM judge_events;
	DROP TABLE judge_events;
	ALTER TABLE judge_events_new RENAME TO judge_events;
	CREATE UNIQUE INDEX judge_events_device_seq ON judge_events (device_id, seq);
	CREATE INDEX judge_events_event ON judge_events (event_id);
	`,
	`
	-- Published results (src/lib/server/publications.ts): each publication of a competition is a
	-- new version (1, 2, 3 …) and none is ever replaced, so what the public saw stays reachable.
	-- snapshot holds the standings as the shared scorer computed them at publishing (JSON).
	CREATE TABLE publications (
		event_id       TEXT NOT NULL REFERENCES events (id),
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		version        INTEGER NOT NULL CHECK (version >= 1),
		state          TEXT NOT NULL CHECK (state IN ('published', 'final')),
		published_at   INTEGER NOT NULL,
		protest_until  INTEGER,
		finalized_at   INTEGER,
		snapshot       TEXT NOT NULL,
		note           TEXT,
		PRIMARY KEY (competition_id, version)
	);
	CREATE INDEX publications_event ON publications (event_id, competition_id, version);
	`,
	// 7 (rounds): a qualifying competition's final and advancement rule (Competition.advancesTo), as JSON.
	`
	ALTER TABLE competitions ADD COLUMN advances_to TEXT;
	`,
	// 8 (merged competitions): src/lib/server/competition-merges.ts.
	`
	-- A competition set up on a tablet folded by the organizer into another of the same event
	-- (CompetitionMergeSchema, as JSON). Recorded once, never changed; no judge event is rewritten:
	-- the merge is applied when the event's data is scored. A competition is folded at most once.
	CREATE TABLE competition_merges (
		id                    TEXT PRIMARY KEY,
		event_id              TEXT NOT NULL REFERENCES events (id),
		kept_competition_id   TEXT NOT NULL REFERENCES competitions (id),
		folded_competition_id TEXT NOT NULL UNIQUE REFERENCES competitions (id),
		json                  TEXT NOT NULL,
		recorded_at           INTEGER NOT NULL
	);
	CREATE INDEX competition_merges_event ON competition_merges (event_id, recorded_at);
	`,
	// 9 (events isolated from each other): docs/sync.md, "Events apart, devices bound".
	`
	-- Judge events are unique per event: an event ID, or a device's sequence number, stored in one
	-- event neither collides with nor reveals one of another event. Rows of no known event (kept
	-- from before migration 3, of a competition the server did not know) get the event ''.
	CREATE TABLE judge_events_new (
		server_seq     INTEGER PRIMARY KEY,
		id             TEXT NOT NULL,
		event_id       TEXT NOT NULL,
		competition_id TEXT NOT NULL,
		heat_id        TEXT,
		entry_id       TEXT,
		device_id      TEXT NOT NULL,
		seq            INTEGER NOT NULL,
		at             INTEGER NOT NULL,
		json           TEXT NOT NULL,
		token_id       TEXT,
		received_at    INTEGER
	);
	INSERT INTO judge_events_new (server_seq, id, event_id, competition_id, heat_id, entry_id, device_id, seq, at, json, token_id, received_at)
		SELECT server_seq, id, coalesce(event_id, ''), competition_id, heat_id, entry_id, device_id, seq, at, json, token_id, received_at FROM judge_events;
	DROP TABLE judge_events;
	ALTER TABLE judge_events_new RENAME TO judge_events;
	CREATE UNIQUE INDEX judge_events_event_id ON judge_events (event_id, id);
	CREATE UNIQUE INDEX judge_events_device_seq ON judge_events (event_id, device_id, seq);
	-- The pull's index: (event_id, server_seq), the row ID being the server sequence.
	CREATE INDEX judge_events_event ON judge_events (event_id);

	-- Heat starts: their IDs are unique per event too. The sequence (AUTOINCREMENT) carries on.
	CREATE TABLE heat_starts_new (
		seq            INTEGER PRIMARY KEY AUTOINCREMENT,
		id             TEXT NOT NULL,
		event_id       TEXT NOT NULL REFERENCES events (id),
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		heat_id        TEXT NOT NULL REFERENCES heats (id),
		server_at      INTEGER NOT NULL,
		token_id       TEXT NOT NULL,
		created_at     INTEGER NOT NULL,
		UNIQUE (event_id, id)
	);
	INSERT INTO heat_starts_new (seq, id, event_id, competition_id, heat_id, server_at, token_id, created_at)
		SELECT seq, id, event_id, competition_id, heat_id, server_at, token_id, created_at FROM heat_starts;
	DELETE FROM sqlite_sequence WHERE name = 'heat_starts_new';
	INSERT INTO sqlite_sequence (name, seq) SELECT 'heat_starts_new', seq FROM sqlite_sequence WHERE name = 'heat_starts';
	DROP TABLE heat_starts;
	ALTER TABLE heat_starts_new RENAME TO heat_starts;
	CREATE INDEX heat_starts_event ON heat_starts (event_id, seq);

	-- A device's identity bound to its credential (src/lib/server/device-binding.ts): a judge token
	-- pushes only the events of the devices bound to it, its tablet (bound at pairing, or by its
	-- first push). Rows listed before, the devices that pushed with each token, stay bound; a row
	-- with bound = 0 is history (a token whose code was redeemed by another tablet).
	ALTER TABLE token_devices ADD COLUMN bound INTEGER NOT NULL DEFAULT 1;
	`,
	// 10 (store identity): Store.storeId, for pull cursors (docs/sync.md, Pull).
	`
	-- Facts about this store itself. 'store_id': a random ID made once, when the data directory is
	-- created (or upgraded to this version); never copied by a backup or a restore. Pull answers carry
	-- it, so that a tablet whose cursor came from another store starts over (docs/sync.md, Pull).
	CREATE TABLE store_meta (
		key   TEXT PRIMARY KEY,
		value TEXT NOT NULL
	) WITHOUT ROWID;
	INSERT INTO store_meta (key, value) VALUES ('store_id', lower(hex(randomblob(16))));
	`,
	// 11 (the register): src/lib/registration/schema.ts, src/lib/server/register-store.ts.
	`
	-- An event's language (printed lists, public pages) and the currency of its fees.
	ALTER TABLE events ADD COLUMN language TEXT;
	ALTER TABLE events ADD COLUMN currency TEXT;

	-- The people registered for an event (PersonSchema, as JSON: contact data and dates of birth
	-- included, so this table never leaves the server except to the event's organizer devices).
	-- version: bumped on every change; an edit made from an older version is refused.
	CREATE TABLE people (
		event_id TEXT NOT NULL REFERENCES events (id),
		id       TEXT NOT NULL,
		version  INTEGER NOT NULL,
		json     TEXT NOT NULL,
		PRIMARY KEY (event_id, id)
	);

	-- Registrations of a unit (its people) for a competition (RegistrationSchema, as JSON); the
	-- columns are what lists and the waiting list are read by.
	CREATE TABLE registrations (
		event_id       TEXT NOT NULL REFERENCES events (id),
		id             TEXT NOT NULL,
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		status         TEXT NOT NULL CHECK (status IN ('registered', 'waiting', 'cancelled')),
		registered_at  INTEGER NOT NULL,
		version        INTEGER NOT NULL,
		json           TEXT NOT NULL,
		PRIMARY KEY (event_id, id)
	);
	CREATE INDEX registrations_competition ON registrations (competition_id, status, registered_at);

	-- Every change to the register, never changed or removed (RegistrationChangeSchema, as JSON).
	CREATE TABLE registration_changes (
		seq             INTEGER PRIMARY KEY AUTOINCREMENT,
		event_id        TEXT NOT NULL REFERENCES events (id),
		person_id       TEXT,
		registration_id TEXT,
		json            TEXT NOT NULL
	);
	CREATE INDEX registration_changes_person ON registration_changes (event_id, person_id, seq);
	CREATE INDEX registration_changes_registration ON registration_changes (event_id, registration_id, seq);
	`,
	// 12 (ruleset versions): src/lib/server/event-preparation.ts.
	`
	-- Every change of a competition's ruleset (RulesetChangeSchema, as JSON): the version it left and
	-- the one it moved to, why, who and when (CZ-GEN-CHANGES). Never changed or removed.
	CREATE TABLE ruleset_changes (
		seq            INTEGER PRIMARY KEY AUTOINCREMENT,
		event_id       TEXT NOT NULL REFERENCES events (id),
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		json           TEXT NOT NULL
	);
	CREATE INDEX ruleset_changes_competition ON ruleset_changes (event_id, competition_id, seq);
	`,
	// 13 (the desk role): a device at the door that checks people in (issue 14). SQLite cannot change
	// a CHECK in place, so device_tokens is rebuilt; its two child tables are set aside and put
	// back so that no foreign key is broken on the way (the migration runs with them enforced).
	`
	CREATE TEMP TABLE saved_token_devices AS SELECT token_id, device_id, bound FROM token_devices;
	CREATE TEMP TABLE saved_pairing_codes AS SELECT rowid AS r, code_hash, token_id, expires_at, used_at FROM pairing_codes;
	DELETE FROM token_devices;
	DELETE FROM pairing_codes;
	CREATE TABLE device_tokens_new (
		id                TEXT PRIMARY KEY,
		event_id          TEXT NOT NULL REFERENCES events (id),
		role              TEXT NOT NULL CHECK (role IN ('organizer', 'judge', 'display', 'desk')),
		label             TEXT NOT NULL,
		token_hash        TEXT NOT NULL UNIQUE,
		created_at        INTEGER NOT NULL,
		revoked_at        INTEGER,
		last_seen_at      INTEGER,
		clock_offset_ms   REAL,
		clock_rtt_ms      REAL,
		clock_measured_at INTEGER
	);
	INSERT INTO device_tokens_new (rowid, id, event_id, role, label, token_hash, created_at, revoked_at, last_seen_at, clock_offset_ms, clock_rtt_ms, clock_measured_at)
		SELECT rowid, id, event_id, role, label, token_hash, created_at, revoked_at, last_seen_at, clock_offset_ms, clock_rtt_ms, clock_measured_at FROM device_tokens;
	DROP TABLE device_tokens;
	ALTER TABLE device_tokens_new RENAME TO device_tokens;
	CREATE INDEX device_tokens_event ON device_tokens (event_id, created_at);
	INSERT INTO token_devices (token_id, device_id, bound) SELECT token_id, device_id, bound FROM saved_token_devices;
	INSERT INTO pairing_codes (rowid, code_hash, token_id, expires_at, used_at) SELECT r, code_hash, token_id, expires_at, used_at FROM saved_pairing_codes;
	DROP TABLE saved_token_devices;
	DROP TABLE saved_pairing_codes;
	`,
	// 14 (draws): src/lib/server/draws.ts (issue 15).
	`
	-- The draws of an event (DrawRecordSchema, as JSON: seed, sorted input, result, who, when, the
	-- reason of a redraw). Never removed: a redraw marks the earlier one superseded.
	CREATE TABLE draws (
		event_id       TEXT NOT NULL REFERENCES events (id),
		id             TEXT NOT NULL,
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		kind           TEXT NOT NULL CHECK (kind IN ('teams', 'turns')),
		made_at        INTEGER NOT NULL,
		json           TEXT NOT NULL,
		PRIMARY KEY (event_id, id)
	);
	CREATE INDEX draws_competition ON draws (event_id, competition_id, made_at);
	`,
	// 15 (table cards): src/lib/server/table-cards.ts. A card on a table pairs any blank tablet as a
	// judge of that table's heat: its secret (hashed) is exchanged for a judge token of its own,
	// which card_tokens scopes to the card's heat (pushes of other heats are refused).
	`
	CREATE TABLE table_cards (
		id             TEXT PRIMARY KEY,
		event_id       TEXT NOT NULL,
		competition_id TEXT NOT NULL,
		heat_id        TEXT NOT NULL,
		table_label    TEXT NOT NULL,
		secret_hash    TEXT NOT NULL UNIQUE,
		created_at     INTEGER NOT NULL,
		expires_at     INTEGER NOT NULL,
		revoked_at     INTEGER
	);
	CREATE INDEX table_cards_event ON table_cards (event_id, heat_id, table_label);
	CREATE TABLE card_tokens (
		token_id TEXT PRIMARY KEY,
		card_id  TEXT NOT NULL,
		heat_id  TEXT NOT NULL
	);
	`,
	// 16 (display mode): src/lib/server/devices.ts (noteDisplayMode). How each device last said it
	// runs the app (an installed app or a browser tab) and when: shown on the organizer's device
	// list. Not part of a backup (the tablet says it again at its next sync).
	`
	ALTER TABLE device_tokens ADD COLUMN display_mode TEXT CHECK (display_mode IN ('standalone', 'browser'));
	ALTER TABLE device_tokens ADD COLUMN display_mode_at INTEGER;
	`,
	// 17 (scoped pulls): a judge tablet pulls its own competitions' events (judgeEventPageBytes
	// with a scope), in arrival order: (event_id, competition_id, server_seq), the row ID being
	// the server sequence.
	`
	CREATE INDEX judge_events_scope ON judge_events (event_id, competition_id);
	`,
	// 18 (plain-text names, issue 29 #8): names and labels stored before they were checked lose the
	// characters a name refuses, so that reading them back through the schemas works.
	PLAIN_TEXT_MIGRATION,
	// 19 (IDs per event, issue 29 #10): competitions, heats and entries are keyed by (event_id, id), as
	// judge events, people, registrations and draws are; so are merges. An ID stored in another event
	// is simply another competition (docs/sync.md, "Events apart, devices bound"): no conflict, no
	// oracle. Rows keep their row IDs (lists are ordered by position, rowid) and the AUTOINCREMENT
	// counters carry on. The migration runs with foreign keys enforced: new tables are filled, the old
	// ones dropped children first, then the new ones renamed parents first (a rename rewrites the
	// references to it).
	`
	-- competitions, heats and entries are keyed by (event_id, id), as people, registrations and draws are
	CREATE TABLE competitions_new (
		event_id        TEXT NOT NULL REFERENCES events (id),
		id              TEXT NOT NULL,
		name            TEXT NOT NULL,
		ruleset_id      TEXT NOT NULL,
		ruleset_version INTEGER NOT NULL,
		position        INTEGER NOT NULL,
		origin          TEXT NOT NULL DEFAULT 'organizer',
		advances_to     TEXT,
		PRIMARY KEY (event_id, id),
		FOREIGN KEY (ruleset_id, ruleset_version) REFERENCES rulesets (id, version)
	);
	INSERT INTO competitions_new (rowid, event_id, id, name, ruleset_id, ruleset_version, position, origin, advances_to)
		SELECT rowid, event_id, id, name, ruleset_id, ruleset_version, position, origin, advances_to FROM competitions;
	CREATE TABLE heats_new (
		event_id       TEXT NOT NULL,
		id             TEXT NOT NULL,
		competition_id TEXT NOT NULL,
		name           TEXT NOT NULL,
		position       INTEGER NOT NULL,
		PRIMARY KEY (event_id, id),
		FOREIGN KEY (event_id, competition_id) REFERENCES competitions_new (event_id, id)
	);
	INSERT INTO heats_new (rowid, event_id, id, competition_id, name, position)
		SELECT rowid, (SELECT c.event_id FROM competitions c WHERE c.id = h.competition_id), id, competition_id, name, position FROM heats h;
	CREATE TABLE entries_new (
		event_id       TEXT NOT NULL,
		id             TEXT NOT NULL,
		competition_id TEXT NOT NULL,
		heat_id        TEXT NOT NULL,
		name           TEXT NOT NULL,
		members        TEXT NOT NULL,
		table_label    TEXT,
		seat           TEXT,
		position       INTEGER NOT NULL,
		PRIMARY KEY (event_id, id),
		FOREIGN KEY (event_id, competition_id) REFERENCES competitions_new (event_id, id),
		FOREIGN KEY (event_id, heat_id) REFERENCES heats_new (event_id, id)
	);
	INSERT INTO entries_new (rowid, event_id, id, competition_id, heat_id, name, members, table_label, seat, position)
		SELECT rowid, (SELECT c.event_id FROM competitions c WHERE c.id = e.competition_id), id, competition_id, heat_id, name, members, table_label, seat, position FROM entries e;
	CREATE TABLE heat_starts_new (
		seq            INTEGER PRIMARY KEY AUTOINCREMENT,
		id             TEXT NOT NULL,
		event_id       TEXT NOT NULL REFERENCES events (id),
		competition_id TEXT NOT NULL,
		heat_id        TEXT NOT NULL,
		server_at      INTEGER NOT NULL,
		token_id       TEXT NOT NULL,
		created_at     INTEGER NOT NULL,
		UNIQUE (event_id, id),
		FOREIGN KEY (event_id, competition_id) REFERENCES competitions_new (event_id, id),
		FOREIGN KEY (event_id, heat_id) REFERENCES heats_new (event_id, id)
	);
	INSERT INTO heat_starts_new (seq, id, event_id, competition_id, heat_id, server_at, token_id, created_at)
		SELECT seq, id, event_id, competition_id, heat_id, server_at, token_id, created_at FROM heat_starts;
	DELETE FROM sqlite_sequence WHERE name = 'heat_starts_new';
	INSERT INTO sqlite_sequence (name, seq) SELECT 'heat_starts_new', seq FROM sqlite_sequence WHERE name = 'heat_starts';
	CREATE TABLE publications_new (
		event_id       TEXT NOT NULL REFERENCES events (id),
		competition_id TEXT NOT NULL,
		version        INTEGER NOT NULL CHECK (version >= 1),
		state          TEXT NOT NULL CHECK (state IN ('published', 'final')),
		published_at   INTEGER NOT NULL,
		protest_until  INTEGER,
		finalized_at   INTEGER,
		snapshot       TEXT NOT NULL,
		note           TEXT,
		PRIMARY KEY (event_id, competition_id, version),
		FOREIGN KEY (event_id, competition_id) REFERENCES competitions_new (event_id, id)
	);
	INSERT INTO publications_new SELECT event_id, competition_id, version, state, published_at, protest_until, finalized_at, snapshot, note FROM publications ORDER BY rowid;
	CREATE TABLE competition_merges_new (
		event_id              TEXT NOT NULL REFERENCES events (id),
		id                    TEXT NOT NULL,
		kept_competition_id   TEXT NOT NULL,
		folded_competition_id TEXT NOT NULL,
		json                  TEXT NOT NULL,
		recorded_at           INTEGER NOT NULL,
		PRIMARY KEY (event_id, id),
		UNIQUE (event_id, folded_competition_id),
		FOREIGN KEY (event_id, kept_competition_id) REFERENCES competitions_new (event_id, id),
		FOREIGN KEY (event_id, folded_competition_id) REFERENCES competitions_new (event_id, id)
	);
	INSERT INTO competition_merges_new (rowid, event_id, id, kept_competition_id, folded_competition_id, json, recorded_at)
		SELECT rowid, event_id, id, kept_competition_id, folded_competition_id, json, recorded_at FROM competition_merges;
	CREATE TABLE registrations_new (
		event_id       TEXT NOT NULL REFERENCES events (id),
		id             TEXT NOT NULL,
		competition_id TEXT NOT NULL,
		status         TEXT NOT NULL CHECK (status IN ('registered', 'waiting', 'cancelled')),
		registered_at  INTEGER NOT NULL,
		version        INTEGER NOT NULL,
		json           TEXT NOT NULL,
		PRIMARY KEY (event_id, id),
		FOREIGN KEY (event_id, competition_id) REFERENCES competitions_new (event_id, id)
	);
	INSERT INTO registrations_new (rowid, event_id, id, competition_id, status, registered_at, version, json)
		SELECT rowid, event_id, id, competition_id, status, registered_at, version, json FROM registrations;
	CREATE TABLE ruleset_changes_new (
		seq            INTEGER PRIMARY KEY AUTOINCREMENT,
		event_id       TEXT NOT NULL REFERENCES events (id),
		competition_id TEXT NOT NULL,
		json           TEXT NOT NULL,
		FOREIGN KEY (event_id, competition_id) REFERENCES competitions_new (event_id, id)
	);
	INSERT INTO ruleset_changes_new (seq, event_id, competition_id, json) SELECT seq, event_id, competition_id, json FROM ruleset_changes;
	DELETE FROM sqlite_sequence WHERE name = 'ruleset_changes_new';
	INSERT INTO sqlite_sequence (name, seq) SELECT 'ruleset_changes_new', seq FROM sqlite_sequence WHERE name = 'ruleset_changes';
	CREATE TABLE draws_new (
		event_id       TEXT NOT NULL REFERENCES events (id),
		id             TEXT NOT NULL,
		competition_id TEXT NOT NULL,
		kind           TEXT NOT NULL CHECK (kind IN ('teams', 'turns')),
		made_at        INTEGER NOT NULL,
		json           TEXT NOT NULL,
		PRIMARY KEY (event_id, id),
		FOREIGN KEY (event_id, competition_id) REFERENCES competitions_new (event_id, id)
	);
	INSERT INTO draws_new (rowid, event_id, id, competition_id, kind, made_at, json)
		SELECT rowid, event_id, id, competition_id, kind, made_at, json FROM draws;
	-- The old tables, children first (with foreign keys enforced, no parent row may lose a child that still points at it).
	DROP TABLE heat_starts;
	DROP TABLE entries;
	DROP TABLE publications;
	DROP TABLE competition_merges;
	DROP TABLE registrations;
	DROP TABLE ruleset_changes;
	DROP TABLE draws;
	DROP TABLE heats;
	DROP TABLE competitions;
	-- Renamed parents first: a rename rewrites the references to it in the other tables.
	ALTER TABLE competitions_new RENAME TO competitions;
	ALTER TABLE heats_new RENAME TO heats;
	ALTER TABLE entries_new RENAME TO entries;
	ALTER TABLE heat_starts_new RENAME TO heat_starts;
	ALTER TABLE publications_new RENAME TO publications;
	ALTER TABLE competition_merges_new RENAME TO competition_merges;
	ALTER TABLE registrations_new RENAME TO registrations;
	ALTER TABLE ruleset_changes_new RENAME TO ruleset_changes;
	ALTER TABLE draws_new RENAME TO draws;
	CREATE INDEX competitions_event ON competitions (event_id, position);
	CREATE INDEX heats_competition ON heats (event_id, competition_id, position);
	CREATE INDEX entries_competition ON entries (event_id, competition_id, position);
	CREATE INDEX entries_heat ON entries (event_id, heat_id);
	CREATE INDEX heat_starts_event ON heat_starts (event_id, seq);
	CREATE INDEX competition_merges_event ON competition_merges (event_id, recorded_at);
	CREATE INDEX registrations_competition ON registrations (event_id, competition_id, status, registered_at);
	CREATE INDEX ruleset_changes_competition ON ruleset_changes (event_id, competition_id, seq);
	CREATE INDEX draws_competition ON draws (event_id, competition_id, made_at);
	`
];

/** A competition with its ruleset and how much is set up under it. */
export interface CompetitionSummary {
	competition: Competition;
	ruleset: Ruleset;
	heats: number;
	entries: number;
}

/** Set-up to insert in one transaction; every part is validated first. */
export interface SetupInput {
	events?: readonly unknown[];
	rulesets?: readonly unknown[];
	competitions?: readonly unknown[];
	heats?: readonly unknown[];
	entries?: readonly unknown[];
	/** Who set up the competitions: the organizer (default) or a judge on a device (quick set-up). */
	origin?: 'organizer' | 'device';
	/** The event of the heats and entries (see insertSetup). */
	eventId?: string;
}

/**
 * Newly stored events with the server sequence they got; IDs already stored with identical
 * content (a re-sent batch: not an error); IDs already stored in the same event with different
 * content, or a device's seq reused there (rejected).
 */
export type AppendResult = Pick<PushResponse, 'stored' | 'duplicates' | 'conflicts'>;

/** Where appended judge events came from: the event they were pushed to, the token, when. */
export interface AppendOrigin {
	/** Always said: a competition ID alone names no event (the same ID may be a competition of several). */
	eventId: string;
	tokenId?: string;
	receivedAt?: number;
}

type EventRow = { id: string; name: string; date: string; venue: string | null; language: string | null; currency: string | null };
type CompetitionRow = { id: string; event_id: string; name: string; ruleset_id: string; ruleset_version: number; advances_to: string | null };
type HeatRow = { id: string; competition_id: string; name: string };
type EntryRow = {
	id: string;
	competition_id: string;
	heat_id: string;
	name: string;
	members: string;
	table_label: string | null;
	seat: string | null;
};

export class Store {
	readonly db: Database.Database;
	/** Absolute path of the SQLite file. */
	readonly file: string;

	private constructor(file: string, readonly = false) {
		this.file = file;
		this.db = new Database(file, { readonly, fileMustExist: readonly });
		if (!readonly) {
			this.db.pragma('journal_mode = WAL');
			this.db.pragma('synchronous = FULL');
			this.db.pragma('foreign_keys = ON');
			// What is deleted or overwritten is zeroed, not left in free space (an erasure: register.ts, issue 29).
			this.db.pragma('secure_delete = ON');
		}
		this.db.pragma('busy_timeout = 5000');
		if (!readonly) this.migrate();
	}

	/**
	 * A second, read-only connection to the same file, for a long read (a backup being sent)
	 * that must neither hold this connection busy nor see writes made meanwhile. Close it after use.
	 */
	openReader(): Store {
		return new Store(this.file, true);
	}

	/** Opens (creating if needed) the store in `dataDir`. */
	static open(dataDir: string): Store {
		const dir = resolve(dataDir);
		mkdirSync(dir, { recursive: true });
		return new Store(join(dir, DB_FILE));
	}

	get userVersion(): number {
		return this.db.pragma('user_version', { simple: true }) as number;
	}

	get journalMode(): string {
		return this.db.pragma('journal_mode', { simple: true }) as string;
	}

	private migrate(): void {
		const current = this.userVersion;
		if (current > MIGRATIONS.length)
			throw new Error(
				`${this.file} has schema version ${current}, newer than this program knows (${MIGRATIONS.length}): upgrade the program`
			);
		for (let v = current; v < MIGRATIONS.length; v++) {
			this.db.transaction(() => {
				this.db.exec(MIGRATIONS[v]!);
				this.db.pragma(`user_version = ${v + 1}`);
			}).immediate();
		}
	}

	/** Runs `fn` in one write transaction (nested calls join the outer one). */
	transaction<T>(fn: () => T): T {
		return this.db.transaction(fn).immediate();
	}

	private cachedStoreId: string | undefined;
	/** This store's identity (migration "store identity"): made with the data directory, never restored from a backup. */
	get storeId(): string {
		return (this.cachedStoreId ??= this.db.prepare("SELECT value FROM store_meta WHERE key = 'store_id'").pluck().get() as string);
	}

	close(): void {
		if (this.db.open) this.db.close();
	}

	// --- events ------------------------------------------------------------------------

	countEvents(): number {
		return (this.db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
	}

	listEvents(): CompetitionEvent[] {
		const rows = this.db.prepare('SELECT id, name, date, venue, language, currency FROM events ORDER BY date, rowid').all() as EventRow[];
		return rows.map(toEvent);
	}

	getEvent(id: string): CompetitionEvent | undefined {
		const row = this.db.prepare('SELECT id, name, date, venue, language, currency FROM events WHERE id = ?').get(id) as EventRow | undefined;
		return row && toEvent(row);
	}

	// --- rulesets ----------------------------------------------------------------------

	getRuleset(id: string, version: number): Ruleset | undefined {
		const row = this.db.prepare('SELECT json FROM rulesets WHERE id = ? AND version = ?').get(id, version) as
			| { json: string }
			| undefined;
		return row && RulesetSchema.parse(JSON.parse(row.json));
	}

	listRulesets(): Ruleset[] {
		const rows = this.db.prepare('SELECT json FROM rulesets ORDER BY id, version').all() as { json: string }[];
		return rows.map((r) => RulesetSchema.parse(JSON.parse(r.json)));
	}

	// --- competitions, heats, entries --------------------------------------------------

	/** The event's competitions in set-up order, each with its ruleset and counts. */
	listCompetitions(eventId: string): CompetitionSummary[] {
		const rows = this.db
			.prepare(
				`SELECT c.id, c.event_id, c.name, c.ruleset_id, c.ruleset_version, c.advances_to, r.json AS ruleset_json,
				        (SELECT count(*) FROM heats h WHERE h.event_id = c.event_id AND h.competition_id = c.id) AS heats,
				        (SELECT count(*) FROM entries e WHERE e.event_id = c.event_id AND e.competition_id = c.id) AS entries
				   FROM competitions c
				   JOIN rulesets r ON r.id = c.ruleset_id AND r.version = c.ruleset_version
				  WHERE c.event_id = ?
				  ORDER BY c.position, c.rowid`
			)
			.all(eventId) as (CompetitionRow & { ruleset_json: string; heats: number; entries: number })[];
		return rows.map((row) => ({
			competition: toCompetition(row),
			ruleset: RulesetSchema.parse(JSON.parse(row.ruleset_json)),
			heats: row.heats,
			entries: row.entries
		}));
	}

	// Competition, heat and entry IDs are unique within an event only (migration 19): each is found by both.

	getCompetition(eventId: string, id: string): Competition | undefined {
		const row = this.db
			.prepare('SELECT id, event_id, name, ruleset_id, ruleset_version, advances_to FROM competitions WHERE event_id = ? AND id = ?')
			.get(eventId, id) as CompetitionRow | undefined;
		return row && toCompetition(row);
	}

	getHeat(eventId: string, id: string): Heat | undefined {
		const r = this.db.prepare('SELECT id, competition_id, name FROM heats WHERE event_id = ? AND id = ?').get(eventId, id) as HeatRow | undefined;
		return r && HeatSchema.parse({ id: r.id, competitionId: r.competition_id, name: r.name });
	}

	getEntry(eventId: string, id: string): Entry | undefined {
		const row = this.db
			.prepare('SELECT id, competition_id, heat_id, name, members, table_label, seat FROM entries WHERE event_id = ? AND id = ?')
			.get(eventId, id) as EntryRow | undefined;
		return row && toEntry(row);
	}

	listHeats(eventId: string, competitionId: string): Heat[] {
		const rows = this.db
			.prepare('SELECT id, competition_id, name FROM heats WHERE event_id = ? AND competition_id = ? ORDER BY position, rowid')
			.all(eventId, competitionId) as HeatRow[];
		return rows.map((r) => HeatSchema.parse({ id: r.id, competitionId: r.competition_id, name: r.name }));
	}

	listEntries(eventId: string, competitionId: string): Entry[] {
		const rows = this.db
			.prepare(
				`SELECT id, competition_id, heat_id, name, members, table_label, seat
				   FROM entries WHERE event_id = ? AND competition_id = ? ORDER BY position, rowid`
			)
			.all(eventId, competitionId) as EntryRow[];
		return rows.map(toEntry);
	}

	/**
	 * Inserts set-up in one transaction, parents before children. Everything is validated
	 * first; a ruleset already stored under the same id and version must be identical.
	 * Heats and entries go to `input.eventId`, or else to the event of their competition among
	 * `input.competitions` (a whole set-up in one call); never to a stored competition's event
	 * found by its ID alone (the same ID may be another event's competition).
	 */
	insertSetup(input: SetupInput): void {
		const events = (input.events ?? []).map((e) => EventSchema.parse(e));
		const rulesets = (input.rulesets ?? []).map((r) => RulesetSchema.parse(r));
		const competitions = (input.competitions ?? []).map((c) => CompetitionSchema.parse(c));
		const heats = (input.heats ?? []).map((h) => HeatSchema.parse(h));
		const entries = (input.entries ?? []).map((e) => EntrySchema.parse(e));

		const insEvent = this.db.prepare('INSERT INTO events (id, name, date, venue, language, currency) VALUES (?, ?, ?, ?, ?, ?)');
		const getRuleset = this.db.prepare('SELECT json FROM rulesets WHERE id = ? AND version = ?');
		const insRuleset = this.db.prepare('INSERT INTO rulesets (id, version, json) VALUES (?, ?, ?)');
		const nextPosition = (table: 'competitions' | 'heats' | 'entries', eventId: string, competitionId?: string) =>
			(
				this.db
					.prepare(`SELECT coalesce(max(position), -1) + 1 AS p FROM ${table} WHERE event_id = ?${competitionId === undefined ? '' : ' AND competition_id = ?'}`)
					.get(eventId, ...(competitionId === undefined ? [] : [competitionId])) as { p: number }
			).p;
		const insCompetition = this.db.prepare(
			'INSERT INTO competitions (id, event_id, name, ruleset_id, ruleset_version, position, origin, advances_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
		);
		const insHeat = this.db.prepare('INSERT INTO heats (event_id, id, competition_id, name, position) VALUES (?, ?, ?, ?, ?)');
		const insEntry = this.db.prepare(
			`INSERT INTO entries (event_id, id, competition_id, heat_id, name, members, table_label, seat, position)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
		);
		const heatCompetition = this.db.prepare('SELECT competition_id FROM heats WHERE event_id = ? AND id = ?');
		const eventOf = (what: string, competitionId: string): string => {
			if (input.eventId !== undefined) return input.eventId;
			const events = new Set(competitions.filter((c) => c.id === competitionId).map((c) => c.eventId));
			if (events.size !== 1) throw new Error(`${what}: say its event (competition ${competitionId} is not one of this set-up's competitions)`);
			return [...events][0]!;
		};

		this.transaction(() => {
			for (const e of events) insEvent.run(e.id, e.name, e.date, e.venue ?? null, e.language ?? null, e.currency ?? null);
			for (const r of rulesets) {
				const json = JSON.stringify(r);
				const existing = getRuleset.get(r.id, r.version) as { json: string } | undefined;
				if (!existing) insRuleset.run(r.id, r.version, json);
				else if (existing.json !== json)
					throw new Error(`ruleset ${r.id} version ${r.version} is already stored with other content: give it a new version`);
			}
			for (const c of competitions)
				insCompetition.run(
					c.id, c.eventId, c.name, c.ruleset.id, c.ruleset.version, nextPosition('competitions', c.eventId), input.origin ?? 'organizer', advancesToColumn(c)
				);
			for (const h of heats) {
				const eventId = eventOf(`heat ${h.id}`, h.competitionId);
				insHeat.run(eventId, h.id, h.competitionId, h.name, nextPosition('heats', eventId, h.competitionId));
			}
			for (const e of entries) {
				const eventId = eventOf(`entry ${e.id}`, e.competitionId);
				const heat = heatCompetition.get(eventId, e.heatId) as { competition_id: string } | undefined;
				if (heat && heat.competition_id !== e.competitionId)
					throw new Error(`entry ${e.id}: heat ${e.heatId} belongs to competition ${heat.competition_id}, not ${e.competitionId}`);
				insEntry.run(
					eventId,
					e.id,
					e.competitionId,
					e.heatId,
					e.name,
					JSON.stringify(e.members),
					e.table ?? null,
					e.seat ?? null,
					nextPosition('entries', eventId, e.competitionId)
				);
			}
		});
	}

	// --- judge events ------------------------------------------------------------------

	/**
	 * Stores judge events idempotently: an event already stored with the same content is a
	 * duplicate (devices re-send after a lost reply); the same ID with other content, or a
	 * device's sequence number reused by another event, is a conflict and is not stored.
	 * All of it within one event: the same ID or number in another event is another event.
	 * `from` says which event they were pushed to and by which token.
	 */
	appendJudgeEvents(events: readonly unknown[], from: AppendOrigin): AppendResult {
		return this.appendValidJudgeEvents(events.map((e) => JudgeEventSchema.parse(e) as JudgeEvent), from);
	}

	/** Prepared statements, kept: a push would otherwise prepare the same few again every time. */
	private readonly statements = new Map<string, Database.Statement>();
	/** The statement of `sql`, prepared once per store (for the queries every push runs). */
	stmt(sql: string): Database.Statement {
		let s = this.statements.get(sql);
		if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
		return s;
	}

	/** appendJudgeEvents for events already validated with JudgeEventSchema (a push validates each on its own). */
	appendValidJudgeEvents(parsed: readonly JudgeEvent[], from: AppendOrigin): AppendResult {
		return this.appendEventRows(parsed.map(judgeEventRowOf), from);
	}

	/** appendJudgeEvents for rows made from validated events (judgeEventRowOf; a push makes them off the main thread). */
	appendEventRows(rows: readonly JudgeEventRow[], from: AppendOrigin): AppendResult {
		// One statement per new event: the insert does nothing when the ID, or the device's number, is taken.
		const insert = this.stmt(
			`INSERT INTO judge_events (id, competition_id, heat_id, entry_id, device_id, seq, at, json, server_seq, event_id, token_id, received_at)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`
		);
		const byId = this.stmt('SELECT json FROM judge_events WHERE event_id = ? AND id = ?');
		const lastSeq = this.stmt('SELECT coalesce(max(server_seq), 0) AS n FROM judge_events');
		const receivedAt = from.receivedAt ?? Date.now();
		const tokenId = from.tokenId ?? null;
		const result: AppendResult = { stored: [], duplicates: [], conflicts: [] };
		this.transaction(() => {
			let serverSeq = (lastSeq.get() as { n: number }).n;
			for (const r of rows) {
				const eventId = from.eventId;
				const inserted = insert.run(r.id, r.competitionId, r.heatId, r.entryId, r.deviceId, r.seq, r.at, r.json, serverSeq + 1, eventId, tokenId, receivedAt);
				if (inserted.changes === 1) {
					serverSeq++;
					result.stored.push({ id: r.id, serverSeq });
					continue;
				}
				// Not inserted: the same event again (a re-sent batch), or a conflict (the ID with other content, or the device's number taken).
				// Rows stored before 3 Dec 2026 hold sorted-key JSON: compared by content when the texts differ.
				const existing = byId.get(eventId, r.id) as { json: string } | undefined;
				// A row redacted by an erasure (erasure-redaction.ts) is the same event as the original a device sends again.
				const same =
					existing !== undefined &&
					(existing.json === r.json || canonicalJson(JSON.parse(existing.json)) === canonicalJson(JSON.parse(r.json)) || isRedactionOf(existing.json, r.json));
				(same ? result.duplicates : result.conflicts).push(r.id);
			}
		});
		return result;
	}

	/** An event's judge events after `cursor`, in arrival order, a page at a time. */
	judgeEventsOfEvent(eventId: string, cursor: number, limit: number): { events: JudgeEvent[]; cursor: number; more: boolean } {
		const page = this.judgeEventPage(eventId, cursor, limit);
		// Stored canonical and validated on the way in: parsed, not re-validated, on the way out.
		return { events: page.json.map((j) => JSON.parse(j) as JudgeEvent), cursor: page.cursor, more: page.more };
	}

	/** The same page as stored JSON texts, for an answer written without parsing each event again. */
	judgeEventPage(eventId: string, cursor: number, limit: number): { json: string[]; cursor: number; more: boolean } {
		const rows = this.stmt('SELECT json, server_seq FROM judge_events WHERE event_id = ? AND server_seq > ? ORDER BY server_seq LIMIT ?').all(
			eventId,
			cursor,
			limit + 1
		) as { json: string; server_seq: number }[];
		const page = rows.slice(0, limit);
		return { json: page.map((r) => r.json), cursor: page.length ? page[page.length - 1]!.server_seq : cursor, more: rows.length > limit };
	}

	/**
	 * The same page as the UTF-8 bytes of the stored texts joined by commas, made by SQLite: a pull
	 * answer needs no string per event in JavaScript, nor decoding and encoding them again. The
	 * events come in the subquery's order (server_seq) as SQLite runs it; the cursor does not depend
	 * on that (max), nor does the scoring (it orders events itself). An ORDER BY inside
	 * group_concat would guarantee it at 3.5 times the cost (1.1 against 0.3 µs an event here).
	 */
	judgeEventPageBytes(eventId: string, cursor: number, limit: number, competitions?: readonly string[]): { joined: Buffer; cursor: number; more: boolean } {
		// A scope (the competitions of a judge tablet): the same rows, filtered, through their index.
		const scope = competitions ? ` AND competition_id IN (${competitions.map(() => '?').join(', ')})` : '';
		const scopeArgs = competitions ?? [];
		const page = this.stmt(
			`SELECT CAST(group_concat(json, ',') AS BLOB) AS joined, max(server_seq) AS last
			 FROM (SELECT json, server_seq FROM judge_events WHERE event_id = ?${scope} AND server_seq > ? ORDER BY server_seq LIMIT ?)`
		).get(eventId, ...scopeArgs, cursor, limit) as { joined: Buffer | null; last: number | null };
		if (page.last === null) return { joined: Buffer.alloc(0), cursor, more: false };
		const more = this.stmt(`SELECT 1 FROM judge_events WHERE event_id = ?${scope} AND server_seq > ? LIMIT 1`).get(eventId, ...scopeArgs, page.last) !== undefined;
		return { joined: page.joined ?? Buffer.alloc(0), cursor: page.last, more };
	}
}

function toEvent(row: EventRow): CompetitionEvent {
	return EventSchema.parse({ id: row.id, name: row.name, date: row.date, venue: row.venue ?? undefined, language: row.language ?? undefined, currency: row.currency ?? undefined });
}

function toCompetition(row: CompetitionRow): Competition {
	return CompetitionSchema.parse({
		id: row.id,
		eventId: row.event_id,
		name: row.name,
		ruleset: { id: row.ruleset_id, version: row.ruleset_version },
		...(row.advances_to ? { advancesTo: JSON.parse(row.advances_to) } : {})
	});
}

/** Competition.advancesTo as stored: JSON, or NULL for a competition that is not a qualifying round. */
export function advancesToColumn(c: Competition): string | null {
	return c.advancesTo ? JSON.stringify(c.advancesTo) : null;
}

function toEntry(row: EntryRow): Entry {
	return EntrySchema.parse({
		id: row.id,
		competitionId: row.competition_id,
		heatId: row.heat_id,
		name: row.name,
		members: JSON.parse(row.members),
		table: row.table_label ?? undefined,
		seat: row.seat ?? undefined
	});
}
