import type { Handle } from '@sveltejs/kit';
import { BASE_CSP, SECURITY_HEADERS } from './security-policy.js';

/**
 * The security headers (./security-policy.js) on an answer of SvelteKit's: the fixed ones always,
 * the Content-Security-Policy where SvelteKit wrote none (pages get theirs from kit.csp, with the
 * hashes of their inline scripts; /api answers and other endpoints get the base policy).
 */
export function withSecurityHeaders(response: Response): Response {
	try {
		setAll(response.headers);
		return response;
	} catch {
		// Immutable headers (a fetched response passed on as it is): a copy that can take them.
		const copy = new Response(response.body, response);
		setAll(copy.headers);
		return copy;
	}
}

function setAll(headers: Headers): void {
	for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
	if (!headers.has('content-security-policy')) headers.set('content-security-policy', BASE_CSP);
}

/**
 * Every answer of SvelteKit's carries the security headers. What adapter-node serves itself
 * (static files, prerendered pages) never reaches `handle`: scripts/start.js sets them there.
 */
export const securityHeaders: Handle = async ({ event, resolve }) => withSecurityHeaders(await resolve(event));
