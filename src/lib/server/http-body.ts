import { error, isHttpError } from '@sveltejs/kit';
import { announcesBody } from './api-request';
import { JsonBodyError, parseJsonBytes } from './json-body';

/**
 * A request's body, read by the endpoints that take one (whole, within their size limit, or as
 * a stream: a restore): refused when the client stops sending (a Content-Length longer than what
 * arrives) and logged in one line, without a stack trace, when the client goes away in the
 * middle (an aborted upload).
 */

/** Seconds without a byte of the body after which it is refused (408). BODY_IDLE_TIMEOUT overrides. */
export const DEFAULT_BODY_IDLE_SECONDS = 30;

function idleTimeoutMs(): number {
	const configured = Number(process.env.BODY_IDLE_TIMEOUT);
	return (Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_BODY_IDLE_SECONDS) * 1000;
}

/** Requests whose body was left partly unread (answered early): their connection must close. */
const unfinished = new WeakSet<Request>();

/**
 * True when the request announced a body that was not read to its end: the answer must close
 * the connection, or the rest of the body would be read as the next request. A body without a
 * Content-Type reaches the app as none at all (SvelteKit), hence the headers.
 */
export function bodyLeftUnread(request: Request): boolean {
	if (!announcesBody(request)) return false;
	return request.body === null || !request.bodyUsed || unfinished.has(request);
}

class IdleTimeout extends Error {}

/** Requests whose body failed while it was read (it stopped arriving, or the client went away): nothing more comes. */
const broken = new WeakSet<Request>();

/**
 * The request's body as it arrives, chunk by chunk (nothing when there is none), for every
 * endpoint that reads one: readBodyBytes below, and a restore, which reads a backup of any size
 * as a stream. 408 when no byte comes for BODY_IDLE_TIMEOUT; an aborted upload is logged in one
 * line, without a stack trace, and answered 400 (nobody hears it); SvelteKit's own refusals of
 * the stream keep their status. Stopping early leaves the rest unread, the stream released (not
 * cancelled), so that drainBody can read it.
 */
export async function* bodyChunks(request: Request, what: string): AsyncGenerator<Uint8Array> {
	if (!request.body) return;
	const reader = request.body.getReader();
	let size = 0;
	let ended = false;
	const idleMs = idleTimeoutMs();
	try {
		for (;;) {
			let next: ReadableStreamReadResult<Uint8Array>;
			try {
				next = await withinIdle(reader.read(), idleMs);
			} catch (e) {
				broken.add(request);
				refuseBrokenBody(request, e, size, idleMs, what);
			}
			if (next.done) {
				ended = true;
				return;
			}
			size += next.value.byteLength;
			yield next.value;
		}
	} finally {
		if (!ended) unfinished.add(request);
		reader.releaseLock();
	}
}

/** Why reading a body failed, as the HTTP error it is answered with. */
function refuseBrokenBody(request: Request, e: unknown, size: number, idleMs: number, what: string): never {
	if (isHttpError(e)) throw e;
	if (e instanceof IdleTimeout) {
		const declared = request.headers.get('content-length');
		error(408, `${what} stopped arriving: nothing for ${idleMs / 1000} s after ${size} bytes${declared ? ` of the ${declared} that Content-Length announced` : ''}`);
	}
	// SvelteKit's own refusals of the stream (more bytes than BODY_SIZE_LIMIT or Content-Length).
	const status = (e as { status?: unknown }).status;
	if (typeof status === 'number' && status >= 400 && status < 500) error(status, e instanceof Error ? e.message : String(e));
	// The client went away (or its connection broke) in the middle of the body: nobody hears an answer.
	console.warn(`${request.method} ${new URL(request.url).pathname}: the client aborted the upload after ${size} bytes (${e instanceof Error ? e.message : String(e)})`);
	error(400, `${what} was interrupted after ${size} bytes`);
}

/**
 * Reads what is left of a body that was refused before its end, so that a client still sending
 * hears the answer instead of a reset connection (with the same idle timeout); nothing when the
 * body broke (it stopped arriving, or its client went away) or was read to its end.
 */
export async function drainBody(request: Request, what: string): Promise<void> {
	if (!request.body || broken.has(request) || request.body.locked) return;
	try {
		for await (const _ of bodyChunks(request, what)) void _;
		unfinished.delete(request);
	} catch {
		// It broke while drained: the connection closes after the answer.
	}
}

/** The whole body as bytes (an empty array when there is none). */
export async function readBodyBytes(request: Request, maxBytes: number, what: string): Promise<Uint8Array> {
	const tooLarge = () => error(413, `${what} holds at most ${maxBytes} bytes`);
	if (Number(request.headers.get('content-length') ?? 0) > maxBytes) tooLarge();
	const chunks: Uint8Array[] = [];
	let size = 0;
	for await (const chunk of bodyChunks(request, what)) {
		size += chunk.byteLength;
		if (size > maxBytes) tooLarge();
		chunks.push(chunk);
	}
	return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/** `read` unless no byte comes within `ms`; a read still pending then is left to fail quietly. */
function withinIdle<T>(read: Promise<T>, ms: number): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const idle = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new IdleTimeout()), ms);
	});
	read.catch(() => undefined);
	return Promise.race([read, idle]).finally(() => clearTimeout(timer));
}

/**
 * The request's JSON body, within `maxBytes`: 413 when larger (said before reading when the
 * length is declared), 400 with the reason (and the field) when it nests too deep, is not
 * UTF-8, holds a lone surrogate or is not JSON (json-body.ts).
 */
export async function readJsonBody(request: Request, maxBytes: number, what: string): Promise<unknown> {
	const bytes = await readBodyBytes(request, maxBytes, what);
	try {
		return parseJsonBytes(bytes);
	} catch (e) {
		if (e instanceof JsonBodyError) error(400, e.message);
		throw e;
	}
}
