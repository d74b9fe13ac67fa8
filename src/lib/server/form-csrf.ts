import { text, json, type Handle } from '@sveltejs/kit';
import { dev } from '$app/environment';

/**
 * SvelteKit's check of cross-site form submissions, for the pages only (src/hooks.server.ts
 * gives it no API request). SvelteKit runs its own
 * before any hook, for every address, and answers in plain text, which made /api answer a
 * `curl --data-binary` (sent as a form) with a text 403. It is turned off in svelte.config.js
 * (`csrf.trustedOrigins: ['*']`) and done here instead: the same rule for the pages, while /api
 * refuses every body that is not JSON with a JSON 415 (api-request.ts), which covers forms.
 */

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain', 'application/x-sveltekit-formdata'];
const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** A form submitted to this origin's pages from another origin (or from none that the browser names). */
export function isCrossSiteForm(request: Request, origin: string): boolean {
	const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
	return FORM_TYPES.includes(type) && UNSAFE.includes(request.method) && request.headers.get('origin') !== origin;
}

export const formCsrfHandle: Handle = ({ event, resolve }) => {
	if (!dev && isCrossSiteForm(event.request, event.url.origin)) {
		const message = `Cross-site ${event.request.method} form submissions are forbidden`;
		return event.request.headers.get('accept') === 'application/json' ? json({ message }, { status: 403 }) : text(message, { status: 403 });
	}
	return resolve(event);
};
