import { describe, expect, it } from 'vitest';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import { demoOrganizerKey } from './demo-key';
import type { Store } from './store';
import { authenticate } from './tokens';
import { storePerTest } from './store-per-test.testkit';

let store: Store;
storePerTest(openStore, (s) => (store = s));

describe("the demo event's organizer key", () => {
	it('is issued on the first start only, and lets the organizer in', () => {
		const key = demoOrganizerKey(store, 1)!;
		expect(authenticate(store, key.token)).toMatchObject({ eventId: DEMO_EVENT_ID, role: 'organizer', label: 'Demo organizer' });
		expect(demoOrganizerKey(store, 2)).toBeNull();
	});
});
