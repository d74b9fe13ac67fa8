/**
 * Migration 20. Live results for the public (issue 32, src/lib/server/live/live-settings.ts): per competition,
 * whether the organizer shows its provisional results live, and since when. Off unless a row says so.
 * Not in backups on purpose: a restored event shows nothing live until its organizer says so again.
 */
export default `
	-- A competition shown live (src/lib/server/live/live-settings.ts): a row while it is on.
	CREATE TABLE live_results (
		event_id       TEXT NOT NULL,
		competition_id TEXT NOT NULL,
		since          INTEGER NOT NULL,
		PRIMARY KEY (event_id, competition_id),
		FOREIGN KEY (event_id, competition_id) REFERENCES competitions (event_id, id)
	);
	`;
