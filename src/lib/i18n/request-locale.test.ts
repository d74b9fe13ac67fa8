import { describe, expect, it } from 'vitest';
import { locale } from './locale.svelte';
import { formatNumber } from './format';
import { m } from './paraglide/messages.js';
import { paraglideMiddleware } from './paraglide/server.js';

/**
 * On the server each request runs in its user's locale, as src/hooks.server.ts sets it up with
 * Paraglide's middleware and the strategies of package.json's `i18n:compile`.
 */
async function renderedWith(headers: Record<string, string>, pause = 0): Promise<[string, string, string]> {
	let seen: [string, string, string] = ['', '', ''];
	await paraglideMiddleware(new Request('http://judge.test/', { headers }), async ({ locale: resolved }) => {
		await new Promise((r) => setTimeout(r, pause));
		seen = [resolved, locale.current, `${m.app_name()} ${formatNumber(1234.5)}`];
		return new Response('');
	});
	return seen;
}

describe('the locale of a server request', () => {
	it('is the remembered choice (the cookie), else Accept-Language, else English', async () => {
		expect(await renderedWith({ cookie: 'PARAGLIDE_LOCALE=es', 'accept-language': 'cs-CZ,cs;q=0.9' })).toEqual(['es', 'es', 'Juez de puzzles 1234,5']);
		expect(await renderedWith({ 'accept-language': 'de-DE,cs;q=0.8,en;q=0.5' })).toEqual(['cs', 'cs', 'Rozhodčí puzzle 1\u00a0234,5']);
		expect(await renderedWith({ cookie: 'PARAGLIDE_LOCALE=xx', 'accept-language': 'fr' })).toEqual(['en', 'en', 'Puzzle judge 1,234.5']);
		expect(await renderedWith({})).toEqual(['en', 'en', 'Puzzle judge 1,234.5']);
	});

	it('is kept apart between concurrent requests, and is English outside any', async () => {
		const [slowCzech, quickSpanish] = await Promise.all([renderedWith({ 'accept-language': 'cs' }, 30), renderedWith({ 'accept-language': 'es' }, 0)]);
		expect(slowCzech[1]).toBe('cs');
		expect(quickSpanish[1]).toBe('es');
		expect(locale.current).toBe('en');
	});
});
