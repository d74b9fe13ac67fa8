/** One Server-Sent Events message: its event name ("message" when unnamed) and its data. */
export interface SseMessage {
	event: string;
	data: string;
}

/**
 * The messages of a text/event-stream body as they arrive (the WHATWG rules: `field: value`
 * lines, `data` lines joined by newlines, a blank line ends a message, `:` starts a comment,
 * CRLF, CR or LF). Read with fetch, not EventSource, so that a request can carry its
 * Authorization header.
 */
export async function* sseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
	const reader = body.getReader();
	const decoder = new TextDecoder();
	let buffered = '';
	let event = '';
	let data: string[] = [];
	try {
		for (;;) {
			const { value, done } = await reader.read();
			buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
			let end: RegExpExecArray | null;
			// A line ends at CRLF, LF or CR; a CR at the very end may be the first half of a CRLF.
			while ((end = /\r\n|\n|\r(?!$)/.exec(buffered)) || (done && buffered.endsWith('\r') && (end = /\r$/.exec(buffered)))) {
				const line = buffered.slice(0, end.index);
				buffered = buffered.slice(end.index + end[0].length);
				if (line === '') {
					if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
					event = '';
					data = [];
					continue;
				}
				if (line.startsWith(':')) continue;
				const colon = line.indexOf(':');
				const field = colon < 0 ? line : line.slice(0, colon);
				const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
				if (field === 'event') event = value;
				else if (field === 'data') data.push(value);
			}
			if (done) return;
		}
	} finally {
		reader.releaseLock();
	}
}
