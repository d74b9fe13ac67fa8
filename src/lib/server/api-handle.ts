import type { Handle } from '@sveltejs/kit';
import { isApiPath, nonJsonBodyReason } from './api-request';
import { apiError, finishApiResponse } from './api-response';

/**
 * /api and the pages go their own ways (src/hooks.server.ts): an API request meets no page
 * hook (it speaks no language, and Paraglide's copy of the request would tee its body: an
 * upload held twice, its abort unseen; it refuses every body that is not JSON, which covers
 * forms), a page none of the API's.
 */
export function apiOrPages(pages: Handle): Handle {
	return (input) => (isApiPath(input.event.url.pathname) ? apiHandle(input) : pages(input));
}

/**
 * The `handle` of /api (apiOrPages gives it the API's requests only): a body that is not JSON is refused
 * with 415 before an endpoint reads it, errors are always JSON `{ message }` whatever the
 * client's Accept header says (SvelteKit answers a thrown `error()` with an HTML page to a
 * client that accepts HTML or sends no Accept), and answers that leave a body unread close
 * the connection (api-response.ts).
 */
export const apiHandle: Handle = async ({ event, resolve }) => {
	const refused = nonJsonBodyReason(event.request, event.url.pathname);
	if (refused) return finishApiResponse(event.request, apiError(415, refused));
	event.request = withJsonAccept(event.request);
	const response = await resolve(event);
	// The request as the endpoint read it.
	return finishApiResponse(event.request, response);
};

/** The request asking for JSON: SvelteKit picks the form of its error answers by Accept. */
function withJsonAccept(request: Request): Request {
	if (request.headers.get('accept') === 'application/json') return request;
	try {
		request.headers.set('accept', 'application/json');
		return request;
	} catch {
		// Immutable headers: a copy that takes over the body.
		const headers = new Headers(request.headers);
		headers.set('accept', 'application/json');
		return new Request(request, { headers, ...(request.body ? { duplex: 'half' } : {}) } as RequestInit);
	}
}
