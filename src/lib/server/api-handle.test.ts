import type { Handle } from '@sveltejs/kit';
import { describe, expect, it } from 'vitest';
import { apiOrPages } from './api-handle';

type Input = Parameters<Handle>[0];

/** A request to `path` run through apiOrPages: which way it went, and the answer. */
async function route(path: string, init: RequestInit = {}) {
	const ways: string[] = [];
	const pages: Handle = ({ event, resolve }) => (ways.push('pages'), resolve(event));
	const event = { request: new Request(`http://x${path}`, init), url: new URL(`http://x${path}`) };
	const resolve = async () => (ways.push('endpoint'), new Response('{}', { headers: { 'content-type': 'application/json' } }));
	const response = await apiOrPages(pages)({ event, resolve } as unknown as Input);
	return { ways, response, accept: event.request.headers.get('accept') };
}

describe('apiOrPages: /api and the pages go their own ways (issue 31 #7)', () => {
	it('sends an API request to the endpoint without the page hooks, asking for JSON', async () => {
		const { ways, response, accept } = await route('/api/health');
		expect(ways).toEqual(['endpoint']);
		expect(response.status).toBe(200);
		expect(accept).toBe('application/json');
	});

	it('refuses a form posted to /api with a JSON 415 before any endpoint or page hook', async () => {
		const { ways, response } = await route('/api/events', { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3' } });
		expect(ways).toEqual([]);
		expect(response.status).toBe(415);
		expect(await response.json()).toHaveProperty('message');
	});

	it('sends a page through the page hooks', async () => {
		const { ways } = await route('/organizer');
		expect(ways).toEqual(['pages', 'endpoint']);
	});
});
