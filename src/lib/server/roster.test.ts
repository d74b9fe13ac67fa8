import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { presetById } from '$lib/rules/presets';
import type { Person, Registration } from '$lib/registration/schema';
import { RosterSchema, type Device } from '$lib/contract';
import { backupText } from './backup';
import { restoreText } from './backup.testkit';
import { addHeat, reviseCompetitionRuleset, saveEventDetails } from './event-preparation';
import { actOnRegistration, changePerson, createPerson, createRegistration, erasePerson, importRegistrations } from './register';
import { Store } from './store';
import { storePerTest } from './store-per-test.testkit';
import { issueToken } from './tokens';
import { openTwoEvents } from './two-events.testkit';
import { getRegistration, putPerson, putRegistration } from './register-store';
import { eventRoster, ifNoneMatchHolds, rosterAnswer, rosterEtag, rosterVersion } from './roster';

let store: Store;
storePerTest(openTwoEvents, (s) => (store = s));

// The event's day is 2026-05-16 (two-events.testkit.ts).
const person = (id: string, name: string, birthDate: string, extra: Partial<Person> = {}): Person => ({
	id, eventId: 'spring', name, birthDate, email: `${id}@example.org`, phone: '+420 777 123 456', notes: `private note of ${id}`, version: 1, ...extra
});
const registration = (id: string, competitionId: string, memberIds: string[], registeredAt: number, extra: Partial<Registration> = {}): Registration => ({
	id, eventId: 'spring', competitionId, name: id, memberIds, registeredAt, status: 'registered', fee: { amount: 400, currency: 'CZK' }, paid: null, cancelled: null, version: 1, ...extra
});

function seed() {
	for (const presetId of ['czjpa-individual', 'es-kids-group']) {
		const r = presetById(presetId)!;
		store.insertSetup({ rulesets: [r], competitions: [{ id: presetId, eventId: 'spring', name: presetId, ruleset: { id: r.id, version: r.version } }] });
	}
	putPerson(store, person('jana', 'Jana Nováková', '1990-01-02', { country: 'CZ', club: 'Puzzle Praha' }), null);
	putPerson(store, person('tom', 'Tomáš Malý', '2010-05-17', { accompaniedBy: 'Petr Malý' }), null); // 15 on the day
	putPerson(store, person('eva', 'Eva Nová', '2010-05-16'), null); // 16 on the day
	putPerson(store, person('lucia', 'Lucía Peña', '2016-03-01', { country: 'ES' }), null);
	putPerson(store, person('ana', 'Ana Peña', '1985-03-01', { country: 'ES' }), null);
	putRegistration(store, registration('r-jana', 'czjpa-individual', ['jana'], 10, { paid: { amount: 400, at: 11 } }), null);
	putRegistration(store, registration('r-tom', 'czjpa-individual', ['tom'], 20), null);
	putRegistration(store, registration('r-eva', 'czjpa-individual', ['eva'], 30, { status: 'waiting' }), null);
	putRegistration(store, registration('r-gone', 'czjpa-individual', ['ana'], 5, { status: 'cancelled', cancelled: { at: 40, refundDue: true } }), null);
	putRegistration(store, registration('r-pena', 'es-kids-group', ['lucia', 'ana'], 15, { name: 'Los Peña', fee: { amount: 5, currency: 'EUR' } }), null);
}

describe('the roster (what judge, display and desk devices see of the register)', () => {
	it('the registrations not cancelled, in registration order, with names, country, club and paid', () => {
		seed();
		const roster = eventRoster(store, 'spring')!;
		expect(RosterSchema.parse(roster)).toEqual(roster);
		expect(roster.map((r) => [r.id, r.status, r.paid])).toEqual([
			['r-jana', 'registered', true],
			['r-pena', 'registered', false],
			['r-tom', 'registered', false],
			['r-eva', 'waiting', false]
		]);
		expect(roster[0]!.members).toEqual([{ id: 'jana', name: 'Jana Nováková', country: 'CZ', club: 'Puzzle Praha', minor: false, child: false }]);
		expect(roster[1]!.name).toBe('Los Peña');
		expect(eventRoster(store, 'autumn')).toEqual([]);
		expect(eventRoster(store, 'nowhere')).toBeUndefined();
	});

	it('CZ-GEN-AGE: a member under the ruleset’s age on the event’s day is a minor, with their accompanying adult; ES-COMPANION: children where companions are allowed', () => {
		seed();
		const members = Object.fromEntries(eventRoster(store, 'spring')!.flatMap((r) => r.members.map((m) => [m.id, m])));
		expect(members.tom).toMatchObject({ minor: true, child: false, accompaniedBy: 'Petr Malý' });
		expect(members.eva).toMatchObject({ minor: false, child: false });
		expect(members.lucia).toMatchObject({ minor: false, child: true });
		expect(members.ana).toMatchObject({ minor: false, child: false });
	});

	it('carries no e-mail, phone, date of birth or notes', () => {
		seed();
		const text = JSON.stringify(eventRoster(store, 'spring'));
		for (const secret of ['@example.org', '777 123 456', '1990-01-02', '2010-05-17', '2016', 'private note', 'birth', 'email', 'phone', 'notes'])
			expect(text, secret).not.toContain(secret);
	});
});

describe('the roster’s version (its ETag: GET …/roster answers 304 while it holds)', () => {
	const organizer: Device = { id: 'tok-org', eventId: 'spring', role: 'organizer', label: 'Desk laptop' };
	const NOW = Date.UTC(2026, 3, 1);

	it('issue 29 #9: changes with every kind of change to what the roster is built from, and stays the same otherwise', () => {
		seed();
		const seen = new Set<string>();
		let last = rosterVersion(store, 'spring')!;
		seen.add(last);
		const changed = (what: string) => {
			const v = rosterVersion(store, 'spring')!;
			expect(v, `${what}: the version changes`).not.toBe(last);
			expect(seen.has(v), `${what}: a version not seen before`).toBe(false);
			seen.add((last = v));
		};
		const unchanged = (what: string) => expect(rosterVersion(store, 'spring'), `${what}: the version stays`).toBe(last);
		unchanged('asked again');
		const jana = () => eventRoster(store, 'spring')!.find((r) => r.id === 'r-jana')!;

		// People: added, changed, erased.
		createPerson(store, organizer, 'spring', { person: { id: 'kim', name: 'Kim Lee', birthDate: '1999-09-09' } }, NOW);
		changed('a person added');
		changePerson(store, organizer, 'spring', 'jana', { person: { name: 'Jana Nováková', birthDate: '1990-01-02', country: 'CZ', club: 'Puzzle Brno' }, expectedVersion: 1 }, NOW);
		changed('a person’s club changed');
		expect(jana().members[0]!.club).toBe('Puzzle Brno');
		changePerson(store, organizer, 'spring', 'jana', { person: { name: 'Jana Nováková', birthDate: '1990-01-02', country: 'CZ', club: 'Puzzle Brno' }, expectedVersion: 2 }, NOW);
		unchanged('the same person saved again (nothing written)');
		changePerson(store, organizer, 'spring', 'eva', { person: { name: 'Eva Nová', birthDate: '2010-05-16', email: 'eva@example.org' }, expectedVersion: 1 }, NOW);
		changed('a person’s e-mail (not in the roster, but in the rows it is built from)');
		erasePerson(store, organizer, 'spring', 'tom', NOW);
		changed('a person erased');
		erasePerson(store, organizer, 'spring', 'tom', NOW);
		unchanged('erased again (nothing written)');

		// Registrations: made, paid, unpaid, renamed, cancelled (the first waiting one moved up), put on the waiting list by a draw.
		createRegistration(store, organizer, 'spring', { registration: { id: 'r-kim', competitionId: 'czjpa-individual', memberIds: ['kim'], registeredAt: 50 } }, NOW);
		changed('a registration made');
		actOnRegistration(store, organizer, 'spring', 'r-kim', { action: 'pay', expectedVersion: 1, paid: { amount: 400 } }, NOW);
		changed('a registration paid');
		actOnRegistration(store, organizer, 'spring', 'r-kim', { action: 'pay', expectedVersion: 2, paid: null }, NOW);
		changed('a payment taken back');
		actOnRegistration(store, organizer, 'spring', 'r-kim', { action: 'change', expectedVersion: 3, name: 'Kim L.' }, NOW);
		changed('a registration renamed');
		actOnRegistration(store, organizer, 'spring', 'r-jana', { action: 'cancel', expectedVersion: 1 }, NOW);
		changed('a registration cancelled');
		expect(eventRoster(store, 'spring')!.map((r) => r.id)).not.toContain('r-jana');
		const pena = getRegistration(store, 'spring', 'r-pena')!;
		putRegistration(store, { ...pena, status: 'waiting', version: pena.version + 1 }, pena.version);
		changed('a registration put on the waiting list (as a relay draw does)');
		const rows = [{ name: 'Olga Malá', birthDate: '1970-07-07', competitionId: 'czjpa-individual', registeredAt: 60 }];
		importRegistrations(store, organizer, 'spring', { rows }, NOW);
		changed('an import');
		importRegistrations(store, organizer, 'spring', { rows }, NOW);
		unchanged('the same file imported again (nothing written)');

		// The event's day (ages are worked out on it) and the rulesets (the ages of minors, companions).
		saveEventDetails(store, 'spring', { name: 'Spring puzzle day (renamed)', date: '2026-05-16' });
		unchanged('the event renamed (not in the roster)');
		saveEventDetails(store, 'spring', { name: 'Spring puzzle day', date: '2026-05-18' });
		changed('the event’s day moved');
		const ind = presetById('czjpa-individual')!;
		reviseCompetitionRuleset(store, organizer, 'spring', 'czjpa-individual', { baseVersion: ind.version, ruleset: { ...ind, unit: { ...ind.unit, accompaniedUnderAge: 18 } }, reason: 'a stricter age' }, NOW);
		changed('a competition’s ruleset revised');

		// Nothing the roster is built from: set-up, devices, judge events, another event’s register.
		addHeat(store, 'spring', 'czjpa-individual', { name: 'Heat 1' });
		issueToken(store, { eventId: 'spring', role: 'desk', label: 'Door', now: NOW });
		const door = new DeviceLog({ deviceId: 'desk-door', judge: 'Door', competitionId: 'czjpa-individual', heatId: null });
		expect(store.appendJudgeEvents([door.record('entry.checked-in', NOW, 'r-kim', {})], { eventId: 'spring' }).stored).toHaveLength(1);
		createPerson(store, { ...organizer, eventId: 'autumn' }, 'autumn', { person: { id: 'kim', name: 'Kim Lee' } }, NOW);
		unchanged('a heat, a device, a check-in, another event’s register');
		expect(rosterVersion(store, 'autumn')).not.toBe(rosterVersion(store, 'spring'));
		expect(rosterVersion(store, 'nowhere')).toBeUndefined();
	});

	it('issue 29 #9: the same rows give the same version on another server (a restore of the backup), the build’s salt another', async () => {
		seed();
		const dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-roster-'));
		const other = Store.open(dir);
		try {
			await restoreText(other, backupText(store, 'spring', NOW));
			expect(eventRoster(other, 'spring')).toEqual(eventRoster(store, 'spring'));
			expect(rosterVersion(other, 'spring')).toBe(rosterVersion(store, 'spring'));
		} finally {
			other.close();
			rmSync(dir, { recursive: true, force: true });
		}
		expect(rosterVersion(store, 'spring', 'build-2')).not.toBe(rosterVersion(store, 'spring', 'build-1'));
		expect(rosterVersion(store, 'spring', 'build-1')).toBe(rosterVersion(store, 'spring', 'build-1'));
	});

	it('issue 29 #9: If-None-Match naming the ETag (or *) answers “unchanged” without building the roster; anything else the roster with its ETag', () => {
		seed();
		const etag = rosterEtag('spring', rosterVersion(store, 'spring')!);
		expect(etag).toMatch(/^"r-spring-[\w-]{43}"$/);
		const full = rosterAnswer(store, 'spring', null);
		expect(full).toEqual({ etag, unchanged: false, roster: eventRoster(store, 'spring') });
		for (const header of [etag, `W/${etag}`, `"x", ${etag}`, '*']) expect(rosterAnswer(store, 'spring', header), header).toEqual({ etag, unchanged: true });
		for (const header of ['', '"x"', etag.slice(0, -2) + '"', `${etag.slice(1, -1)}`]) expect(ifNoneMatchHolds(header, etag), header).toBe(false);
		expect(rosterAnswer(store, 'nowhere', '*')).toBeUndefined();
	});
});
