/**
 * Migration 9. Events isolated from each other: docs/sync.md, "Events apart, devices bound".
 */
export default `
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
	`;
