import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Person, Registration } from '$lib/registration/schema';
import { RosterSchema } from '$lib/sync/contract';
import type { Store } from './store';
import { storePerTest } from './store-per-test.testkit';
import { openTwoEvents } from './two-events.testkit';
import { putPerson, putRegistration } from './register-store';
import { eventRoster } from './roster';

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
