import { test as base } from 'vitest';
import { BASE } from '../sync-kit';

/**
 * The part of Playwright's `request` fixture (APIRequestContext, APIResponse) that the HTTP tests
 * use, over fetch against this worker's server (tests/sync-kit.ts BASE), so that their bodies read
 * as they did under Playwright: `test('…', async ({ request }) => { const res = await
 * request.get('/api/…', { headers }); res.status(); await res.json(); })`.
 *
 * As Playwright's: a path is resolved against the server's address; `data` that is an object is
 * sent as JSON (Content-Type application/json unless given), a Buffer or a string as it is
 * (application/octet-stream unless given); redirects are followed; the answer's body is read whole
 * before the call resolves, so text() and json() can be called any number of times; a status of
 * 4xx or 5xx is an answer like any other, not an error.
 */

export interface RequestOptions {
	headers?: Record<string, string>;
	data?: unknown;
	/** The request's method (fetch() only; GET unless given). */
	method?: string;
}

export interface APIResponse {
	status(): number;
	/** The answer's headers, their names in lower case. */
	headers(): Record<string, string>;
	text(): Promise<string>;
	json(): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- as Playwright's
}

export interface APIRequestContext {
	fetch(path: string, options?: RequestOptions): Promise<APIResponse>;
	get(path: string, options?: Omit<RequestOptions, 'method'>): Promise<APIResponse>;
	post(path: string, options?: Omit<RequestOptions, 'method'>): Promise<APIResponse>;
	delete(path: string, options?: Omit<RequestOptions, 'method'>): Promise<APIResponse>;
}

/** A request context whose paths are resolved against `baseURL`. */
export function apiRequest(baseURL = BASE): APIRequestContext {
	const send = async (path: string, { method = 'GET', headers = {}, data }: RequestOptions = {}): Promise<APIResponse> => {
		const sent = new Headers(headers);
		let body: string | Uint8Array<ArrayBuffer> | undefined;
		if (data !== undefined) {
			const raw = typeof data === 'string' || Buffer.isBuffer(data);
			body = typeof data === 'string' ? data : Buffer.isBuffer(data) ? new Uint8Array(data) : JSON.stringify(data);
			if (!sent.has('content-type')) sent.set('content-type', raw ? 'application/octet-stream' : 'application/json');
		}
		const res = await fetch(new URL(path, baseURL), { method: method.toUpperCase(), headers: sent, body, signal: AbortSignal.timeout(30_000) });
		const bytes = Buffer.from(await res.arrayBuffer());
		const answerHeaders = Object.fromEntries(res.headers);
		return {
			status: () => res.status,
			headers: () => ({ ...answerHeaders }),
			text: async () => bytes.toString('utf8'),
			json: async () => JSON.parse(bytes.toString('utf8'))
		};
	};
	return {
		fetch: send,
		get: (path, options) => send(path, { ...options, method: 'GET' }),
		post: (path, options) => send(path, { ...options, method: 'POST' }),
		delete: (path, options) => send(path, { ...options, method: 'DELETE' })
	};
}

/** Vitest's `test` with Playwright's `request` fixture: a request context against this worker's server, per test. */
export const test = base.extend<{ request: APIRequestContext }>({
	// eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from its first parameter
	request: async ({}, use) => {
		await use(apiRequest());
	}
});
