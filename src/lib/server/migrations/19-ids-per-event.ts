/**
 * Migration 19. IDs per event, issue 29 #10: competitions, heats and entries are keyed by (event_id, id), as
 * judge events, people, registrations and draws are; so are merges. An ID stored in another event
 * is simply another competition (docs/sync.md, "Events apart, devices bound"): no conflict, no
 * oracle. Rows keep their row IDs (lists are ordered by position, rowid) and the AUTOINCREMENT
 * counters carry on. The migration runs with foreign keys enforced: new tables are filled, the old
 * ones dropped children first, then the new ones renamed parents first (a rename rewrites the
 * references to it).
 */
export default `
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
	`;
