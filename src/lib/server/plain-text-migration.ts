import { REFUSED_RANGES } from '$lib/setup/plain-text';

/**
 * Names and labels stored before names were checked (issue 29 #8) may hold the characters a
 * name now refuses (src/lib/setup/plain-text.ts: control characters, line separators, bidi
 * controls). The store reads its rows back through the same schemas, so such a row would make
 * every read of it fail. They are cleaned, never refused, where older data comes in: the
 * store's migration (PLAIN_TEXT_MIGRATION, for a database of an older version) and a restore
 * (plainBackupHeader, plainBackupItem, for a backup taken by an older version). Both clean alike:
 * - a tab, a line break or a line or paragraph separator becomes a space ("Anna\nNovák" is
 *   "Anna Novák"), every other refused character is dropped;
 * - a name that changed loses its spaces at either end, and one left empty is named by its ID;
 * - a table or seat label is only cleaned: SeatLabelSchema tidies the rest (spaces, NFC,
 *   leading zeros) as it is read, which SQL cannot do (NFC).
 * What is cleaned: events', competitions', heats', entries' and entries' members' names, entries'
 * tables and seats, people's names and accompanying adults, registrations' names, drawn teams'
 * names: every stored name a schema reads with the check.
 */

/** The refused characters' code points (plain-text.ts's list, written once). */
const REFUSED: readonly number[] = REFUSED_RANGES.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i));
/** Refused characters that part words: a space in their place (tab, line feed, vertical tab, form feed, carriage return, next line, U+2028, U+2029). */
const PARTING: ReadonlySet<number> = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x85, 0x2028, 0x2029]);
const REFUSED_ANYWHERE = new RegExp(`[${REFUSED.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')}]`, 'g');

/** `text` without the refused characters (those that part words become a space). */
export function withoutRefused(text: string): string {
	return text.replace(REFUSED_ANYWHERE, (c) => (PARTING.has(c.charCodeAt(0)) ? ' ' : ''));
}

/** A name cleaned (see above): as it was when it holds nothing refused; else cleaned and trimmed, `fallback` when nothing is left. */
export function cleanedName(name: string, fallback: string): string {
	const cleaned = withoutRefused(name);
	return cleaned === name ? name : cleaned.replace(/^ +| +$/g, '') || fallback;
}

// The same in SQL: one replace() per refused character, built from the same list. SQLite's
// replace() takes no NUL to look for (a pattern is read up to its first NUL): NUL goes in the
// text's JSON form, where it is "\u0000" (the escaped backslashes, "\\", set aside first, so
// that a name's own text "\u0000" is kept), read back with json_extract.
const sqlWithoutNul = (expr: string) => `json_extract(replace(replace(replace(json_quote(${expr}), '\\\\', char(1)), '\\u0000', ''), char(1), '\\\\'), '$')`;
const sqlWithoutRefused = (expr: string) => REFUSED.reduce((e, c) => (c === 0 ? sqlWithoutNul(e) : `replace(${e}, char(${c}), '${PARTING.has(c) ? ' ' : ''}')`), expr);
const sqlCleanedName = (expr: string, fallback: string) => `coalesce(nullif(trim(${sqlWithoutRefused(expr)}, ' '), ''), ${fallback})`;
const sqlHolds = (expr: string) => `${expr} <> ${sqlWithoutRefused(expr)}`;

/** A column of names cleaned, where it holds something refused. */
const nameColumn = (table: string, column = 'name', id = 'id') => `UPDATE ${table} SET ${column} = ${sqlCleanedName(column, id)} WHERE ${sqlHolds(column)};`;
/** A column of labels cleaned. */
const labelColumn = (table: string, column: string) => `UPDATE ${table} SET ${column} = ${sqlWithoutRefused(column)} WHERE ${sqlHolds(column)};`;
/** A name inside a JSON column (`path`: '$.name') cleaned, falling back to the JSON's `$.id` (or '' for an optional one). */
const jsonName = (table: string, column: string, path: string, fallback: string) => {
	const value = `json_extract(${column}, '${path}')`;
	return `UPDATE ${table} SET ${column} = json_set(${column}, '${path}', ${sqlCleanedName(value, fallback)}) WHERE ${sqlHolds(value)};`;
};
/** The names of the objects of a JSON array (`path` in `column`), each falling back to its `$.id`, in their order. */
const jsonArrayNames = (table: string, column: string, path: string, where = 'TRUE') => {
	const name = "json_extract(value, '$.name')";
	const items = `json_each(${table}.${column}, '${path}')`;
	const array = `(SELECT json_group_array(CASE WHEN ${sqlHolds(name)} THEN json_set(value, '$.name', ${sqlCleanedName(name, "json_extract(value, '$.id')")}) ELSE json(value) END ORDER BY key) FROM ${items})`;
	return `UPDATE ${table} SET ${column} = json_set(${column}, '${path}', json(${array})) WHERE ${where} AND EXISTS (SELECT 1 FROM ${items} WHERE ${sqlHolds(name)});`;
};

/** The store's migration that cleans names and labels stored before the check (see above). */
export const PLAIN_TEXT_MIGRATION = [
	'-- Names and labels without the characters names refuse (issue 29 #8): src/lib/server/plain-text-migration.ts.',
	nameColumn('events'),
	nameColumn('competitions'),
	nameColumn('heats'),
	nameColumn('entries'),
	jsonArrayNames('entries', 'members', '$'),
	labelColumn('entries', 'table_label'),
	labelColumn('entries', 'seat'),
	jsonName('people', 'json', '$.name', 'id'),
	jsonName('people', 'json', '$.accompaniedBy', "''"),
	jsonName('registrations', 'json', '$.name', 'id'),
	jsonArrayNames('draws', 'json', '$.teams', "kind = 'teams'")
].join('\n');

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `o` with its string `key` cleaned by `clean` (a copy when it changes). */
function cleanedField(o: unknown, key: string, clean: (text: string, o: Json) => string): unknown {
	if (!isObject(o) || typeof o[key] !== 'string') return o;
	const text = clean(o[key], o);
	return text === o[key] ? o : { ...o, [key]: text };
}
const byId = (text: string, o: Json) => cleanedName(text, typeof o.id === 'string' ? o.id : '');
const named = (o: unknown) => cleanedField(o, 'name', byId);
/** `o` with `key` changed by `change` (a copy when it changes). */
function changed(o: Json, key: string, change: (value: unknown) => unknown): Json {
	const value = change(o[key]);
	return value === o[key] ? o : { ...o, [key]: value };
}
const eachNamed = (items: unknown) => (Array.isArray(items) && items.some((m) => named(m) !== m) ? items.map(named) : items);

/** A backup's first line with its event's name cleaned (see above). */
export function plainBackupHeader(header: unknown): unknown {
	return isObject(header) ? changed(header, 'event', named) : header;
}

/** A backup's item with its names and labels cleaned (see above); every other item as it is. */
export function plainBackupItem(item: unknown): unknown {
	if (!isObject(item)) return item;
	switch (item.kind) {
		case 'competition':
		case 'heat':
		case 'registration':
			return changed(item, item.kind, named);
		case 'person':
			return changed(item, 'person', (p) => cleanedField(named(p), 'accompaniedBy', (text) => cleanedName(text, '')));
		case 'entry':
			return changed(item, 'entry', (e) => {
				const labels = ['table', 'seat'].reduce((o, key) => cleanedField(o, key, withoutRefused), named(e));
				return isObject(labels) ? changed(labels, 'members', eachNamed) : labels;
			});
		case 'draw':
			return changed(item, 'draw', (d) => (isObject(d) ? changed(d, 'teams', eachNamed) : d));
		default:
			return item;
	}
}
