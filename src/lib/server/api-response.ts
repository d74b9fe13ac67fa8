import type { ErrorBody } from '$lib/contract';
import { bodyLeftUnread } from './http-body';

/** An /api answer: JSON `{ message }` with the status. */
export function apiError(status: number, message: string, headers: Record<string, string> = {}): Response {
	const body: ErrorBody = { message };
	return new Response(JSON.stringify(body), { status, headers: { ...headers, 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** The message of an error answer that is not JSON (SvelteKit's text or HTML pages). */
async function messageOf(request: Request, response: Response): Promise<string> {
	const path = new URL(request.url).pathname;
	if (response.status === 404) return `there is no ${path} on this server (docs/sync.md lists the API)`;
	if (response.status === 405) {
		const allow = response.headers.get('allow') ?? '';
		return `${request.method} is not allowed here${allow ? `; this address takes ${allow}` : ''}`;
	}
	if (response.headers.get('content-type')?.startsWith('text/plain')) {
		const text = (await response.text()).trim();
		if (text.length >= 5 && text.length <= 500) return text;
	}
	return `${request.method} ${path} failed (HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
}

/**
 * Final touches on the answers of /api: every error is JSON `{ message }` (SvelteKit answers
 * an unknown address with its HTML error page and a method a route lacks in plain text), and
 * an error answered before the request's body was read to its end closes the connection — a
 * client that keeps it alive would otherwise send its next request on a socket the server
 * resets, or the rest of the body would be read as a request.
 */
export async function finishApiResponse(request: Request, response: Response): Promise<Response> {
	if (response.status < 400) return response;
	let answer = response;
	if (!JSON_TYPE.test(response.headers.get('content-type') ?? '')) {
		const headers: Record<string, string> = {};
		const allow = response.headers.get('allow');
		if (allow) headers.allow = allow;
		answer = apiError(response.status, await messageOf(request, response), headers);
	}
	if (bodyLeftUnread(request)) {
		const headers = new Headers(answer.headers);
		headers.set('connection', 'close');
		answer = new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
	}
	return answer;
}
