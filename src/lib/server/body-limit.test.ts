import { isHttpError } from '@sveltejs/kit';
import { describe, expect, it } from 'vitest';
import { bodyLimitHandle, limitBody } from './body-limit';

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) => new Request(`http://x${path}`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
/** A body of `n` bytes sent in pieces, without a declared length. */
const streamed = (n: number, piece = 1000) =>
	new ReadableStream<Uint8Array>({
		start(c) {
			for (let sent = 0; sent < n; sent += piece) c.enqueue(new Uint8Array(Math.min(piece, n - sent)).fill(120));
			c.close();
		}
	});
const statusOf = async (p: Promise<unknown>) => {
	try {
		await p;
		return 200;
	} catch (e) {
		return isHttpError(e) ? e.status : String(e);
	}
};

describe('limitBody: every body is limited, but a restore\'s (issue 12, point 5)', () => {
	it('cuts a body at the limit with 413, whether its length is declared or not', async () => {
		expect(await statusOf(limitBody(post('/api/events', 'x'.repeat(100)), '/api/events', 100).text())).toBe(200);
		expect(await statusOf(limitBody(post('/api/events', 'x'.repeat(101)), '/api/events', 100).text())).toBe(413);
		expect(await statusOf(limitBody(post('/api/events', streamed(5000)), '/api/events', 4999).arrayBuffer())).toBe(413);
		expect((await limitBody(post('/api/events', streamed(5000)), '/api/events', 5000).arrayBuffer()).byteLength).toBe(5000);
	});

	it('lets a restore read a body of any size, as it comes', async () => {
		const request = post('/api/restore', streamed(200_000, 10_000));
		expect(limitBody(request, '/api/restore', 100)).toBe(request);
		expect((await limitBody(request, '/api/restore', 100).arrayBuffer()).byteLength).toBe(200_000);
		const get = new Request('http://x/api/health');
		expect(limitBody(get, '/api/health', 1)).toBe(get);
	});
});

describe('bodyLimitHandle', () => {
	it('hands the endpoint the limited request: a body beyond 64 MiB fails with 413 as it is read', async () => {
		const event = { request: post('/api/events', 'x', { 'content-length': String(64 * 1024 * 1024 + 1) }), url: new URL('http://x/api/events') };
		const seen: Request[] = [];
		await bodyLimitHandle({ event, resolve: async (e: { request: Request }) => (seen.push(e.request), new Response('ok')) } as unknown as Parameters<typeof bodyLimitHandle>[0]);
		expect(seen).toHaveLength(1);
		expect(await statusOf(seen[0]!.text())).toBe(413);
	});
});
