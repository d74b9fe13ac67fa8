import { isId } from '$lib/setup/id-rule';
import { LEVELS, type Level } from './choice-levels';
import type { Selection } from './choice-path';
import { isTableName } from './heat-params';

/**
 * The judge's last choice on the station's home (choice-path.ts), kept in localStorage so that
 * reopening the home, or coming back from a heat, lands where the judge was. What is read back
 * is checked: anything unreadable counts as no choice. Checked by hand, not with zod: the
 * home reads it on its first paint.
 */

export const CHOICE_KEY = 'puzzle-judge.station-choice';

/** `value` as a selection (its other keys dropped), or null when a field is not valid. */
export function checkSelection(value: unknown): Selection | null {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
	const { event, competition, heat, table, at } = value as Record<string, unknown>;
	const valid =
		(event === undefined || event === null || isId(event)) &&
		(competition === undefined || isId(competition)) &&
		(heat === undefined || isId(heat)) &&
		(table === undefined || table === null || isTableName(table)) &&
		(at === undefined || LEVELS.includes(at as Level));
	if (!valid) return null;
	const fields: Selection = { event, competition, heat, table, at: at as Level | undefined };
	return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Selection;
}

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export function loadChoice(storage: KeyValueStore): Selection {
	try {
		return checkSelection(JSON.parse(storage.getItem(CHOICE_KEY) ?? 'null')) ?? {};
	} catch {
		return {};
	}
}

export function saveChoice(storage: KeyValueStore, selection: Selection): void {
	try {
		const checked = checkSelection(selection);
		if (checked) storage.setItem(CHOICE_KEY, JSON.stringify(checked));
	} catch {
		// A full or blocked storage only costs the convenience of landing there next time.
	}
}
