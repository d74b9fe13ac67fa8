import { foldLetters } from './fold';
import type { RosterEntry } from './schema';

/**
 * Finding someone by name at the door: case and diacritics ignored ("novakova" finds
 * "Nováková", "pena" finds "Peña"), each word of the query the start of a word of the person's
 * name, their club or their unit's name ("jan nov" finds "Jana Nováková").
 */

/** Lower case without diacritics (fold.ts). */
export const foldName = foldLetters;

/** The words of a text, folded. */
export function nameWords(text: string): string[] {
	return foldName(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Whether every word of the query starts a word of `texts`. An empty query matches nothing. */
export function matchesQuery(query: string, texts: readonly (string | undefined)[]): boolean {
	const wanted = nameWords(query);
	if (wanted.length === 0) return false;
	const words = texts.flatMap((t) => (t ? nameWords(t) : []));
	return wanted.every((w) => words.some((x) => x.startsWith(w)));
}

/** The searchable texts of a roster entry: its name, its members' names and clubs. */
export function rosterTexts(entry: Pick<RosterEntry, 'name' | 'members'>): string[] {
	return [entry.name, ...entry.members.flatMap((m) => [m.name, m.club ?? ''])];
}

/** The entries the query finds, in the roster's order; at most `limit`. */
export function searchRoster<E extends Pick<RosterEntry, 'name' | 'members'>>(roster: readonly E[], query: string, limit = 50): E[] {
	const found: E[] = [];
	for (const e of roster) {
		if (matchesQuery(query, rosterTexts(e))) found.push(e);
		if (found.length >= limit) break;
	}
	return found;
}
