import { describe, expect, it } from 'vitest';
import { sseMessages, type SseMessage } from './sse-messages';

/** A body that arrives in these pieces. */
const body = (...pieces: string[]) =>
	new ReadableStream<Uint8Array>({
		start(c) {
			for (const p of pieces) c.enqueue(new TextEncoder().encode(p));
			c.close();
		}
	});

async function all(stream: ReadableStream<Uint8Array>): Promise<SseMessage[]> {
	const out: SseMessage[] = [];
	for await (const m of sseMessages(stream)) out.push(m);
	return out;
}

describe('sseMessages (issue 32 #1)', () => {
	it('reads named messages, skips comments and the retry field, joins data lines', async () => {
		expect(await all(body('retry: 5000\nevent: open\ndata: {}\n\n: still here\n\nevent: events\ndata: {"cursor":2,\ndata: "competitions":[]}\n\n'))).toEqual([
			{ event: 'open', data: '{}' },
			{ event: 'events', data: '{"cursor":2,\n"competitions":[]}' }
		]);
	});

	it('takes a message split anywhere across chunks, a character split across bytes, and CRLF or CR line ends', async () => {
		const bytes = new TextEncoder().encode('event: events\r\ndata: Šťastná\r\r');
		const stream = new ReadableStream<Uint8Array>({
			start(c) {
				for (let i = 0; i < bytes.length; i += 3) c.enqueue(bytes.slice(i, i + 3));
				c.close();
			}
		});
		expect(await all(stream)).toEqual([{ event: 'events', data: 'Šťastná' }]);
	});

	it('gives an unnamed message the name "message", and drops a message the stream cut before its blank line', async () => {
		expect(await all(body('data: a\n\ndata: cut'))).toEqual([{ event: 'message', data: 'a' }]);
	});
});
