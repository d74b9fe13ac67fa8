/**
 * Migration 22. Photos of evidence (issue 33, src/lib/server/photos.ts): a judge's photo of an unfinished
 * puzzle's tally or of a confirmed check with missing pieces, kept with its bytes in the store. SQLite is
 * the one store the server has (one file to back up, one transaction with the rest); a photo is at most
 * MAX_PHOTO_BYTES (1 MiB, about 300 KB in practice), well within what SQLite serves as a BLOB as fast as
 * a file. The content hash is the key within the event: a second upload of the same bytes is found, not
 * stored again. An index by entry lists an entry's photos for the organizer and, holding each photo's
 * size, counts the event's without reading the rows (each row's first page holds the start of its bytes).
 *
 * The evidence setting lives in a table of its own, not in columns of `events`: an event row is its
 * set-up (EventSchema, carried by a backup's header and by tablets' files), the retention is the
 * organizer's decision about personal data, and an event without a row has the defaults (kept
 * DEFAULT_EVIDENCE_RETENTION_DAYS after the final lock, never erased): nothing to fill in for the
 * events already stored.
 */
export default `
	-- The entry is named as a judge event names it, without a foreign key: an entry a redraw removes keeps its evidence.
	CREATE TABLE photos (
		event_id       TEXT NOT NULL REFERENCES events (id),
		hash           TEXT NOT NULL,
		competition_id TEXT NOT NULL,
		heat_id        TEXT NOT NULL,
		entry_id       TEXT NOT NULL,
		puzzle_id      TEXT,
		judge_event_id TEXT,
		subject        TEXT NOT NULL CHECK (subject IN ('tally', 'check')),
		taken_at       INTEGER NOT NULL,
		device_id      TEXT NOT NULL,
		media_type     TEXT NOT NULL CHECK (media_type IN ('image/jpeg', 'image/webp')),
		bytes          INTEGER NOT NULL,
		width          INTEGER NOT NULL,
		height         INTEGER NOT NULL,
		received_at    INTEGER NOT NULL,
		data           BLOB NOT NULL,
		PRIMARY KEY (event_id, hash)
	);
	-- An entry's photos; with their sizes, so that counting an event's photos reads this index, not a page of each photo.
	CREATE INDEX photos_by_entry ON photos (event_id, entry_id, taken_at, bytes);
	-- An event's evidence setting (src/lib/server/evidence.ts): no row, the defaults.
	CREATE TABLE evidence_settings (
		event_id       TEXT PRIMARY KEY REFERENCES events (id),
		retention_days INTEGER NOT NULL,
		erased_at      INTEGER
	);
	`;
