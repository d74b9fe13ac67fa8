/**
 * Migration 12. Ruleset versions: src/lib/server/event-preparation.ts.
 */
export default `
	-- Every change of a competition's ruleset (RulesetChangeSchema, as JSON): the version it left and
	-- the one it moved to, why, who and when (CZ-GEN-CHANGES). Never changed or removed.
	CREATE TABLE ruleset_changes (
		seq            INTEGER PRIMARY KEY AUTOINCREMENT,
		event_id       TEXT NOT NULL REFERENCES events (id),
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		json           TEXT NOT NULL
	);
	CREATE INDEX ruleset_changes_competition ON ruleset_changes (event_id, competition_id, seq);
	`;
