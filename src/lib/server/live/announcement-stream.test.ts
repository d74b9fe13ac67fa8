import { describe, expect, it } from 'vitest';
import { Announcer } from './announcer';
import { announcementStream } from './announcement-stream';

/** Reads the stream until `until` appears in what was read. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: string, seen = { text: '' }): Promise<string> {
	const decoder = new TextDecoder();
	while (!seen.text.includes(until)) {
		const { value, done } = await reader.read();
		if (done) break;
		seen.text += decoder.decode(value, { stream: true });
	}
	return seen.text;
}

describe('announcementStream (issue 32 #1)', () => {
	it('opens with an "open" message, then one "events" message per announcement of its event, as SSE', async () => {
		const announcer = new Announcer();
		const device = new AbortController();
		const response = announcementStream(announcer, 'spring', device.signal);
		expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
		expect(response.headers.get('x-accel-buffering')).toBe('no');
		const reader = response.body!.getReader();
		const seen = { text: '' };
		await readUntil(reader, 'event: open', seen);
		expect(seen.text).toBe('retry: 5000\nevent: open\ndata: {}\n\n');
		announcer.announce('autumn', { cursor: 1, competitions: ['x'] });
		announcer.announce('spring', { cursor: 2, competitions: ['c1'] });
		await readUntil(reader, 'cursor', seen);
		expect(seen.text).toBe('retry: 5000\nevent: open\ndata: {}\n\nevent: events\ndata: {"cursor":2,"competitions":["c1"]}\n\n');
		device.abort();
		expect((await reader.read()).done).toBe(true);
		expect(announcer.listening()).toBe(0);
	});

	it('writes a comment while idle, and stops listening when the reader cancels', async () => {
		const announcer = new Announcer();
		const reader = announcementStream(announcer, 'spring', new AbortController().signal, 5).body!.getReader();
		const text = await readUntil(reader, ': still here\n\n');
		expect(text).toContain(': still here\n\n');
		expect(announcer.listening('spring')).toBe(1);
		await reader.cancel();
		expect(announcer.listening('spring')).toBe(0);
	});
});
