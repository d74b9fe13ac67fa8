import { error, isHttpError, type Handle } from '@sveltejs/kit';

/**
 * How large a request's body may be. adapter-node's own limit (BODY_SIZE_LIMIT) counts every
 * body alike; a restore streams a backup of any size (hundreds of megabytes), so scripts/start.js
 * lifts that limit and this one applies instead, to every body but a restore's. Each endpoint
 * still enforces its own, smaller limit (a push 512 KiB, a set-up 8 MiB …).
 */
export const BODY_LIMIT = 64 * 1024 * 1024;

/** The paths whose body is read as a stream of any size. */
const UNLIMITED = new Set(['/api/restore']);

/** The request, its body cut at `maxBytes` (reading it beyond fails with 413), unless its path reads any size. */
export function limitBody(request: Request, pathname: string, maxBytes = BODY_LIMIT): Request {
	if (request.body === null || UNLIMITED.has(pathname)) return request;
	const tooLarge = () => {
		try {
			error(413, `the request's body holds at most ${maxBytes} bytes`);
		} catch (e) {
			if (isHttpError(e)) return e;
			throw e;
		}
	};
	const declared = Number(request.headers.get('content-length') ?? 0);
	let seen = 0;
	const counted = request.body.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			start(controller) {
				if (declared > maxBytes) controller.error(tooLarge());
			},
			transform(chunk, controller) {
				seen += chunk.byteLength;
				if (seen > maxBytes) controller.error(tooLarge());
				else controller.enqueue(chunk);
			}
		})
	);
	return new Request(request, { body: counted, duplex: 'half' } as RequestInit);
}

/** Bodies are limited here, not by adapter-node: a restore streams a backup of any size (src/hooks.server.ts composes it). */
export const bodyLimitHandle: Handle = ({ event, resolve }) => {
	event.request = limitBody(event.request, event.url.pathname);
	return resolve(event);
};
