import { describe, expect, it } from 'vitest';
import { LocaleState } from './locale.svelte';
import { LOCALE_STORAGE_KEY } from './locales';
import { readLocaleCookie, rememberedChoice, writeLocaleCookie } from './remembered';
import { cookieName } from './paraglide/runtime.js';
import { refusingStorage } from './refusing-storage.testkit';

/** A cookie jar as `document.cookie` behaves: writes one cookie at a time, reads them all. */
function jar(initial: Record<string, string> = {}) {
	const cookies = new Map(Object.entries(initial));
	const writes: string[] = [];
	return {
		cookies,
		writes,
		get cookie() {
			return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
		},
		set cookie(s: string) {
			writes.push(s);
			const [pair, ...attributes] = s.split(';').map((x) => x.trim());
			const [k, v] = pair!.split('=') as [string, string];
			if (attributes.includes('Max-Age=0')) cookies.delete(k);
			else cookies.set(k, v);
		}
	};
}

function memory(initial: Record<string, string> = {}) {
	const map = new Map(Object.entries(initial));
	return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

describe('the locale cookie', () => {
	it('is Paraglide’s, which the server reads', () => {
		expect(cookieName).toBe('PARAGLIDE_LOCALE');
	});

	it('is written for the whole site for a long time, and forgotten at once', () => {
		const j = jar();
		writeLocaleCookie(j, 'cs');
		expect(j.writes[0]).toMatch(/^PARAGLIDE_LOCALE=cs; Path=\/; Max-Age=\d{7,}; SameSite=Lax$/);
		expect(readLocaleCookie(j)).toBe('cs');
		writeLocaleCookie(j, null);
		expect(j.writes[1]).toBe('PARAGLIDE_LOCALE=; Path=/; Max-Age=0; SameSite=Lax');
		expect(readLocaleCookie(j)).toBeNull();
	});

	it('is read among other cookies, and only when it holds a supported locale', () => {
		expect(readLocaleCookie({ cookie: 'a=1; PARAGLIDE_LOCALE=es; b=2' })).toBe('es');
		expect(readLocaleCookie({ cookie: 'XPARAGLIDE_LOCALE=es' })).toBeNull();
		expect(readLocaleCookie({ cookie: 'PARAGLIDE_LOCALE=de' })).toBeNull();
		expect(readLocaleCookie({ cookie: '' })).toBeNull();
	});
});

describe('rememberedChoice', () => {
	it('keeps a choice in localStorage and in the cookie, and forgets it in both', () => {
		const j = jar();
		const local = memory();
		const s = new LocaleState({ storage: rememberedChoice(local, j), languages: () => ['cs-CZ'] });
		s.set('es');
		expect(local.map.get(LOCALE_STORAGE_KEY)).toBe('es');
		expect(j.cookies.get('PARAGLIDE_LOCALE')).toBe('es');
		s.reset();
		expect(local.map.size).toBe(0);
		expect(j.cookies.size).toBe(0);
		expect(s.current).toBe('cs');
	});

	it('prefers localStorage, and falls back on the cookie', () => {
		expect(rememberedChoice(memory({ [LOCALE_STORAGE_KEY]: 'es' }), jar({ PARAGLIDE_LOCALE: 'cs' })).getItem(LOCALE_STORAGE_KEY)).toBe('es');
		const s = new LocaleState({ storage: rememberedChoice(memory(), jar({ PARAGLIDE_LOCALE: 'cs' })), languages: () => ['en'] });
		expect([s.current, s.chosen]).toEqual(['cs', true]);
	});

	it('still tells the server when localStorage refuses', () => {
		const j = jar();
		const broken = refusingStorage();
		const s = new LocaleState({ storage: rememberedChoice(broken, j), languages: () => ['en'] });
		s.set('cs');
		expect(s.current).toBe('cs');
		expect(j.cookies.get('PARAGLIDE_LOCALE')).toBe('cs');
		expect(new LocaleState({ storage: rememberedChoice(broken, j), languages: () => ['en'] }).current).toBe('cs');
	});
});
