import { error, json } from '@sveltejs/kit';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import { checkRegistration, registersAlone } from '$lib/rules/registration';
import type { Ruleset } from '$lib/rules/schema';
import { feeOf, feeTotals, refundOfCancellation } from '$lib/registration/fees';
import { foldName, personKeys } from '$lib/registration/same-person';
import { PERSONAL_FIELDS, type Person, type Registration, type RegistrationChange } from '$lib/registration/schema';
import { unitProblems } from '$lib/registration/unit-problems';
import { listState, movingUp, placeIn, placeOfNew, type ListState } from '$lib/registration/waiting-list';
import type { CompetitionEvent } from '$lib/setup/schema';
import {
	PersonChangeSchema,
	PHOTOS_ERASED_FIELD,
	PersonCreateSchema,
	RegisterImportSchema,
	RegistrationActionSchema,
	RegistrationCreateSchema,
	type Device,
	type RegisterAnswer,
	type StaleConflict
} from '$lib/contract';
import { describeIssues, toIssues } from '$lib/validation';
import { listDraws } from './draws';
import { getPerson, getRegistration, listChanges, listPeople, listRegistrations, putPerson, putRegistration, recordChange, StaleRecordError } from './register-store';
import { checkInsOfEvent } from './desk-check-ins';
import { CHECK_IN_ADULT_FIELD, entryIdsOfPerson, ERASED, redactCheckIns, truncateLog } from './erasure-redaction';
import { deletePhotosOfEntries } from './photos';
import type { Store } from './store';

/**
 * The register of an event on the server (issue 14): people, their registrations, fees, the
 * waiting list (CZ-IND-CAP, CZ-TEAM-CAP), cancellations with or without refund (CZ-GEN-REFUND),
 * imports, the erasure of a person's personal data. Every change is made in one transaction
 * with its record (who: the device's token and label; when; what: each field before and
 * after). An edit made from an older version than the stored one throws StaleRecordError,
 * answered 409 with both records (staleConflict).
 */

const PERSON_FIELDS = ['name', 'country', ...PERSONAL_FIELDS] as const;
const REGISTRATION_FIELDS = ['competitionId', 'name', 'memberIds', 'registeredAt', 'status', 'movedUpAt', 'fee', 'paid', 'cancelled', 'preferredTurn'] as const;

/** How far ahead of the server's clock a device's "now" may be (a cancellation dated today on it). */
const CLOCK_AHEAD_MS = 60 * 60_000;

type Change = Omit<RegistrationChange, 'seq' | 'eventId' | 'at' | 'by'>;

function parse<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
	const parsed = schema.safeParse(body);
	if (!parsed.success) error(400, describeIssues(toIssues(parsed.error)));
	return parsed.data;
}

function eventOf(store: Store, eventId: string): CompetitionEvent {
	return store.getEvent(eventId) ?? error(404, `no event "${eventId}" on this server`);
}

/** The ruleset in force of a competition of the event; 400 when the competition is not one of it. */
function rulesetOf(store: Store, eventId: string, competitionId: string, where = ''): Ruleset {
	const c = store.getCompetition(eventId, competitionId);
	if (!c) error(400, `${where}no competition "${competitionId}" in this event`);
	return store.getRuleset(c.ruleset.id, c.ruleset.version)!;
}

/** The fields that differ, with their values before and after (null: none). */
function fieldChanges<T extends object>(fields: readonly (keyof T & string)[], before: T | null, after: T): Change['changes'] {
	return fields.flatMap((field) => {
		const b = before?.[field] ?? null;
		const a = after[field] ?? null;
		return JSON.stringify(b) === JSON.stringify(a) ? [] : [{ field, before: b, after: a }];
	});
}

function record(store: Store, eventId: string, device: Device, now: number, change: Change): void {
	recordChange(store, { ...change, eventId, at: now, by: { tokenId: device.id, label: device.label } });
}

/** The 409 of an edit made from a stale version: the record now and what was sent, so that neither is lost. */
export function staleConflict(e: StaleRecordError, sent: unknown): Response {
	const body: StaleConflict = { message: `${e.message}: here is the ${e.kind} as it is now and as you sent it; nothing was saved`, conflict: { kind: e.kind, current: e.current, sent } };
	return json(body, { status: 409, headers: { 'cache-control': 'no-store' } });
}

// --- reads ----------------------------------------------------------------------------

export function registerOf(store: Store, eventId: string): RegisterAnswer {
	const event = eventOf(store, eventId);
	const people = listPeople(store, eventId);
	const registrations = listRegistrations(store, eventId);
	const summaries = store.listCompetitions(eventId);
	const rulesets = new Map(summaries.map((s) => [s.competition.id, s.ruleset]));
	const byId = new Map(people.map((p) => [p.id, p]));
	// What the desk recorded counts: an adult it typed answers "needs an adult" (issue 30 #10).
	const checkIns = checkInsOfEvent(store, eventId);
	return {
		event,
		people,
		registrations,
		problems: unitProblems(registrations, (id) => byId.get(id), (c) => rulesets.get(c), event.date, (id) => checkIns.get(id)?.payload.accompaniedBy),
		totals: feeTotals(summaries.map((s) => ({ id: s.competition.id, currency: s.ruleset.fee.currency })), registrations),
		drawnTeams: listDraws(store, eventId).flatMap((d) =>
			d.kind === 'teams' && d.superseded === null ? d.teams.map((t) => ({ competitionId: d.competitionId, name: t.name, memberIds: t.memberIds })) : []
		)
	};
}

export function peopleOf(store: Store, eventId: string): Person[] {
	eventOf(store, eventId);
	return listPeople(store, eventId);
}

export function personOf(store: Store, eventId: string, personId: string): Person {
	return getPerson(store, eventId, personId) ?? error(404, `no person "${personId}" in this event's register`);
}

export function registrationsOf(store: Store, eventId: string): Registration[] {
	eventOf(store, eventId);
	return listRegistrations(store, eventId);
}

/** Every change to the person and to the registrations they are in, oldest first. */
export function personHistory(store: Store, eventId: string, personId: string): RegistrationChange[] {
	personOf(store, eventId, personId);
	const changes = new Map(listChanges(store, eventId, { personId }).map((c) => [c.seq, c]));
	for (const r of listRegistrations(store, eventId)) {
		if (!r.memberIds.includes(personId)) continue;
		for (const c of listChanges(store, eventId, { registrationId: r.id })) changes.set(c.seq, c);
	}
	return [...changes.values()].sort((a, b) => a.seq - b.seq);
}

// --- people ---------------------------------------------------------------------------

export function createPerson(store: Store, device: Device, eventId: string, body: unknown, now: number): Person {
	const { person: input } = parse(PersonCreateSchema, body);
	return store.transaction(() => {
		eventOf(store, eventId);
		if (getPerson(store, eventId, input.id)) error(409, `a person with the ID "${input.id}" is already in the register`);
		const person: Person = { ...input, eventId, version: 1 };
		putPerson(store, person, null);
		record(store, eventId, device, now, { kind: 'person.created', personId: person.id, registrationId: null, changes: fieldChanges(PERSON_FIELDS, null, person) });
		return person;
	});
}

/** The person changed from the version the organizer opened (StaleRecordError when another change came first). */
export function changePerson(store: Store, device: Device, eventId: string, personId: string, body: unknown, now: number): Person {
	const { person: input, expectedVersion } = parse(PersonChangeSchema, body);
	return store.transaction(() => {
		const current = personOf(store, eventId, personId);
		if (current.version !== expectedVersion) throw new StaleRecordError('person', personId, current);
		if (current.erasedAt !== undefined) error(409, `the personal data of ${current.name} were erased: the record cannot be changed`);
		const next: Person = { ...input, id: personId, eventId, version: current.version + 1 };
		const changes = fieldChanges(PERSON_FIELDS, current, next);
		if (changes.length === 0) return current;
		putPerson(store, next, expectedVersion);
		record(store, eventId, device, now, { kind: 'person.changed', personId, registrationId: null, changes });
		return next;
	});
}

/**
 * Erases the person's personal data (date of birth, e-mail, phone, notes, club, accompanying
 * adult), in the record and in its history, and the accompanying adult the desk typed into the
 * check-ins of their entries (erasure-redaction.ts: the judge events redacted, pulled again by
 * every device, recorded with the erasure); the name and country stay, and so do their
 * registrations and results. Then the write-ahead log is emptied into the database file, where
 * `secure_delete` left nothing of the erased values. Erasing again changes nothing.
 */
export function erasePerson(store: Store, device: Device, eventId: string, personId: string, now: number): Person {
	let erased = false;
	const person = store.transaction(() => {
		const current = personOf(store, eventId, personId);
		if (current.erasedAt !== undefined) return current;
		erased = true;
		const kept = Object.fromEntries(Object.entries(current).filter(([k]) => !(PERSONAL_FIELDS as readonly string[]).includes(k))) as Person;
		const next: Person = { ...kept, version: current.version + 1, erasedAt: now };
		putPerson(store, next, current.version);
		const personal = new Set<string>(PERSONAL_FIELDS);
		const rewrite = store.db.prepare('UPDATE registration_changes SET json = ? WHERE seq = ?');
		for (const c of listChanges(store, eventId, { personId })) {
			const { seq, ...rest } = c;
			const changes = rest.changes.map((x) => (personal.has(x.field) ? { ...x, before: null, after: null } : x));
			rewrite.run(JSON.stringify({ ...rest, changes }), seq);
		}
		const fields: Change['changes'] = PERSONAL_FIELDS.filter((f) => current[f] !== undefined).map((field) => ({ field, before: null, after: null }));
		const entryIds = entryIdsOfPerson(store, eventId, personId);
		const redacted = redactCheckIns(store, eventId, entryIds);
		if (redacted.length > 0) fields.push({ field: CHECK_IN_ADULT_FIELD, before: null, after: { replacedWith: ERASED, events: redacted.length, eventIds: redacted } });
		// The photos of their entries show them (issue 33): personal data, erased with the rest.
		const photos = deletePhotosOfEntries(store, eventId, entryIds);
		if (photos > 0) fields.push({ field: PHOTOS_ERASED_FIELD, before: null, after: { erased: photos } });
		record(store, eventId, device, now, { kind: 'person.erased', personId, registrationId: null, changes: fields });
		return next;
	});
	if (erased) truncateLog(store);
	return person;
}

// --- registrations --------------------------------------------------------------------

/** The members, each a person of the register, named once. */
function membersOf(store: Store, eventId: string, memberIds: readonly string[]): Person[] {
	const dup = memberIds.find((id, i) => memberIds.indexOf(id) !== i);
	if (dup) error(400, `memberIds: person "${dup}" is named twice`);
	return memberIds.map((id) => getPerson(store, eventId, id) ?? error(400, `memberIds: no person "${id}" in this event's register`));
}

/** Refused (422) when the unit breaks the ruleset, unless the organizer registers it despite that. */
function refuseProblems(ruleset: Ruleset, members: Person[], eventDay: string, despite: boolean | undefined): void {
	const problems = checkRegistration(ruleset, members, eventDay);
	if (problems.length > 0 && !despite)
		error(422, `this unit breaks the rules of ${ruleset.name}: ${problems.map((p) => p.message).join('; ')} (register it despite that to have it listed with its problems)`);
}

/** A preferred turn: a heat of the registration's competition (400 otherwise). */
function turnOf(store: Store, eventId: string, competitionId: string, heatId: string): string {
	if (store.getHeat(eventId, heatId)?.competitionId !== competitionId) error(400, `preferredTurn: "${heatId}" is not a turn (heat) of this competition`);
	return heatId;
}

/** A member already in another open registration of the competition. */
function alreadyIn(registrations: readonly Registration[], memberIds: readonly string[], except?: string): Registration | undefined {
	return registrations.find((r) => r.id !== except && r.status !== 'cancelled' && r.memberIds.some((m) => memberIds.includes(m)));
}

export function createRegistration(store: Store, device: Device, eventId: string, body: unknown, now: number): Registration {
	const { registration: input, despiteProblems } = parse(RegistrationCreateSchema, body);
	return store.transaction(() => {
		const event = eventOf(store, eventId);
		const ruleset = rulesetOf(store, eventId, input.competitionId, 'competitionId: ');
		if (getRegistration(store, eventId, input.id)) error(409, `a registration with the ID "${input.id}" is already in the register`);
		const members = membersOf(store, eventId, input.memberIds);
		refuseProblems(ruleset, members, event.date, despiteProblems);
		const open = listRegistrations(store, eventId, { competitionId: input.competitionId, statuses: ['registered', 'waiting'] });
		const taken = alreadyIn(open, input.memberIds);
		if (taken) error(409, `already registered for this competition, in "${taken.name}"`);
		const registration: Registration = {
			id: input.id,
			eventId,
			competitionId: input.competitionId,
			name: input.name ?? members.map((m) => m.name).join(', '),
			memberIds: input.memberIds,
			registeredAt: input.registeredAt ?? now,
			status: placeOfNew(ruleset, open, members.length),
			fee: feeOf(ruleset, members.length),
			paid: null,
			cancelled: null,
			...(input.preferredTurn !== undefined ? { preferredTurn: turnOf(store, eventId, input.competitionId, input.preferredTurn) } : {}),
			version: 1
		};
		putRegistration(store, registration, null);
		record(store, eventId, device, now, { kind: 'registration.created', personId: null, registrationId: registration.id, changes: fieldChanges(REGISTRATION_FIELDS, null, registration) });
		return registration;
	});
}

/** Changes, pays or cancels a registration; a cancellation moves the first waiting ones up. */
export function actOnRegistration(store: Store, device: Device, eventId: string, registrationId: string, body: unknown, now: number): { registration: Registration; movedUp: Registration[] } {
	const action = parse(RegistrationActionSchema, body);
	return store.transaction(() => {
		const event = eventOf(store, eventId);
		const current = getRegistration(store, eventId, registrationId) ?? error(404, `no registration "${registrationId}" in this event's register`);
		if (current.version !== action.expectedVersion) throw new StaleRecordError('registration', registrationId, current);
		const ruleset = rulesetOf(store, eventId, current.competitionId);
		const save = (next: Registration, kind: Change['kind']) => {
			putRegistration(store, next, current.version);
			record(store, eventId, device, now, { kind, personId: null, registrationId, changes: fieldChanges(REGISTRATION_FIELDS, current, next) });
			return next;
		};
		const version = current.version + 1;
		switch (action.action) {
			case 'change': {
				if (current.status === 'cancelled') error(409, 'a cancelled registration cannot be changed');
				const memberIds = action.memberIds ?? current.memberIds;
				const members = membersOf(store, eventId, memberIds);
				if (action.memberIds) {
					refuseProblems(ruleset, members, event.date, action.despiteProblems);
					const taken = alreadyIn(listRegistrations(store, eventId, { competitionId: current.competitionId }), memberIds, registrationId);
					if (taken) error(409, `a member is already registered for this competition, in "${taken.name}"`);
				}
				const { preferredTurn: _was, ...rest } = current;
				const preferredTurn = action.preferredTurn === undefined ? current.preferredTurn : (action.preferredTurn ?? undefined);
				if (preferredTurn !== undefined) turnOf(store, eventId, current.competitionId, preferredTurn);
				const next: Registration = { ...rest, name: action.name ?? current.name, memberIds, fee: feeOf(ruleset, members.length), version, ...(preferredTurn !== undefined ? { preferredTurn } : {}) };
				return { registration: save(next, 'registration.changed'), movedUp: [] };
			}
			case 'pay': {
				const paid = action.paid && { amount: action.paid.amount, at: action.paid.at ?? now };
				return { registration: save({ ...current, paid, version }, 'registration.paid'), movedUp: [] };
			}
		}
		// Cancelled.
		if (current.status === 'cancelled') error(409, 'this registration is already cancelled');
		const at = action.at ?? now;
		// Recorded when it came (issue 30 #13); a device's clock a little ahead is still today's.
		if (at > now + CLOCK_AHEAD_MS) error(400, 'at: a cancellation cannot be dated in the future');
		const refundDue = refundOfCancellation(ruleset, event.date, current.status, at);
		const cancelled = save({ ...current, status: 'cancelled', cancelled: { at, refundDue }, version }, 'registration.cancelled');
		// A place freed by the cancellation is taken at it, never before it.
		return { registration: cancelled, movedUp: moveUp(store, device, eventId, current.competitionId, ruleset, Math.max(now, at)) };
	});
}

/** Moves the first waiting registrations of the competition up while there is room (CZ-IND-CAP, CZ-TEAM-CAP), recorded with the time. */
function moveUp(store: Store, device: Device, eventId: string, competitionId: string, ruleset: Ruleset, now: number): Registration[] {
	const all = listRegistrations(store, eventId, { competitionId });
	const up = new Set(movingUp(ruleset, all));
	return all
		.filter((r) => up.has(r.id))
		.map((r) => {
			const next: Registration = { ...r, status: 'registered', movedUpAt: now, version: r.version + 1 };
			putRegistration(store, next, r.version);
			record(store, eventId, device, now, { kind: 'registration.moved-up', personId: null, registrationId: r.id, changes: fieldChanges(REGISTRATION_FIELDS, r, next) });
			return next;
		});
}

// --- import ---------------------------------------------------------------------------

/**
 * Rows of a file the organizer confirmed (read and previewed on their device), in one
 * transaction: a person already in the register (the same name and date of birth, or e-mail)
 * is not added again, and a unit already registered for the competition (in any status) not
 * again, so that the same file imported twice changes nothing. Rows with the same unit name in
 * a competition of pairs, groups or teams form one unit. Placed on the waiting list in
 * registration order like any other registration; unit problems are listed, not refused.
 */
export function importRegistrations(store: Store, device: Device, eventId: string, body: unknown, now: number) {
	const { rows } = parse(RegisterImportSchema, body);
	return store.transaction(() => {
		eventOf(store, eventId);
		// The register's people, found as samePerson finds them (by their keys), without a pass over all for each row.
		const people = new PersonIndex(listPeople(store, eventId));
		let peopleAdded = 0;
		const personIdOf = rows.map((row) => {
			const { competitionId: _c, unit: _u, registeredAt: _r, paid: _p, preferredTurn: _t, ...values } = row;
			const known = people.find(values);
			if (known) return known.id;
			const person: Person = { ...values, id: `p-${randomUUID()}`, eventId, version: 1 };
			putPerson(store, person, null);
			record(store, eventId, device, now, { kind: 'person.created', personId: person.id, registrationId: null, changes: fieldChanges(PERSON_FIELDS, null, person) });
			people.add(person);
			peopleAdded++;
			return person.id;
		});

		// Units: each row alone, or the rows of one unit name in a competition of units registered whole (not drawn: CZ-TEAM-DRAW).
		const rulesets = new Map<string, Ruleset>();
		/** Per competition: its waiting list in short, and everyone in one of its registrations (any status). */
		const lists = new Map<string, { state: ListState; members: Set<string> }>();
		const units = new Map<string, number[]>();
		rows.forEach((row, i) => {
			let ruleset = rulesets.get(row.competitionId);
			if (!ruleset) {
				rulesets.set(row.competitionId, (ruleset = rulesetOf(store, eventId, row.competitionId, `rows[${i}].competitionId: `)));
				const all = listRegistrations(store, eventId, { competitionId: row.competitionId });
				lists.set(row.competitionId, { state: listState(all.filter((r) => r.status !== 'cancelled')), members: new Set(all.flatMap((r) => r.memberIds)) });
			}
			const key = !registersAlone(ruleset) && row.unit ? `${row.competitionId}\u0000${foldName(row.unit)}` : `row ${i}`;
			units.set(key, [...(units.get(key) ?? []), i]);
		});
		const ordered = [...units.values()].map((indexes) => ({ indexes, at: Math.min(...indexes.map((i) => rows[i]!.registeredAt ?? now)) })).sort((a, b) => a.at - b.at);

		const added: Registration[] = [];
		let rowsUnchanged = 0;
		for (const { indexes, at } of ordered) {
			const first = rows[indexes[0]!]!;
			const memberIds = [...new Set(indexes.map((i) => personIdOf[i]!))];
			const list = lists.get(first.competitionId)!;
			if (memberIds.some((m) => list.members.has(m))) {
				rowsUnchanged += indexes.length;
				continue;
			}
			const ruleset = rulesets.get(first.competitionId)!;
			const fee = feeOf(ruleset, memberIds.length);
			const preferredTurn = indexes.map((i) => rows[i]!.preferredTurn).find((t) => t !== undefined);
			const registration: Registration = {
				id: `r-${randomUUID()}`,
				eventId,
				competitionId: first.competitionId,
				name: !registersAlone(ruleset) && first.unit ? first.unit : memberIds.map((id) => people.get(id)!.name).join(', '),
				memberIds,
				registeredAt: at,
				status: placeIn(ruleset, list.state, memberIds.length),
				fee,
				paid: indexes.every((i) => rows[i]!.paid) ? { amount: fee.amount, at: now } : null,
				cancelled: null,
				version: 1,
				...(preferredTurn !== undefined ? { preferredTurn: turnOf(store, eventId, first.competitionId, preferredTurn) } : {})
			};
			putRegistration(store, registration, null);
			record(store, eventId, device, now, { kind: 'registration.imported', personId: null, registrationId: registration.id, changes: fieldChanges(REGISTRATION_FIELDS, null, registration) });
			for (const m of memberIds) list.members.add(m);
			added.push(registration);
		}
		return { peopleAdded, registrationsAdded: added.length, rowsUnchanged, registrations: added };
	});
}

/** People found as samePerson finds them: by any of their keys (same-person.ts). */
class PersonIndex {
	private readonly byId = new Map<string, Person>();
	private readonly byKey = new Map<string, Person>();

	constructor(people: readonly Person[]) {
		for (const p of people) this.add(p);
	}

	add(p: Person): void {
		this.byId.set(p.id, p);
		for (const key of personKeys(p)) if (!this.byKey.has(key)) this.byKey.set(key, p);
	}

	get(id: string): Person | undefined {
		return this.byId.get(id);
	}

	find(values: Pick<Person, 'name' | 'birthDate' | 'email'>): Person | undefined {
		for (const key of personKeys(values)) {
			const known = this.byKey.get(key);
			if (known) return known;
		}
		return undefined;
	}
}
