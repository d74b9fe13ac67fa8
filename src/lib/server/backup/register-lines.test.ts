import { describe, expect, it } from 'vitest';
import { listChanges, listPeople, listRegistrations } from '../register-store';
import type { Store } from '../store';
import { busyStorePerTest, itemsOf } from './backup-lines.testkit';
import { registerLines } from './register-lines';

let store: Store;
busyStorePerTest((s) => (store = s));

describe('registerLines', () => {
	it('people (contact data included), then registrations, then the changes to them', () => {
		const items = itemsOf(registerLines(store, 'busy'));
		expect(items.map((i) => i.kind)).toEqual([...listPeople(store, 'busy').map(() => 'person'), ...listRegistrations(store, 'busy').map(() => 'registration'), ...listChanges(store, 'busy').map(() => 'registrationChange')]);
		expect(items.filter((i) => i.kind === 'person').map((i) => i.item.person)).toEqual(listPeople(store, 'busy'));
		expect(items.filter((i) => i.kind === 'person').map((i) => (i.item.person as { email?: string }).email)).toEqual(['p0@example.org', 'p1@example.org']);
		expect(items.filter((i) => i.kind === 'registrationChange').map((i) => i.item.change)).toEqual(listChanges(store, 'busy'));
	});
});
