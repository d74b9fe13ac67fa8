/** A web stream's chunks as an async iterable; stopping early releases the stream (not cancelled), so that the rest can be drained. */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
	const reader = stream.getReader();
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) return;
			yield value;
		}
	} finally {
		reader.releaseLock();
	}
}

/** Reads what is left of a stream and throws it away; quiet when the stream failed or is already read. */
export async function drain(stream: ReadableStream<Uint8Array>): Promise<void> {
	try {
		if (stream.locked) return;
		for await (const _ of streamChunks(stream)) void _;
	} catch {
		// The client went away, or the body was cut by a limit: nothing more to read.
	}
}
