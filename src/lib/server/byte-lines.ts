/**
 * Splits a stream of bytes into lines (LF, or CRLF) as the bytes arrive, never holding more
 * than the line being read: for NDJSON bodies of any size. Each line is decoded as UTF-8 and
 * refused when it is not valid UTF-8; blank lines are skipped.
 */

export class LineTooLongError extends Error {
	constructor(
		readonly lineNo: number,
		readonly maxBytes: number
	) {
		super(`line ${lineNo} is longer than ${maxBytes} bytes`);
	}
}

export class InvalidUtf8Error extends Error {
	constructor(readonly lineNo: number) {
		super(`line ${lineNo} is not valid UTF-8`);
	}
}

export interface Line {
	/** 1-based, counting blank lines too (as an editor shows them). */
	lineNo: number;
	text: string;
}

const LF = 0x0a;

export async function* byteLines(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, maxLineBytes: number): AsyncGenerator<Line> {
	// Each line is decoded on its own: a byte-order mark at its start is dropped.
	const decoder = new TextDecoder('utf-8', { fatal: true });
	let pending: Buffer[] = [];
	let pendingBytes = 0;
	let lineNo = 0;
	const finish = (bytes: Buffer): Line | null => {
		lineNo++;
		let text: string;
		try {
			text = decoder.decode(bytes);
		} catch {
			throw new InvalidUtf8Error(lineNo);
		}
		return text.trim() === '' ? null : { lineNo, text };
	};
	for await (const chunk of chunks) {
		const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
		let start = 0;
		for (;;) {
			const nl = buf.indexOf(LF, start);
			if (nl < 0) break;
			const part = buf.subarray(start, nl);
			if (pendingBytes + part.length > maxLineBytes) throw new LineTooLongError(lineNo + 1, maxLineBytes);
			const line = finish(pending.length === 0 ? part : Buffer.concat([...pending, part]));
			pending = [];
			pendingBytes = 0;
			if (line) yield line;
			start = nl + 1;
		}
		if (start < buf.length) {
			const rest = buf.subarray(start);
			pendingBytes += rest.length;
			if (pendingBytes > maxLineBytes) throw new LineTooLongError(lineNo + 1, maxLineBytes);
			// Copied: the caller may reuse the chunk's memory once it asks for the next one.
			pending.push(Buffer.from(rest));
		}
	}
	if (pendingBytes > 0) {
		const line = finish(Buffer.concat(pending));
		if (line) yield line;
	}
}
