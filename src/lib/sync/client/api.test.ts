import { describe, expect, it } from 'vitest';
import { SyncApi } from './api';
import { ApiError, StaleRecordError } from './errors';
import type { FetchLike } from './environment';
import { ManualTimers } from './fake-server.testkit';

function apiAnswering(fetch: FetchLike, timers = new ManualTimers()) {
	return new SyncApi({ server: 'http://s.test/', token: 't'.repeat(24), fetch, setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout, timeoutMs: 5000 });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
	const e = await promise.then(
		() => null,
		(e: unknown) => e
	);
	expect(e).toBeInstanceOf(ApiError);
	return e as ApiError;
}

describe('SyncApi', () => {
	it('sends the token and the body to the contract’s path', async () => {
		const seen: { url: string; init: RequestInit }[] = [];
		const api = apiAnswering(async (url, init = {}) => {
			seen.push({ url, init });
			return json(200, { stored: [], duplicates: [], conflicts: [], refused: [] });
		});
		await api.push('ev 1', { events: [] });
		expect(seen[0]!.url).toBe('http://s.test/api/events/ev%201/judge-events');
		expect(seen[0]!.init.method).toBe('POST');
		expect((seen[0]!.init.headers as Record<string, string>).authorization).toBe(`Bearer ${'t'.repeat(24)}`);
		expect(JSON.parse(seen[0]!.init.body as string)).toEqual({ events: [] });
	});

	it('says the display mode with each request made with a token, and not without one', async () => {
		const headers: Record<string, string>[] = [];
		const timers = new ManualTimers();
		let mode: 'standalone' | 'browser' | null = 'standalone';
		const api = new SyncApi({
			server: 'http://s.test',
			token: 't'.repeat(24),
			fetch: async (_url, init = {}) => {
				headers.push(init.headers as Record<string, string>);
				return json(200, { events: [], cursor: 0, more: false, store: 's' });
			},
			setTimeout: timers.setTimeout,
			clearTimeout: timers.clearTimeout,
			displayMode: () => mode
		});
		await api.pull('e', 0, 10);
		mode = 'browser';
		await api.pull('e', 0, 10);
		mode = null;
		await api.pull('e', 0, 10);
		await api.time().catch(() => {});
		expect(headers.map((h) => h['x-display-mode'])).toEqual(['standalone', 'browser', undefined, undefined]);
	});

	it('sorts failures by what to do about them', async () => {
		const cases: [number, string][] = [
			[401, 'auth'],
			[403, 'auth'],
			[413, 'too-large'],
			[400, 'client'],
			[404, 'client'],
			[500, 'server'],
			[503, 'server']
		];
		for (const [status, kind] of cases) {
			const e = await errorOf(apiAnswering(async () => json(status, { message: `m${status}` })).pull('ev1', 0, 10));
			expect(e.kind, String(status)).toBe(kind);
			expect(e.status).toBe(status);
			expect(e.message).toBe(`m${status}`);
			expect(e.reachedServer).toBe(true);
		}
		const down = await errorOf(apiAnswering(async () => Promise.reject(new TypeError('fetch failed'))).time());
		expect(down.kind).toBe('unreachable');
		expect(down.reachedServer).toBe(false);
		const nonsense = await errorOf(apiAnswering(async () => new Response('<html>captive portal</html>', { status: 200 })).pull('ev1', 0, 10));
		expect(nonsense.kind).toBe('bad-answer');
	});

	it('hands a stale edit’s 409 over with the record as it is now and the one sent, a plain 409 as a client error', async () => {
		const conflict = { kind: 'person', current: { name: 'Now' }, sent: { name: 'Sent' } };
		const stale = await errorOf(apiAnswering(async () => json(409, { message: 'changed since', conflict })).changePerson('ev1', 'p1', { person: { name: 'Sent' }, expectedVersion: 1 }));
		expect(stale).toBeInstanceOf(StaleRecordError);
		expect((stale as StaleRecordError).conflict).toEqual(conflict);
		expect(stale.status).toBe(409);
		const plain = await errorOf(apiAnswering(async () => json(409, { message: 'already cancelled' })).actOnRegistration('ev1', 'r1', { action: 'cancel', expectedVersion: 1 }));
		expect(plain).not.toBeInstanceOf(StaleRecordError);
		expect(plain.kind).toBe('client');
	});

	it('gives up after the timeout and says so', async () => {
		const timers = new ManualTimers();
		const api = apiAnswering(
			(_url, init = {}) =>
				new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
			timers
		);
		const pending = errorOf(api.time());
		expect(timers.delays()).toEqual([5000]);
		timers.fireNext();
		expect((await pending).kind).toBe('timeout');
	});
});
