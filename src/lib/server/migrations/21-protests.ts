/**
 * Migration 21. Protests on the record (issue 33 #3, src/lib/server/protests.ts): the rulebooks give a
 * protest window after publication, but until now nothing recorded a protest or its decision. Each row
 * is one protest about entries of a competition, against the version published when it was handed in;
 * its decision (upheld or rejected, with reasons), the correction events that carry an upheld one, and
 * the published version that answered it. In backups (kind 'protest'): a protest is part of the record.
 */
export default `
	-- A protest (src/lib/server/protests.ts): recorded during the competition's protest window,
	-- decided before its final lock; answered_by_version is set when the next version is published.
	-- entry_ids, photo_hashes and correction_event_ids are JSON arrays.
	CREATE TABLE protests (
		event_id              TEXT NOT NULL REFERENCES events (id),
		id                    TEXT NOT NULL,
		competition_id        TEXT NOT NULL,
		entry_ids             TEXT NOT NULL,
		raised_by             TEXT NOT NULL,
		claim                 TEXT NOT NULL,
		raised_at             INTEGER NOT NULL,
		publication_version   INTEGER NOT NULL,
		photo_hashes          TEXT NOT NULL,
		state                 TEXT NOT NULL CHECK (state IN ('open', 'upheld', 'rejected')),
		decided_at            INTEGER,
		decision_reason       TEXT,
		correction_event_ids  TEXT NOT NULL,
		answered_by_version   INTEGER,
		recorded_by           TEXT NOT NULL,
		recorded_at           INTEGER NOT NULL,
		PRIMARY KEY (event_id, id),
		FOREIGN KEY (event_id, competition_id) REFERENCES competitions (event_id, id),
		FOREIGN KEY (event_id, competition_id, publication_version) REFERENCES publications (event_id, competition_id, version)
	);
	CREATE INDEX protests_competition ON protests (event_id, competition_id, state);
	`;
