import { describe, expect, it } from 'vitest';
import { LocaleState, locale } from './locale.svelte';
import type { LocaleEnvironment } from './locales';
import { BASE_LOCALE, LOCALE_NAMES, LOCALE_STORAGE_KEY, LOCALES, initialLocale, negotiateLocale } from './locales';
import { m } from './paraglide/messages.js';
import { refusingStorage } from './refusing-storage.testkit';

function memoryStorage(initial: Record<string, string> = {}) {
	const map = new Map(Object.entries(initial));
	return {
		map,
		getItem: (k: string) => map.get(k) ?? null,
		setItem: (k: string, v: string) => void map.set(k, v),
		removeItem: (k: string) => void map.delete(k)
	};
}

function env(languages: string[], stored?: string) {
	const storage = memoryStorage(stored === undefined ? {} : { [LOCALE_STORAGE_KEY]: stored });
	const changes: string[] = [];
	let langs = languages;
	const e: LocaleEnvironment = { storage, languages: () => langs, onChange: (l) => changes.push(l) };
	return { e, storage, changes, setLanguages: (l: string[]) => (langs = l) };
}

describe('negotiateLocale and initialLocale', () => {
	it('matches whole tags, then primary languages, in order of preference', () => {
		expect(negotiateLocale(['cs-CZ', 'en-US'])).toBe('cs');
		expect(negotiateLocale(['de-DE', 'es-419', 'en'])).toBe('es');
		expect(negotiateLocale(['EN-gb'])).toBe('en');
		expect(negotiateLocale(['sk', 'de'])).toBeUndefined();
		expect(negotiateLocale([])).toBeUndefined();
		expect(negotiateLocale(undefined)).toBeUndefined();
	});

	it('prefers a remembered, still supported choice, then the browser, then the base locale', () => {
		expect(initialLocale('es', ['cs-CZ'])).toBe('es');
		expect(initialLocale('de', ['cs-CZ'])).toBe('cs');
		expect(initialLocale(null, ['fr-FR'])).toBe(BASE_LOCALE);
		expect(BASE_LOCALE).toBe('en');
	});

	it('names every locale in its own language', () => {
		expect(LOCALES.map((l) => LOCALE_NAMES[l])).toEqual(['English', 'Čeština', 'Español']);
	});
});

// Reactivity (a change re-renders messages) needs a browser: tests/i18n.spec.ts covers it.
describe('LocaleState', () => {
	it('starts from navigator.languages on a first visit, without remembering it', () => {
		const { e, storage, changes } = env(['es-ES', 'en']);
		const s = new LocaleState(e);
		expect(s.current).toBe('es');
		expect(s.chosen).toBe(false);
		expect(storage.map.size).toBe(0);
		expect(changes).toEqual(['es']);
	});

	it('falls back to English when no preferred language is supported', () => {
		expect(new LocaleState(env(['de-AT']).e).current).toBe('en');
	});

	it('remembers a choice, and a later visit starts from it', () => {
		const first = env(['en-US']);
		const s = new LocaleState(first.e);
		s.set('cs');
		expect(s.current).toBe('cs');
		expect(s.chosen).toBe(true);
		expect(first.storage.map.get(LOCALE_STORAGE_KEY)).toBe('cs');
		expect(first.changes).toEqual(['en', 'cs']);

		const later = new LocaleState({ ...first.e, languages: () => ['en-US'] });
		expect(later.current).toBe('cs');
		expect(later.chosen).toBe(true);
	});

	it('ignores a remembered value that is no longer a locale', () => {
		const s = new LocaleState(env(['es'], 'de').e);
		expect(s.current).toBe('es');
		expect(s.chosen).toBe(false);
	});

	it('rejects an unsupported locale', () => {
		const s = new LocaleState(env(['en']).e);
		// @ts-expect-error not a locale
		expect(() => s.set('de')).toThrow(RangeError);
		expect(s.current).toBe('en');
	});

	it('keeps working when storage throws', () => {
		const broken = refusingStorage();
		const s = new LocaleState({ storage: broken, languages: () => ['cs'] });
		expect(s.current).toBe('cs');
		s.set('es');
		expect(s.current).toBe('es');
		s.reset();
		expect(s.current).toBe('cs');
	});

	it('reset forgets the choice and follows the browser again', () => {
		const { e, storage } = env(['cs-CZ'], 'es');
		const s = new LocaleState(e);
		expect(s.current).toBe('es');
		s.reset();
		expect(s.current).toBe('cs');
		expect(s.chosen).toBe(false);
		expect(storage.map.has(LOCALE_STORAGE_KEY)).toBe(false);
	});

	it('takes up a choice made in another tab, and its removal', () => {
		const { e, storage } = env(['en']);
		const s = new LocaleState(e);
		s.sync('es');
		expect([s.current, s.chosen]).toEqual(['es', true]);
		expect(storage.map.size).toBe(0);
		s.sync(null);
		expect([s.current, s.chosen]).toEqual(['en', false]);
	});

	it('follows a change of the browser languages only while nothing was chosen', () => {
		const { e, setLanguages } = env(['en']);
		const s = new LocaleState(e);
		setLanguages(['es']);
		s.languagesChanged();
		expect(s.current).toBe('es');
		s.set('cs');
		setLanguages(['en']);
		s.languagesChanged();
		expect(s.current).toBe('cs');
	});
});

describe('on the server', () => {
	it('is the base locale and cannot be changed (no state shared between requests)', () => {
		expect(typeof window).toBe('undefined');
		expect(locale.current).toBe('en');
		locale.set('cs');
		expect(locale.current).toBe('en');
		expect(m.app_name()).toBe('Puzzle judge');
	});
});
