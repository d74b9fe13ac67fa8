import { describe, expect, it } from 'vitest';
import { finishApiResponse } from './api-response';
import { readBodyBytes } from './http-body';

const get = (path: string, init: RequestInit = {}) => new Request(`http://x${path}`, init);
const answer = async (r: Response) => ({ status: r.status, type: r.headers.get('content-type'), connection: r.headers.get('connection'), body: await r.json() });

describe('finishApiResponse', () => {
	it('leaves answers that went well alone', async () => {
		const ok = new Response('[]', { headers: { 'content-type': 'application/json' } });
		expect(await finishApiResponse(get('/api/x'), ok)).toBe(ok);
	});

	it('turns HTML and text errors into JSON {message}: unknown address, method not allowed, other statuses', async () => {
		const html = new Response('<!doctype html><title>Not found</title>', { status: 404, headers: { 'content-type': 'text/html' } });
		expect(await answer(await finishApiResponse(get('/api/nope'), html))).toEqual({ status: 404, type: 'application/json', connection: null, body: { message: 'there is no /api/nope on this server (docs/sync.md lists the API)' } });
		const r405 = await finishApiResponse(get('/api/health', { method: 'DELETE' }), new Response('DELETE method not allowed', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain' } }));
		expect(r405.headers.get('allow')).toBe('GET, HEAD');
		expect((await answer(r405)).body).toEqual({ message: 'DELETE is not allowed here; this address takes GET, HEAD' });
		expect((await answer(await finishApiResponse(get('/api/x'), new Response('Cross-site POST form submissions are forbidden', { status: 403, headers: { 'content-type': 'text/plain' } })))).body).toEqual({ message: 'Cross-site POST form submissions are forbidden' });
		expect((await answer(await finishApiResponse(get('/api/x'), new Response('<html></html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } })))).body).toEqual({ message: 'GET /api/x failed (HTTP 502 Bad Gateway)' });
	});

	it('keeps JSON errors as they are', async () => {
		const error = new Response('{"message":"no"}', { status: 403, headers: { 'content-type': 'application/json' } });
		expect(await finishApiResponse(get('/api/x'), error)).toBe(error);
	});

	it('closes the connection when an error leaves the announced body unread, not when it was read', async () => {
		const err = () => new Response('{"message":"no"}', { status: 401, headers: { 'content-type': 'application/json' } });
		const unread = get('/api/x', { method: 'POST', body: '{}', headers: { 'content-length': '2' } });
		expect((await finishApiResponse(unread, err())).headers.get('connection')).toBe('close');
		// A body SvelteKit left out (no Content-Type) is unread too.
		expect((await finishApiResponse(get('/api/x', { method: 'POST', headers: { 'content-length': '9' } }), err())).headers.get('connection')).toBe('close');
		const read = get('/api/x', { method: 'POST', body: '{}', headers: { 'content-length': '2' } });
		await readBodyBytes(read, 100, 'a test');
		expect((await finishApiResponse(read, err())).headers.get('connection')).toBeNull();
	});
});
