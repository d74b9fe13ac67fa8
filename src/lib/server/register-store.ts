import {
	PersonSchema,
	RegistrationChangeSchema,
	RegistrationSchema,
	type Person,
	type Registration,
	type RegistrationChange,
	type RegistrationStatus
} from '$lib/registration/schema';
import type Database from 'better-sqlite3';
import type { Store } from './store';

/** The store's prepared statement of `sql`, prepared once (an import writes thousands of rows). */
const statements = new WeakMap<Store, Map<string, Database.Statement>>();
function stmt(store: Store, sql: string): Database.Statement {
	let own = statements.get(store);
	if (!own) statements.set(store, (own = new Map()));
	let s = own.get(sql);
	if (!s) own.set(sql, (s = store.db.prepare(sql)));
	return s;
}

/**
 * The register's rows (migration 11): people, registrations and the changes to them, each
 * stored as its schema's JSON. Plain reads and writes, nothing decided here: what may change,
 * the waiting list and the record of who changed what are the callers' (they run these in one
 * transaction with the change they record).
 */

/** A stored record with a version other than the one an edit was made from: the edit is refused, nothing is lost. */
export class StaleRecordError extends Error {
	constructor(
		readonly kind: 'person' | 'registration',
		readonly id: string,
		readonly current: Person | Registration
	) {
		super(`this ${kind} was changed since it was opened (now version ${current.version})`);
	}
}

export function getPerson(store: Store, eventId: string, id: string): Person | undefined {
	const json = stmt(store, 'SELECT json FROM people WHERE event_id = ? AND id = ?').pluck().get(eventId, id) as string | undefined;
	return json === undefined ? undefined : PersonSchema.parse(JSON.parse(json));
}

export function listPeople(store: Store, eventId: string): Person[] {
	const rows = stmt(store, 'SELECT json FROM people WHERE event_id = ? ORDER BY rowid').pluck().all(eventId) as string[];
	return rows.map((json) => PersonSchema.parse(JSON.parse(json)));
}

/**
 * Stores a person: new (`expectedVersion` null; refused if the ID is taken) or a change of the
 * stored version `expectedVersion` (a StaleRecordError otherwise). The person's `version` must be
 * the next one; the caller sets it.
 */
export function putPerson(store: Store, person: Person, expectedVersion: number | null): void {
	const p = PersonSchema.parse(person);
	const current = getPerson(store, p.eventId, p.id);
	if ((current?.version ?? null) !== expectedVersion) {
		if (current) throw new StaleRecordError('person', p.id, current);
		throw new Error(`person ${p.id} is not in event ${p.eventId}`);
	}
	stmt(store, 'INSERT INTO people (event_id, id, version, json) VALUES (?, ?, ?, ?) ON CONFLICT (event_id, id) DO UPDATE SET version = excluded.version, json = excluded.json')
		.run(p.eventId, p.id, p.version, JSON.stringify(p));
}

export function getRegistration(store: Store, eventId: string, id: string): Registration | undefined {
	const json = stmt(store, 'SELECT json FROM registrations WHERE event_id = ? AND id = ?').pluck().get(eventId, id) as string | undefined;
	return json === undefined ? undefined : RegistrationSchema.parse(JSON.parse(json));
}

/** The event's registrations (of one competition, of some statuses), in registration order. */
export function listRegistrations(store: Store, eventId: string, filter: { competitionId?: string; statuses?: readonly RegistrationStatus[] } = {}): Registration[] {
	const rows = stmt(
			store,
			`SELECT json, competition_id, status FROM registrations WHERE event_id = ? ORDER BY registered_at, rowid`
		)
		.all(eventId) as { json: string; competition_id: string; status: RegistrationStatus }[];
	return rows
		.filter((r) => (filter.competitionId === undefined || r.competition_id === filter.competitionId) && (filter.statuses === undefined || filter.statuses.includes(r.status)))
		.map((r) => RegistrationSchema.parse(JSON.parse(r.json)));
}

/** Stores a registration, as putPerson does a person. */
export function putRegistration(store: Store, registration: Registration, expectedVersion: number | null): void {
	const r = RegistrationSchema.parse(registration);
	const current = getRegistration(store, r.eventId, r.id);
	if ((current?.version ?? null) !== expectedVersion) {
		if (current) throw new StaleRecordError('registration', r.id, current);
		throw new Error(`registration ${r.id} is not in event ${r.eventId}`);
	}
	stmt(
			store,
			`INSERT INTO registrations (event_id, id, competition_id, status, registered_at, version, json) VALUES (?, ?, ?, ?, ?, ?, ?)
			 ON CONFLICT (event_id, id) DO UPDATE SET competition_id = excluded.competition_id, status = excluded.status,
			   registered_at = excluded.registered_at, version = excluded.version, json = excluded.json`
		)
		.run(r.eventId, r.id, r.competitionId, r.status, r.registeredAt, r.version, JSON.stringify(r));
}

/** Records a change (its `seq` is given by the store); returns it with its sequence number. */
export function recordChange(store: Store, change: Omit<RegistrationChange, 'seq'>): RegistrationChange {
	const c = RegistrationChangeSchema.parse({ ...change, seq: 1 });
	const { seq: _seq, ...rest } = c;
	const info = stmt(store, 'INSERT INTO registration_changes (event_id, person_id, registration_id, json) VALUES (?, ?, ?, ?)')
		.run(c.eventId, c.personId, c.registrationId, JSON.stringify(rest));
	return { ...c, seq: Number(info.lastInsertRowid) };
}

/** The changes to a person or a registration (or, with neither, to the whole event), oldest first. */
export function listChanges(store: Store, eventId: string, about: { personId?: string; registrationId?: string } = {}): RegistrationChange[] {
	const rows = stmt(
			store,
			`SELECT seq, json FROM registration_changes
			  WHERE event_id = @eventId AND (@personId IS NULL OR person_id = @personId) AND (@registrationId IS NULL OR registration_id = @registrationId)
			  ORDER BY seq`
		)
		.all({ eventId, personId: about.personId ?? null, registrationId: about.registrationId ?? null }) as { seq: number; json: string }[];
	return rows.map((r) => RegistrationChangeSchema.parse({ ...JSON.parse(r.json), seq: r.seq }));
}
