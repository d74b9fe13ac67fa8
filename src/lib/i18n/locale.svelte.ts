/**
 * The current locale as rune state: `locale.current` to read (reactive in templates,
 * `$derived` and effects), `locale.set('cs')` to change and remember it.
 *
 * In the browser the locale starts as the remembered choice (localStorage, and a cookie for
 * the server: remembered.ts), else the first supported entry of `navigator.languages`, else
 * the base locale (en); it follows changes made in other tabs, and `<html lang>` follows it.
 * Every message call `m.key()` reads this state (`setMessageLocale`, scripts/i18n-compact.js), so
 * one made in a reactive context re-renders when the locale changes, without a page reload.
 *
 * On the server `locale.current` is the request's locale, which Paraglide's middleware
 * (src/hooks.server.ts) works out from the same things: the cookie, else Accept-Language,
 * else the base locale; so a server-rendered page comes in the language it hydrates in.
 * `set` does nothing there: a module-level state would be shared by concurrent requests.
 */
import { getLocale as paraglideGetLocale } from './paraglide/runtime.js';
import { setMessageLocale } from './paraglide/message.js';
import { BASE_LOCALE, LOCALES, LOCALE_STORAGE_KEY, initialLocale, isLocale, negotiateLocale, type Locale, type LocaleEnvironment } from './locales';
import { rememberedChoice, writeLocaleCookie } from './remembered';


/** The shape of `locale`, in the browser and on the server. */
export interface CurrentLocale {
	/** The locale in use. Reactive. */
	readonly current: Locale;
	/** True when the user chose the locale (it is remembered), false when it was detected. Reactive. */
	readonly chosen: boolean;
	/** All supported locales, in display order. */
	readonly all: readonly Locale[];
	/** Switch to a locale and remember the choice. Throws a RangeError for an unsupported locale. */
	set(next: Locale): void;
	/** Forget the remembered choice and follow the browser's languages again. */
	reset(): void;
}

function readStorage(storage: LocaleEnvironment['storage']): string | null {
	try {
		return storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
	} catch {
		return null;
	}
}

/** Rune-backed locale state for one browser (exported for tests; the app uses `locale`). */
export class LocaleState implements CurrentLocale {
	#current = $state<Locale>(BASE_LOCALE);
	#chosen = $state(false);
	readonly #env: LocaleEnvironment;
	readonly all: readonly Locale[] = LOCALES;

	constructor(env: LocaleEnvironment) {
		this.#env = env;
		const stored = readStorage(env.storage);
		this.#chosen = isLocale(stored);
		this.#current = initialLocale(stored, env.languages());
		env.onChange?.(this.#current);
	}

	get current(): Locale {
		return this.#current;
	}

	get chosen(): boolean {
		return this.#chosen;
	}

	set(next: Locale): void {
		if (!isLocale(next)) throw new RangeError(`Unsupported locale: ${String(next)}`);
		try {
			this.#env.storage?.setItem(LOCALE_STORAGE_KEY, next);
		} catch {
			// Storage full or disabled: the choice still holds until the page is closed.
		}
		this.#chosen = true;
		this.#apply(next);
	}

	reset(): void {
		try {
			this.#env.storage?.removeItem(LOCALE_STORAGE_KEY);
		} catch {
			// Nothing remembered to forget.
		}
		this.#chosen = false;
		this.#apply(negotiateLocale(this.#env.languages()) ?? BASE_LOCALE);
	}

	/**
	 * Take up a stored value written elsewhere (another tab) without writing it back; a
	 * removed or unsupported value means "follow the browser" again.
	 */
	sync(stored: string | null): void {
		this.#chosen = isLocale(stored);
		this.#apply(initialLocale(stored, this.#env.languages()));
	}

	/** The browser's languages changed: follow them unless the user chose a locale. */
	languagesChanged(): void {
		if (!this.#chosen) this.#apply(negotiateLocale(this.#env.languages()) ?? BASE_LOCALE);
	}

	#apply(next: Locale): void {
		if (next === this.#current) return;
		this.#current = next;
		this.#env.onChange?.(next);
	}
}

/** On the server: the request's locale (Paraglide's middleware; the base locale outside a request); never changes. */
const serverLocale: CurrentLocale = {
	get current() {
		// Paraglide's getLocale only where a server runs (Vite's SSR, the CLIs): in a client build
		// this object serves only where there is no window (the runes tests), where Paraglide
		// answers the base locale; so the browser's bundle leaves Paraglide's getLocale out.
		return import.meta.env.SSR ? paraglideGetLocale() : BASE_LOCALE;
	},
	chosen: false,
	all: LOCALES,
	set() {
		// Ignored: a module-level state would be shared by every request.
	},
	reset() {}
};

function browserStorage(): Storage | null {
	try {
		return window.localStorage;
	} catch {
		return null;
	}
}

function createBrowserLocale(): LocaleState {
	const state = new LocaleState({
		storage: rememberedChoice(browserStorage(), document),
		languages: () => navigator.languages ?? [navigator.language],
		onChange: (l) => {
			document.documentElement.lang = l;
		}
	});
	// A choice remembered before the cookie existed (or the cookie expired): tell the server again.
	if (state.chosen) writeLocaleCookie(document, state.current);
	// Every message called without a locale reads this state (so a call in a reactive context
	// re-renders on a switch). Paraglide's own getLocale/setLocale are not pointed at it: nothing
	// in the browser calls them, and leaving them unused keeps their strategy code out of the bundle.
	setMessageLocale(() => state.current);
	window.addEventListener('storage', (e) => {
		if (e.key === LOCALE_STORAGE_KEY || e.key === null) state.sync(e.newValue);
	});
	window.addEventListener('languagechange', () => state.languagesChanged());
	return state;
}

/** The app's current locale. */
export const locale: CurrentLocale = typeof window === 'undefined' ? serverLocale : createBrowserLocale();
