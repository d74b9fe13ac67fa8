/**
 * Migration 5. The judge-event log rebuilt with the server sequence as its row ID: rows lie in pull order, and
 * an insert updates three indexes instead of five (bench/README.md, sync benchmark).
 */
export default `
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
	`;
