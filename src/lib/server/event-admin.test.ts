import { describe, expect, it } from 'vitest';
import { requireAdmin } from './admin';
import { createEvent } from './event-admin';
import { answerOf } from './http-error.testkit';
import { Store } from './store';
import { openTwoEvents } from './two-events.testkit';
import { authenticate } from './tokens';
import { storePerTest } from './store-per-test.testkit';

let store: Store;
storePerTest(openTwoEvents, (s) => (store = s));

describe('creating an event', () => {
	it('stores the event and answers its organizer key, which authenticates as the organizer of that event', () => {
		const created = createEvent(store, { event: { name: 'Jarní skládání Brno', date: '2027-03-20', venue: 'Sokolovna' }, label: 'Jana' }, 5);
		expect(created.eventId).toMatch(/^jarni-skladani-brno-[0-9a-f]{6}$/);
		expect(store.getEvent(created.eventId)).toEqual({ id: created.eventId, name: 'Jarní skládání Brno', date: '2027-03-20', venue: 'Sokolovna' });
		expect(authenticate(store, created.token)).toEqual({ id: created.device.id, eventId: created.eventId, role: 'organizer', label: 'Jana' });
	});

	it("keeps the event's language and currency, and refuses ones it does not know", () => {
		const created = createEvent(store, { event: { name: 'Copa', date: '2027-03-20', language: 'es', currency: 'EUR' } }, 5);
		expect(store.getEvent(created.eventId)).toEqual({ id: created.eventId, name: 'Copa', date: '2027-03-20', language: 'es', currency: 'EUR' });
		expect(answerOf(() => createEvent(store, { event: { name: 'X', date: '2027-03-20', language: 'de', currency: 'euro' } }, 1))).toEqual({ status: 400, message: expect.stringMatching(/event\.language: .*; event\.currency: /) });
	});

	it('refuses bad input with the field and reason (400) and a taken ID (409), storing nothing', () => {
		const before = store.countEvents();
		expect(answerOf(() => createEvent(store, { event: { name: '', date: '2027-02-30' } }, 1))).toEqual({ status: 400, message: expect.stringMatching(/event\.name: .*; event\.date: /) });
		expect(answerOf(() => createEvent(store, { event: { id: 'spring', name: 'Again', date: '2027-01-01' } }, 1))).toEqual({ status: 409, message: 'an event "spring" already exists on this server' });
		expect(answerOf(() => createEvent(store, null, 1)).status).toBe(400);
		expect(store.countEvents()).toBe(before);
	});
});

describe('the admin key', () => {
	const req = (auth?: string) => new Request('http://127.0.0.1/api/events', { method: 'POST', headers: auth ? { authorization: auth } : {} });
	it('is not needed when the server has none; when it has one, only that key passes', () => {
		expect(answerOf(() => requireAdmin(req(), undefined)).status).toBe(200);
		expect(answerOf(() => requireAdmin(req('Bearer s3cret-key'), 's3cret-key')).status).toBe(200);
		for (const auth of [undefined, 'Bearer wrong', 'Bearer s3cret-ke', 'Basic s3cret-key'])
			expect(answerOf(() => requireAdmin(req(auth), 's3cret-key')).status, String(auth)).toBe(401);
	});
});
