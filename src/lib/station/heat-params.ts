import { isId } from '$lib/setup/id-rule';

/**
 * Which heat the station's address opens (`?competition=…&heat=…&table=…`), checked by hand:
 * the address is read on every first load, which should not wait for zod.
 */
export interface HeatParams {
	competition: string;
	heat: string;
	table?: string;
}

/** The longest table name (the quick set-up's limit too: QUICK_SETUP_LIMITS.tableLength). */
export const TABLE_MAX_LENGTH = 40;

export function isTableName(value: unknown): value is string {
	return typeof value === 'string' && value.length <= TABLE_MAX_LENGTH;
}

/** The heat the query names, or null when it names none or something is not valid (the home then shows). */
export function parseHeatParams(query: URLSearchParams): HeatParams | null {
	// A name given twice counts with its last value.
	const { competition, heat, table } = Object.fromEntries(query) as Partial<Record<string, string>>;
	if (!isId(competition) || !isId(heat)) return null;
	if (table === undefined) return { competition, heat };
	return isTableName(table) ? { competition, heat, table } : null;
}
