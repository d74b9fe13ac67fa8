// The start of "one language's texts per load" (issue 34; the build's side is
// scripts/i18n-texts/plugin.js, the switch's src/lib/i18n/texts.ts). Plain JavaScript, because
// the build's plugin, svelte.config.js (the CSP hashes) and the server (which writes the script
// into every page, src/hooks.server.ts) all read it.
//
// A chunk of the client build imports its texts as `@texts/<table>.js`. The script below, the
// first in every page's <head>, adds the import map that resolves `@texts/` to the tables of the
// language the page starts in, before any module is fetched. It picks that language by the rule
// of `initialLocale(rememberedChoice(…).getItem(key), navigator.languages)` (locales.ts,
// remembered.ts), which the app's locale state follows at start: the remembered choice
// (localStorage, else the cookie), else the first supported entry of the browser's languages,
// else the base locale. It is written out here, in the page, because it must run before any
// module; texts-boot.test.ts checks that it picks what those functions pick.
import { baseLocale, cookieName, localStorageKey, locales } from './paraglide/runtime.js';

/** The specifier prefix of the tables in the client build's chunks. */
export const TEXTS_SPECIFIER = '@texts/';
/** Where the tables are, per locale, in the client build (`<dir><locale>/<table>.js`). */
export const TEXTS_DIR = '_app/immutable/texts/';
/** Where the texts of every table are, one file per locale (`<dir><locale>.js`), for a switch of language. */
export const ALL_TEXTS_DIR = '_app/texts/';
/** The placeholder in src/app.html that the server replaces with {@link TEXTS_BOOT_HTML}. */
export const TEXTS_BOOT_PLACEHOLDER = '%texts.boot%';

/** The import map of each locale, as the text of its <script type="importmap">. */
export const IMPORT_MAPS = Object.freeze(Object.fromEntries(locales.map((l) => [l, JSON.stringify({ imports: { [TEXTS_SPECIFIER]: `/${TEXTS_DIR}${l}/` } })])));

/** The script (its text): picks the locale, then adds that locale's import map right after itself. */
export const TEXTS_BOOT_SCRIPT = `(() => {
	const locales = ${JSON.stringify(locales)};
	const maps = ${JSON.stringify(IMPORT_MAPS)};
	let stored = null;
	try {
		try {
			stored = localStorage.getItem(${JSON.stringify(localStorageKey)});
		} catch {}
		if (stored == null) {
			for (const part of document.cookie.split(';')) {
				const eq = part.indexOf('=');
				if (eq < 0 || part.slice(0, eq).trim() !== ${JSON.stringify(cookieName)}) continue;
				const value = decodeURIComponent(part.slice(eq + 1).trim());
				stored = locales.includes(value) ? value : null;
				break;
			}
		}
	} catch {
		stored = null;
	}
	let locale = locales.includes(stored) ? stored : undefined;
	for (const tag of (locale ? [] : navigator.languages ?? [navigator.language]) ?? []) {
		const lower = tag.trim().toLowerCase();
		if (!lower) continue;
		const primary = lower.split(/[-_]/)[0];
		locale = locales.find((l) => l.toLowerCase() === lower) ?? locales.find((l) => l.toLowerCase() === primary);
		if (locale) break;
	}
	const map = document.createElement('script');
	map.type = 'importmap';
	map.textContent = maps[locale ?? ${JSON.stringify(baseLocale)}];
	document.currentScript.after(map);
})();`;

/** What the server writes in place of {@link TEXTS_BOOT_PLACEHOLDER}. */
export const TEXTS_BOOT_HTML = `<script>${TEXTS_BOOT_SCRIPT}</script>`;

/** The inline texts the page runs: the script and each import map it may write (their hashes go into the CSP, svelte.config.js). */
export const TEXTS_BOOT_INLINE = Object.freeze([TEXTS_BOOT_SCRIPT, ...Object.values(IMPORT_MAPS)]);
