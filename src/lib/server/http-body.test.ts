import { isHttpError } from '@sveltejs/kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyChunks, bodyLeftUnread, drainBody, readBodyBytes, readJsonBody } from './http-body';

/** A POST whose body is the given chunks; `then`: what the stream does after them (nothing: it stays open). */
function streamed(chunks: string[], then: 'end' | 'error' | 'stall', headers: Record<string, string> = {}): Request {
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
			if (then === 'end') controller.close();
			// After the chunks are read (an error drops what is queued), as a connection that breaks mid-upload.
			if (then === 'error') setTimeout(() => controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })), 20);
		}
	});
	return new Request('http://x/api/restore', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, duplex: 'half' } as RequestInit);
}

async function statusOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
	try {
		await promise;
	} catch (e) {
		if (isHttpError(e)) return { status: e.status, message: e.body.message };
		throw e;
	}
	return { status: 200, message: '' };
}

afterEach(() => {
	vi.unstubAllEnvs();
	vi.restoreAllMocks();
});

describe('readBodyBytes', () => {
	it('reads a body in chunks', async () => {
		expect(Buffer.from(await readBodyBytes(streamed(['{"a":', '1}'], 'end'), 100, 'a test')).toString()).toBe('{"a":1}');
		expect(await readBodyBytes(new Request('http://x', { method: 'POST' }), 100, 'a test')).toHaveLength(0);
	});

	it('refuses more than the limit: from Content-Length before reading, else as the bytes come', async () => {
		expect(await statusOf(readBodyBytes(streamed(['x'], 'stall', { 'content-length': '101' }), 100, 'a test'))).toEqual({ status: 413, message: 'a test holds at most 100 bytes' });
		const chunked = streamed(['x'.repeat(60), 'x'.repeat(60)], 'stall');
		expect((await statusOf(readBodyBytes(chunked, 100, 'a test'))).status).toBe(413);
	});

	it('answers 408 when the body stops arriving (a Content-Length longer than what is sent), and the connection is to close', async () => {
		vi.stubEnv('BODY_IDLE_TIMEOUT', '0.2');
		const request = streamed(['{"format":'], 'stall', { 'content-length': '500' });
		const started = Date.now();
		expect(await statusOf(readBodyBytes(request, 1000, 'a backup'))).toEqual({ status: 408, message: 'a backup stopped arriving: nothing for 0.2 s after 10 bytes of the 500 that Content-Length announced' });
		expect(Date.now() - started).toBeLessThan(2000);
		expect(bodyLeftUnread(request)).toBe(true);
	});

	it('logs an aborted upload in one line, without a stack trace, and answers 400 (nobody hears it)', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
		const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
		expect(await statusOf(readBodyBytes(streamed(['{"format":"'], 'error', { 'content-length': '500' }), 1000, 'a backup'))).toEqual({ status: 400, message: 'a backup was interrupted after 11 bytes' });
		expect(warn.mock.calls).toEqual([['POST /api/restore: the client aborted the upload after 11 bytes (aborted)']]);
		expect(error).not.toHaveBeenCalled();
	});
});

describe('readJsonBody', () => {
	it('answers 400 with the field for what json-body.ts refuses', async () => {
		expect(await statusOf(readJsonBody(streamed(['{"a":"\\ud800"}'], 'end'), 100, 'a test'))).toEqual({ status: 400, message: 'a: a lone UTF-16 surrogate escape (byte 6) is not text; send whole characters' });
		expect((await statusOf(readJsonBody(streamed(['['.repeat(100)], 'end'), 1000, 'a test'))).message).toMatch(/deeper than 64 levels/);
	});
});

describe('bodyChunks: a body read as it arrives (a restore)', () => {
	const readAll = async (request: Request) => {
		let bytes = 0;
		for await (const chunk of bodyChunks(request, 'the backup')) bytes += chunk.byteLength;
		return bytes;
	};

	it('logs an aborted upload in one line, without a stack trace, and answers 400, as a whole body does', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
		const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
		expect(await statusOf(readAll(streamed(['{"format":', '"x'], 'error', { 'content-length': '5000' })))).toEqual({ status: 400, message: 'the backup was interrupted after 12 bytes' });
		expect(warn.mock.calls).toEqual([['POST /api/restore: the client aborted the upload after 12 bytes (aborted)']]);
		expect(error).not.toHaveBeenCalled();
	});

	it('answers 408 when the body stops arriving; nothing is drained then, and the connection is to close', async () => {
		vi.stubEnv('BODY_IDLE_TIMEOUT', '0.2');
		const request = streamed(['{"format":'], 'stall', { 'content-length': '500' });
		expect(await statusOf(readAll(request))).toEqual({ status: 408, message: 'the backup stopped arriving: nothing for 0.2 s after 10 bytes of the 500 that Content-Length announced' });
		const started = Date.now();
		await drainBody(request, 'the rest');
		expect(Date.now() - started).toBeLessThan(100);
		expect(bodyLeftUnread(request)).toBe(true);
	});

	it('stopped early (a refusal), it leaves the rest for drainBody, which reads it: the connection can stay open', async () => {
		const request = streamed(['{"a":', '1', '}'], 'end', { 'content-length': '7' });
		for await (const _ of bodyChunks(request, 'the backup')) break;
		expect(bodyLeftUnread(request)).toBe(true);
		await drainBody(request, 'the rest');
		expect(bodyLeftUnread(request)).toBe(false);
	});
});
