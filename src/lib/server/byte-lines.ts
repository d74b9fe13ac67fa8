/**
 * Splits a stream of bytes into lines (LF, or CRLF: the CR is left at the line's end) as the
 * bytes arrive, never holding more than the line being read: for NDJSON bodies of any size. The
 * lines are handed out as bytes, undecoded: the reader checks and decodes each.
 */

export class LineTooLongError extends Error {
	constructor(
		readonly lineNo: number,
		readonly maxBytes: number
	) {
		super(`line ${lineNo} is longer than ${maxBytes} bytes`);
	}
}

export interface Line {
	/** 1-based, counting blank lines too (as an editor shows them). */
	lineNo: number;
	bytes: Uint8Array;
	/** Where the line starts in the whole stream (bytes before it). */
	offset: number;
}

const LF = 0x0a;

export async function* byteLines(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, maxLineBytes: number): AsyncGenerator<Line> {
	let pending: Buffer[] = [];
	let pendingBytes = 0;
	let lineNo = 0;
	/** Bytes of the stream before the line being read. */
	let lineStart = 0;
	const finish = (bytes: Uint8Array): Line => {
		const line = { lineNo: ++lineNo, bytes, offset: lineStart };
		lineStart += bytes.length + 1;
		return line;
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
			if (line.bytes.length > 0) yield line;
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
	if (pendingBytes > 0) yield finish(Buffer.concat(pending));
}
