/**
 * Migration 11. The register: src/lib/registration/schema.ts, src/lib/server/register-store.ts.
 */
export default `
	-- An event's language (printed lists, public pages) and the currency of its fees.
	ALTER TABLE events ADD COLUMN language TEXT;
	ALTER TABLE events ADD COLUMN currency TEXT;

	-- The people registered for an event (PersonSchema, as JSON: contact data and dates of birth
	-- included, so this table never leaves the server except to the event's organizer devices).
	-- version: bumped on every change; an edit made from an older version is refused.
	CREATE TABLE people (
		event_id TEXT NOT NULL REFERENCES events (id),
		id       TEXT NOT NULL,
		version  INTEGER NOT NULL,
		json     TEXT NOT NULL,
		PRIMARY KEY (event_id, id)
	);

	-- Registrations of a unit (its people) for a competition (RegistrationSchema, as JSON); the
	-- columns are what lists and the waiting list are read by.
	CREATE TABLE registrations (
		event_id       TEXT NOT NULL REFERENCES events (id),
		id             TEXT NOT NULL,
		competition_id TEXT NOT NULL REFERENCES competitions (id),
		status         TEXT NOT NULL CHECK (status IN ('registered', 'waiting', 'cancelled')),
		registered_at  INTEGER NOT NULL,
		version        INTEGER NOT NULL,
		json           TEXT NOT NULL,
		PRIMARY KEY (event_id, id)
	);
	CREATE INDEX registrations_competition ON registrations (competition_id, status, registered_at);

	-- Every change to the register, never changed or removed (RegistrationChangeSchema, as JSON).
	CREATE TABLE registration_changes (
		seq             INTEGER PRIMARY KEY AUTOINCREMENT,
		event_id        TEXT NOT NULL REFERENCES events (id),
		person_id       TEXT,
		registration_id TEXT,
		json            TEXT NOT NULL
	);
	CREATE INDEX registration_changes_person ON registration_changes (event_id, person_id, seq);
	CREATE INDEX registration_changes_registration ON registration_changes (event_id, registration_id, seq);
	`;
