/**
 * Migration 6. Published results (src/lib/server/publications.ts): each publication a new version, none ever
 * replaced.
 */
export default `
	-- Published results (src/lib/server/publications.ts): each publication of a competition is a
	-- new version (1, 2, 3 …) and none is ever replaced, so what the public saw stays reachable.
	-- snapshot holds the standings as the shared scorer computed them at publishing (JSON).
	CREATE TABLE publications (
		event_id       TEXT NOT NULL REFERENCES events (id),
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		version        INTEGER NOT NULL CHECK (version >= 1),
		state          TEXT NOT NULL CHECK (state IN ('published', 'final')),
		published_at   INTEGER NOT NULL,
		protest_until  INTEGER,
		finalized_at   INTEGER,
		snapshot       TEXT NOT NULL,
		note           TEXT,
		PRIMARY KEY (competition_id, version)
	);
	CREATE INDEX publications_event ON publications (event_id, competition_id, version);
	`;
