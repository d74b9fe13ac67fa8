/**
 * Migration 8. Merged competitions: src/lib/server/competition-merges.ts.
 */
export default `
	-- A competition set up on a tablet folded by the organizer into another of the same event
	-- (CompetitionMergeSchema, as JSON). Recorded once, never changed; no judge event is rewritten:
	-- the merge is applied when the event's data is scored. A competition is folded at most once.
	CREATE TABLE competition_merges (
		id                    TEXT PRIMARY KEY,
		event_id              TEXT NOT NULL REFERENCES events (id),
		kept_competition_id   TEXT NOT NULL REFERENCES competitions (id),
		folded_competition_id TEXT NOT NULL UNIQUE REFERENCES competitions (id),
		json                  TEXT NOT NULL,
		recorded_at           INTEGER NOT NULL
	);
	CREATE INDEX competition_merges_event ON competition_merges (event_id, recorded_at);
	`;
