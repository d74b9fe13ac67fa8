import type { Handle, ServerInit } from '@sveltejs/kit';
import { sequence } from '@sveltejs/kit/hooks';
import { building } from '$app/environment';
import { paraglideMiddleware } from '$lib/i18n/paraglide/server.js';
import { getStore } from '$lib/server/db';
import { apiOrPages } from '$lib/server/api-handle';
import { formCsrfHandle } from '$lib/server/form-csrf';
import { bodyLimitHandle } from '$lib/server/body-limit';
import { demoOrganizerKey } from '$lib/server/demo-key';
import { startEvidenceSweep } from '$lib/server/evidence-sweep';
import { getPushValidator } from '$lib/server/push-validator';
import { securityHeaders } from '$lib/server/security-headers';

/**
 * Open the store (and insert the demo event on a first start) and start the push validation threads
 * before the first request; erase the evidence whose retention ran out, now and every hour (evidence-sweep.ts).
 */
export const init: ServerInit = () => {
	if (building) return;
	const store = getStore();
	getPushValidator().warm();
	console.log(`Store: ${store.file} (schema version ${store.userVersion})`);
	const key = demoOrganizerKey(store, Date.now());
	if (key) console.log(`Organizer key of the demo event (shown once; sign in on /organizer with event "${key.eventId}"): ${key.token}`);
	const stopSweep = startEvidenceSweep(store);
	process.once('sveltekit:shutdown', stopSweep);
};

/** The placeholder of `<html lang>` in src/app.html. */
const LANG_PLACEHOLDER = '%paraglide.lang%';

/**
 * Every request runs in its user's locale (Paraglide's strategies, package.json `i18n:compile`):
 * the remembered choice (the PARAGLIDE_LOCALE cookie the browser writes next to localStorage),
 * else Accept-Language, else English. Server-rendered pages (the start page) come in that
 * language, `<html lang>` included. The prerendered station shell is rendered at build time,
 * without either, so in English; the station sets the language in the browser.
 */
const i18nHandle: Handle = ({ event, resolve }) => {
	const original = event.request;
	return paraglideMiddleware(original, async ({ request, locale }) => {
		// Paraglide hands on a clone, whose body is a copy (a tee) of the original's: the original's copy is
		// never read, and would keep every chunk of the body in memory.
		if (request !== original) original.body?.cancel().catch(() => {});
		event.request = request;
		const response = await resolve(event, {
			transformPageChunk: ({ html }) => html.replace(LANG_PLACEHOLDER, locale)
		});
		// The page depends on both: a cache must not give one user's language to another.
		if (!building && response.headers.get('content-type')?.startsWith('text/html')) {
			try {
				response.headers.append('Vary', 'Cookie, Accept-Language');
			} catch {
				// Immutable headers (a fetched response passed on as it is): leave them.
			}
		}
		return response;
	});
};

/** The pages' own hooks: the check of cross-site forms (src/lib/server/form-csrf.ts), then the language. */
const pageHandle: Handle = sequence(formCsrfHandle, i18nHandle);

/**
 * The security headers outermost, so that every answer gets them, errors included; then the
 * body's size limit (src/lib/server/body-limit.ts); then /api and the pages each their own way
 * (src/lib/server/api-handle.ts).
 */
export const handle: Handle = sequence(securityHeaders, bodyLimitHandle, apiOrPages(pageHandle));
