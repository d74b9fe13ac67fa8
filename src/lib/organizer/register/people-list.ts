import { matchesQuery } from '$lib/registration/name-search';
import type { Person } from '$lib/registration/schema';
import { LOCALES } from '$lib/i18n';
import { countryName } from '$lib/setup/country';

/**
 * The register's list of people as the organizer browses it: found by name, club, country or
 * e-mail ignoring case and diacritics (name-search.ts: "novakova" finds "Nováková"), in the
 * order of their names, a page at a time (ten thousand people are never ten thousand rows).
 */

export const PEOPLE_PAGE_SIZE = 20;

/** The texts a person is found by: the country also by its name in each UI language (shown by name: issue 30 #12). */
export function personTexts(p: Person): (string | undefined)[] {
	const names = p.country ? LOCALES.map((l) => countryName(p.country!, l)) : [];
	return [p.name, p.club, p.country, ...names, p.email];
}

/** The people in the order of their names (`collator`: the UI language's). */
export function sortPeople(people: readonly Person[], collator: Intl.Collator): Person[] {
	return [...people].sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

/** The people the query finds; an empty query: everyone. */
export function findPeople(people: readonly Person[], query: string): Person[] {
	return query.trim() === '' ? [...people] : people.filter((p) => matchesQuery(query, personTexts(p)));
}

export interface PeoplePage<T> {
	items: T[];
	/** The page shown (0-based, within the pages there are). */
	page: number;
	pages: number;
	/** 1-based positions of the first and the last item shown (0 and 0 when there is none). */
	from: number;
	to: number;
	total: number;
}

/** Page `page` of `items` (clamped to the pages there are). */
export function pageOf<T>(items: readonly T[], page: number, size = PEOPLE_PAGE_SIZE): PeoplePage<T> {
	const pages = Math.max(1, Math.ceil(items.length / size));
	const at = Math.min(Math.max(0, Math.floor(page)), pages - 1);
	const shown = items.slice(at * size, at * size + size);
	return { items: shown, page: at, pages, from: shown.length ? at * size + 1 : 0, to: at * size + shown.length, total: items.length };
}
