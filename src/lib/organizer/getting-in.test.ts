import { describe, expect, it } from 'vitest';
import { SyncApi } from '$lib/sync/client/api';
import type { CreatedEvent } from '$lib/contract';
import { loadPairing } from '$lib/sync/client/pairing';
import { createEventAndPair, keyFileName, keyFileText, normalizeServer, signInWithKey } from './getting-in';
import { memoryDb } from '$lib/db/testkit';

const SERVER = 'http://judge.test';
const KEY = 'organizer-key-0123456789abcdefghij';

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };

function api(handler: Handler, token?: string) {
	const calls: { url: string; init: RequestInit }[] = [];
	const fetch = async (url: string, init: RequestInit = {}) => {
		calls.push({ url, init });
		const { status, body } = handler(url, init);
		return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
	};
	return { api: new SyncApi({ server: SERVER, token, fetch, setTimeout, clearTimeout }), calls };
}

describe('getting in as the organizer', () => {
	it('creating an event saves an organizer pairing with the answer’s key, sending the admin key when given', async () => {
		const db = memoryDb();
		const { api: a, calls } = api(() => ({
			status: 201,
			body: { eventId: 'spring-cup', event: { id: 'spring-cup', name: 'Spring cup', date: '2026-05-16' }, device: { id: 'd1', role: 'organizer', label: 'Desk' }, token: KEY } satisfies CreatedEvent
		}));
		const { pairing, eventName } = await createEventAndPair(db, a, { name: ' Spring cup ', date: '2026-05-16', venue: '', label: 'Desk' }, ' admin-secret ');
		expect(eventName).toBe('Spring cup');
		expect(pairing).toEqual({ server: SERVER, eventId: 'spring-cup', role: 'organizer', deviceLabel: 'Desk', token: KEY });
		expect(await loadPairing(db)).toEqual(pairing);
		expect(calls[0]!.url).toBe(`${SERVER}/api/events`);
		expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer admin-secret');
		expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ event: { name: 'Spring cup', date: '2026-05-16' }, label: 'Desk' });
	});

	it("carries the event's language and currency (the currency in capitals)", async () => {
		const db = memoryDb();
		const { api: a, calls } = api(() => ({ status: 201, body: { eventId: 'copa', event: { id: 'copa', name: 'Copa', date: '2026-05-16', language: 'es', currency: 'EUR' }, device: { id: 'dev-1', role: 'organizer', label: 'Desk' }, token: KEY } }));
		await createEventAndPair(db, a, { name: 'Copa', date: '2026-05-16', language: 'es', currency: ' eur ', label: 'Desk' });
		expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ event: { name: 'Copa', date: '2026-05-16', language: 'es', currency: 'EUR' }, label: 'Desk' });
	});

	it('a refused creation saves nothing', async () => {
		const db = memoryDb();
		const { api: a } = api(() => ({ status: 401, body: { message: 'the admin key is required' } }));
		await expect(createEventAndPair(db, a, { name: 'X', date: '2026-05-16', label: 'Desk' })).rejects.toThrow(/admin key/);
		expect(await loadPairing(db)).toBeNull();
	});

	it('an organizer key of the event is checked with GET /api/device and saved; a judge’s or another event’s is not', async () => {
		const answer = (role: string, eventId: string) => () => ({ status: 200, body: { device: { id: 'd1', eventId, role, label: 'Laptop' } } });
		const db = memoryDb();
		const { api: ok, calls } = api(answer('organizer', 'demo'), KEY);
		const r = await signInWithKey(db, ok, 'demo', ` ${KEY} `);
		expect(r).toEqual({ ok: true, pairing: { server: SERVER, eventId: 'demo', role: 'organizer', deviceLabel: 'Laptop', token: KEY } });
		expect(calls[0]!.url).toBe(`${SERVER}/api/device`);
		expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe(`Bearer ${KEY}`);

		const db2 = memoryDb();
		expect(await signInWithKey(db2, api(answer('judge', 'demo'), KEY).api, 'demo', KEY)).toEqual({ ok: false, problem: 'not-organizer', role: 'judge' });
		expect(await signInWithKey(db2, api(answer('organizer', 'other'), KEY).api, 'demo', KEY)).toEqual({ ok: false, problem: 'other-event', eventId: 'other' });
		expect(await loadPairing(db2)).toBeNull();
		await expect(signInWithKey(db2, api(() => ({ status: 401, body: { message: 'revoked' } }), KEY).api, 'demo', KEY)).rejects.toMatchObject({ kind: 'auth' });
	});

	it('server addresses and the key file', () => {
		expect(normalizeServer(' judge.example:3000/pair ')).toBe('http://judge.example:3000');
		expect(normalizeServer('https://judge.example/')).toBe('https://judge.example');
		expect(normalizeServer('')).toBeNull();
		expect(normalizeServer('http://')).toBeNull();
		const text = keyFileText({ server: SERVER, eventId: 'demo', token: KEY }, 'Demo day');
		expect(text).toContain(`Organizer key: ${KEY}`);
		expect(text).toContain(`Server: ${SERVER}`);
		expect(text).toContain('Event ID: demo');
		expect(keyFileName('spring cup/2026')).toBe('organizer-key-spring-cup-2026.txt');
	});
});
