/**
 * Migration 2. Devices' access to one event in one role (src/lib/server/tokens.ts): only a hash of each secret
 * kept; a revoked token stays listed.
 */
export default `
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
	`;
