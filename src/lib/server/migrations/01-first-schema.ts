/**
 * Migration 1. The first schema: events, rulesets (a version immutable once stored, CZ-GEN-CHANGES),
 * competitions, heats, entries, and the judge-event log as received (no foreign keys: nothing a
 * judge recorded is lost; server_seq numbers events in arrival order for pull cursors).
 */
export default `
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
	`;
