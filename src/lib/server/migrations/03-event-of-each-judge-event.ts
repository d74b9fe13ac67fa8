/**
 * Migration 3. Which event each judge event was pushed to, by whom and when; what the organizer sees of each
 * device (last heard, clock offset); the judge devices behind each token; short pairing codes;
 * competitions set up on tablets ('device') beside the organizer's.
 */
export default `
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
	`;
