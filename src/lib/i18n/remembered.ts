/**
 * Where the browser remembers the chosen locale: localStorage, as before, and a cookie, which
 * the server reads (Paraglide's cookie strategy, src/hooks.server.ts) to render a page in the
 * user's language from the first byte. Both hold the same value; the cookie's name, lifetime
 * and domain are Paraglide's (`PARAGLIDE_LOCALE`, about 400 days).
 */
import { cookieDomain, cookieMaxAge, cookieName } from './paraglide/runtime.js';
import { isLocale, type Locale, type LocaleEnvironment } from './locales';

/** What is needed of `document`: its cookie jar. */
export interface CookieJar {
	cookie: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The locale the cookie holds, if it holds a supported one. */
export function readLocaleCookie(jar: CookieJar): Locale | null {
	for (const part of jar.cookie.split(';')) {
		const eq = part.indexOf('=');
		if (eq < 0 || part.slice(0, eq).trim() !== cookieName) continue;
		const value = decodeURIComponent(part.slice(eq + 1).trim());
		return isLocale(value) ? value : null;
	}
	return null;
}

/** Remembers `locale` in the cookie, or forgets it (null). */
export function writeLocaleCookie(jar: CookieJar, locale: Locale | null): void {
	const attributes = ['Path=/', `Max-Age=${locale === null ? 0 : cookieMaxAge}`, 'SameSite=Lax'];
	if (cookieDomain) attributes.push(`Domain=${cookieDomain}`);
	jar.cookie = [`${cookieName}=${locale ?? ''}`, ...attributes].join('; ');
}

/**
 * A storage for the locale state that keeps the choice in both places: read from localStorage,
 * else from the cookie; written to and removed from both. The cookie is written first, so a
 * full or disabled localStorage still leaves the server the choice.
 */
export function rememberedChoice(local: Store | null, jar: CookieJar | null): NonNullable<LocaleEnvironment['storage']> {
	return {
		getItem(key) {
			let stored: string | null = null;
			try {
				stored = local?.getItem(key) ?? null;
			} catch {
				// Storage disabled: the cookie may still know.
			}
			return stored ?? (jar ? readLocaleCookie(jar) : null);
		},
		setItem(key, value) {
			if (jar && isLocale(value)) writeLocaleCookie(jar, value);
			local?.setItem(key, value);
		},
		removeItem(key) {
			if (jar) writeLocaleCookie(jar, null);
			local?.removeItem(key);
		}
	};
}
