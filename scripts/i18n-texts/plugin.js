/**
 * One language's message texts per load, in the client build (issue 34). Paraglide's messages
 * (compacted by scripts/i18n-compact.js) carry their three languages inline, and the bundler
 * tree-shakes them per chunk; here, in the client build only, the plain texts (no parameters) of
 * the messages that are never asked for another language (./scan.js) move out of each chunk into
 * one small table per language next to it:
 *
 *   chunk:      import T from "@texts/<table>.js"; … const x = text(T, 2) …
 *   _app/immutable/texts/<locale>/<table>.js:   export default ["<table>", "<locale>", "…", "…"]
 *
 * The page's import map (src/lib/i18n/texts-boot.js, written before any module loads) points
 * `@texts/` at the tables of the language the page starts in, so each chunk loads its table
 * with its other imports, with no extra round trip. A switch to another language loads that
 * language's texts of every table once (`_app/texts/<locale>.js`) and writes them
 * into the loaded tables before the locale changes (src/lib/i18n/texts.ts). The server build,
 * dev and the unit tests keep Paraglide's modules as they are, all languages inline.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { externalisableMessages } from './scan.js';
import { ALL_TEXTS_DIR, TEXTS_DIR, TEXTS_SPECIFIER } from '../../src/lib/i18n/texts-boot.js';

/** Where a message module lives, with its id. */
const MESSAGE_MODULE = /[\\/]src[\\/]lib[\\/]i18n[\\/]paraglide[\\/]messages[\\/]([A-Za-z_$][\w$]*)\.js$/;
/** The runtime of the tables (text(), the switch). */
const RUNTIME = resolve('src/lib/i18n/texts.ts');
/** The texts of a compacted message: one JSON string per line, one line per locale. */
const COMPACTED = /\(\/\* @__PURE__ \*\/ message\(\[\n([\s\S]*?)\n\]\)\);\n*$/;
/** What a moved message is until its chunk is rendered: a call of text() with its id and texts' hash. */
const MARK = /(["'`])i18n-text:([A-Za-z_$][\w$]*):([\w-]+)\1/g;

const hash = (text, length = 10) => createHash('sha256').update(text).digest('base64url').slice(0, length);

/** The plain texts of a compacted message module, one per locale, or null when it has a function (parameters) or another form. */
export function plainTexts(code, localeCount) {
	const body = COMPACTED.exec(code)?.[1];
	if (!body) return null;
	const lines = body.split('\n');
	if (lines.length !== localeCount) return null;
	const texts = [];
	for (const [i, line] of lines.entries()) {
		const m = /^\t(".*")(,?)$/.exec(line);
		if (!m || (m[2] === ',') !== (i < lines.length - 1)) return null;
		try {
			const text = JSON.parse(m[1]);
			if (typeof text !== 'string') return null;
			texts.push(text);
		} catch {
			return null;
		}
	}
	return texts;
}

/** The message module of `id` with its texts replaced by a mark that the chunk's rendering turns into a table's entry. */
export function markedModule(id, texts) {
	return [
		`import { text } from ${JSON.stringify(RUNTIME)};`,
		`export const ${id} = /* @__PURE__ */ text(${JSON.stringify(`i18n-text:${id}:${hash(JSON.stringify(texts))}`)});`,
		''
	].join('\n');
}

/**
 * A rendered chunk with its marks replaced by entries of its table: `text("i18n-text:id:h")` →
 * `text(T, 2)`, and the import of the table first. Returns null when the chunk has no marks.
 * @param {string} code
 * @param {(id: string) => string[]} textsOf the texts of a message, one per locale
 * @param {readonly string[]} locales
 */
export function tabledChunk(code, textsOf, locales) {
	const ids = [];
	for (const m of code.matchAll(MARK)) if (!ids.includes(m[2])) ids.push(m[2]);
	if (ids.length === 0) return null;
	const perLocale = locales.map((_, l) => ids.map((id) => textsOf(id)[l]));
	const name = hash(JSON.stringify([locales, perLocale]), 12);
	let local = '__texts';
	while (code.includes(local)) local += '_';
	const body = code.replace(MARK, (_, _q, id) => `${local}, ${ids.indexOf(id) + 2}`);
	const tables = Object.fromEntries(locales.map((locale, l) => [locale, [name, locale, ...perLocale[l]]]));
	return { code: `import ${local} from "${TEXTS_SPECIFIER}${name}.js";\n${body}`, name, tables };
}

/** @param {{ src?: string, locales: readonly string[] }} options @returns {import('vite').Plugin} */
export function i18nTexts({ src = 'src', locales }) {
	/** @type {Set<string>} */
	let movable;
	/** @type {Map<string, string[]>} */
	const textsById = new Map();
	/** Every table of the build, by name, per locale (the switch's `all.js`). */
	const tables = new Map();
	return {
		name: 'i18n-texts',
		apply: (_config, env) => env.command === 'build' && process.env.I18N_TEXTS_OFF !== '1',
		enforce: 'pre',
		applyToEnvironment: (environment) => environment.config.consumer === 'client',
		buildStart() {
			movable = process.env.I18N_TEXTS_ALL === "1" ? { has: () => true } : externalisableMessages(src);
			textsById.clear();
			tables.clear();
		},
		transform(code, id) {
			if (id === RUNTIME) return code.replace(/export const TABLES_IN_BUILD = false;/, 'export const TABLES_IN_BUILD = true;');
			const message = MESSAGE_MODULE.exec(id)?.[1];
			// MEASUREMENT ONLY (temporary): English texts inline, other languages dropped.
			if (message && message !== "_index" && process.env.I18N_TEXTS_BOUND) {
				const body = code.indexOf('message([\n');
				const entries = code.slice(body + 10).split(/,\n(?=\t(?:"|\/\*\* @type))/);
				if (process.env.I18N_TEXTS_BOUND === 'plain' && !plainTexts(code, locales.length)) return null;
				return { code: code.slice(0, body + 10) + entries[0] + '\n]));\n', map: null };
			}
			if (!message || !movable.has(message)) return null;
			const texts = plainTexts(code, locales.length);
			if (!texts) return null;
			textsById.set(message, texts);
			return { code: markedModule(message, texts), map: null };
		},
		renderChunk(code) {
			const out = tabledChunk(code, (id) => textsById.get(id), locales);
			if (!out) return null;
			tables.set(out.name, out.tables);
			return { code: out.code, map: null };
		},
		generateBundle() {
			for (const locale of locales) {
				const all = {};
				for (const [name, byLocale] of tables) {
					all[name] = byLocale[locale].slice(2);
					this.emitFile({ type: 'asset', fileName: `${TEXTS_DIR}${locale}/${name}.js`, source: `export default ${JSON.stringify(byLocale[locale])}\n` });
				}
				this.emitFile({ type: 'asset', fileName: `${ALL_TEXTS_DIR}${locale}.js`, source: `export default ${JSON.stringify(all)}\n` });
			}
		}
	};
}
