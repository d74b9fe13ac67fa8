/**
 * Migration 4. Heats the organizer started on every tablet at once (src/lib/server/heat-starts.ts).
 */
export default `
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
	`;
