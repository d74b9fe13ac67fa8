/**
 * The app's locales, as compiled by Paraglide from project.inlang/settings.json.
 *
 * Plain data and pure functions only (no runes, no DOM), so that both the client state
 * (locale.svelte.ts) and server code can use them.
 */
import { baseLocale, isLocale, locales, localStorageKey, type Locale } from './paraglide/runtime.js';

export type { Locale };

/** All locales, in the order the switcher lists them. */
export const LOCALES: readonly Locale[] = locales;

/** The locale used on the server and when nothing else matches. */
export const BASE_LOCALE: Locale = baseLocale;

/** Where the explicit choice is remembered (the key Paraglide's own localStorage strategy reads). */
export const LOCALE_STORAGE_KEY: string = localStorageKey;

/** Each locale's name in its own language (an endonym), for the switcher. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
	cs: 'Čeština',
	es: 'Español',
	en: 'English'
};

export { isLocale };

/**
 * The first supported locale among the user's preferred languages (as `navigator.languages`
 * or a parsed Accept-Language list gives them, most preferred first). Each tag is tried as a
 * whole and then by its primary language, so "cs-CZ" → cs, "es-419" → es, "en-GB" → en.
 */
export function negotiateLocale(languages: readonly string[] | undefined | null): Locale | undefined {
	for (const tag of languages ?? []) {
		const lower = tag.trim().toLowerCase();
		if (!lower) continue;
		const whole = LOCALES.find((l) => l.toLowerCase() === lower);
		if (whole) return whole;
		const primary = lower.split(/[-_]/)[0];
		const base = LOCALES.find((l) => l.toLowerCase() === primary);
		if (base) return base;
	}
	return undefined;
}

/**
 * The locale to start with: the remembered choice if it is still a supported locale, else
 * the browser's preference, else the base locale.
 */
export function initialLocale(stored: string | null | undefined, languages: readonly string[] | undefined | null): Locale {
	if (isLocale(stored)) return stored;
	return negotiateLocale(languages) ?? BASE_LOCALE;
}

/** What a locale state needs from its surroundings (injected, so it can be tested). */
export interface LocaleEnvironment {
	/** Where the choice is remembered; null when storage is unavailable (e.g. disabled). */
	storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
	/** The user's preferred languages, most preferred first (`navigator.languages`). */
	languages: () => readonly string[];
	/** Called with the locale at start and on every change (the browser sets `<html lang>`). */
	onChange?: (locale: Locale) => void;
}
