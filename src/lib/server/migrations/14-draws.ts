/**
 * Migration 14. Draws: src/lib/server/draws.ts (issue 15).
 */
export default `
	-- The draws of an event (DrawRecordSchema, as JSON: seed, sorted input, result, who, when, the
	-- reason of a redraw). Never removed: a redraw marks the earlier one superseded.
	CREATE TABLE draws (
		event_id       TEXT NOT NULL REFERENCES events (id),
		id             TEXT NOT NULL,
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		kind           TEXT NOT NULL CHECK (kind IN ('teams', 'turns')),
		made_at        INTEGER NOT NULL,
		json           TEXT NOT NULL,
		PRIMARY KEY (event_id, id)
	);
	CREATE INDEX draws_competition ON draws (event_id, competition_id, made_at);
	`;
