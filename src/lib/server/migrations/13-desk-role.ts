/**
 * Migration 13. The desk role: a device at the door that checks people in (issue 14). SQLite cannot change a
 * CHECK in place, so device_tokens is rebuilt; its two child tables are set aside and put back so
 * that no foreign key is broken on the way (the migration runs with them enforced).
 */
export default `
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
	`;
