/**
 * The messages' texts that the client build moves out of its chunks into one table per chunk
 * and language (issue 34; scripts/i18n-texts/plugin.js, which says how). A table is an array
 * `[name, locale, …texts]`, the default export of `_app/immutable/texts/<locale>/<name>.js`, which
 * its chunk imports in the language the page started in (src/lib/i18n/texts-boot.js).
 *
 * A moved message is `text(table, index)`: it reads its text at each call, so a switch of
 * language writes the new texts into the tables in place. A switch must load them first:
 * {@link textsFor} (called by the locale state before it changes the locale) loads the new
 * language's texts of every table of the build at once (`_app/texts/<locale>.js`), writes them
 * into the tables loaded so far, and makes each table loaded later take them when its chunk
 * runs. In dev, the unit tests and on the server nothing is moved, and the switch stays
 * synchronous.
 */
import { messageLocale } from './paraglide/message.js';
import { ALL_TEXTS_DIR } from './texts-boot.js';

/** True in a client build whose chunks have tables (the plugin sets it). */
export const TABLES_IN_BUILD = false;

type Table = string[];

/** Every table of the chunks that have run, and the locale whose texts they hold (its entry 1). */
const tables = new Set<Table>();
/** The texts of every table of the build, per locale, once loaded for a switch. */
const loaded = new Map<string, Promise<Record<string, string[]>>>();
const ready = new Map<string, Record<string, string[]>>();
/** The locale the tables must hold; undefined until a switch (the page's starting locale). */
let wanted: string | undefined;

/** Writes the texts of `locale` into `table` (nothing when the build had no such table: an older page after an update). */
function fill(table: Table, locale: string): void {
	const texts = ready.get(locale)?.[table[0]!];
	if (!texts || table[1] === locale) return;
	table.splice(1, table.length - 1, locale, ...texts);
}

/** A moved message: the entry `index` of `table`, read at each call (and, like every message, reactive on the locale). */
export function text(table: Table, index: number): () => string {
	if (!tables.has(table)) {
		tables.add(table);
		if (wanted) fill(table, wanted);
	}
	return () => {
		messageLocale();
		return table[index]!;
	};
}

/** The texts of `locale` of every table of the build. */
function loadAll(locale: string): Promise<Record<string, string[]>> {
	let load = loaded.get(locale);
	if (!load) {
		load = import(/* @vite-ignore */ `/${ALL_TEXTS_DIR}${locale}.js`).then((m: { default: Record<string, string[]> }) => {
			ready.set(locale, m.default);
			return m.default;
		});
		load.catch(() => loaded.delete(locale));
		loaded.set(locale, load);
	}
	return load;
}

/**
 * Gets the tables ready for a switch to `locale`: undefined when they are (nothing moved, or its
 * texts already loaded: then they are written at once), else a promise that settles once they are.
 */
export function textsFor(locale: string): Promise<void> | undefined {
	if (!TABLES_IN_BUILD) return undefined;
	const apply = () => {
		wanted = locale;
		for (const table of tables) fill(table, locale);
	};
	if (ready.has(locale)) return apply();
	return loadAll(locale).then(apply);
}
