import { describe, expect, it } from 'vitest';
import type { Store } from './store';
import { storePerTest } from './store-per-test.testkit';
import { openTwoEvents } from './two-events.testkit';
import { getPerson, getRegistration, listChanges, listPeople, listRegistrations, putPerson, putRegistration, recordChange, StaleRecordError } from './register-store';
import type { Registration } from '$lib/registration/schema';
import { PRESETS } from '$lib/rules/presets';

let store: Store;
storePerTest(openTwoEvents, (s) => (store = s));

const jana = { id: 'p1', eventId: 'spring', name: 'Jana Nováková', birthDate: '1990-01-02', email: 'jana@example.org', version: 1 };
const by = { tokenId: 'org', label: 'Desk laptop' };

function competition(id: string) {
	store.insertSetup({
		rulesets: [PRESETS[0]],
		competitions: [{ id, eventId: 'spring', name: id, ruleset: { id: PRESETS[0]!.id, version: PRESETS[0]!.version } }]
	});
}

describe('the register’s rows', () => {
	it('a person is stored, read back, changed from its version; a change from an older version is refused with the current record', () => {
		putPerson(store, jana, null);
		expect(getPerson(store, 'spring', 'p1')).toEqual(jana);
		expect(getPerson(store, 'autumn', 'p1')).toBeUndefined();
		putPerson(store, { ...jana, phone: '777 123 456', version: 2 }, 1);
		expect(() => putPerson(store, { ...jana, notes: 'late', version: 2 }, 1)).toThrow(StaleRecordError);
		try {
			putPerson(store, { ...jana, notes: 'late', version: 2 }, 1);
		} catch (e) {
			expect((e as StaleRecordError).current).toMatchObject({ phone: '777 123 456', version: 2 });
		}
		expect(() => putPerson(store, jana, null)).toThrow(StaleRecordError);
		expect(listPeople(store, 'spring').map((p) => p.version)).toEqual([2]);
	});

	it('registrations are listed in registration order, by competition and status; the changes by person', () => {
		competition('ind');
		putPerson(store, jana, null);
		const r = (id: string, registeredAt: number, status: Registration['status']): Registration => ({
			id, eventId: 'spring', competitionId: 'ind', name: id, memberIds: ['p1'], registeredAt, status, fee: { amount: 400, currency: 'CZK' }, paid: null, cancelled: null, version: 1
		});
		putRegistration(store, r('late', 20, 'waiting'), null);
		putRegistration(store, r('early', 10, 'registered'), null);
		expect(listRegistrations(store, 'spring').map((x) => x.id)).toEqual(['early', 'late']);
		expect(listRegistrations(store, 'spring', { statuses: ['waiting'] }).map((x) => x.id)).toEqual(['late']);
		expect(getRegistration(store, 'spring', 'late')?.status).toBe('waiting');
		const c = recordChange(store, { eventId: 'spring', kind: 'registration.created', personId: 'p1', registrationId: 'early', at: 10, by, changes: [] });
		recordChange(store, { eventId: 'spring', kind: 'person.changed', personId: 'p2', registrationId: null, at: 11, by, changes: [{ field: 'name', before: 'A', after: 'B' }] });
		expect(listChanges(store, 'spring', { personId: 'p1' })).toEqual([c]);
		expect(listChanges(store, 'spring').map((x) => x.kind)).toEqual(['registration.created', 'person.changed']);
	});

	it('an event keeps its language and currency', () => {
		store.insertSetup({ events: [{ id: 'fiesta', name: 'Fiesta', date: '2026-08-01', language: 'es', currency: 'EUR' }] });
		expect(store.getEvent('fiesta')).toMatchObject({ language: 'es', currency: 'EUR' });
	});
});
