import { z } from 'zod/mini';
import { IdSchema } from '$lib/setup/schema';
import { LEVELS } from './choice-tree';
import type { Selection } from './choice-path';

/**
 * The judge's last choice on the station's home (choice-path.ts), kept in localStorage so that
 * reopening the home, or coming back from a heat, lands where the judge was. What is read back
 * is checked: anything unreadable counts as no choice.
 */

export const CHOICE_KEY = 'puzzle-judge.station-choice';

const SelectionSchema = z.object({
	event: z.optional(z.nullable(IdSchema)),
	competition: z.optional(IdSchema),
	heat: z.optional(IdSchema),
	table: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
	at: z.optional(z.enum(LEVELS))
});

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export function loadChoice(storage: KeyValueStore): Selection {
	try {
		const parsed = SelectionSchema.safeParse(JSON.parse(storage.getItem(CHOICE_KEY) ?? 'null'));
		return parsed.success ? parsed.data : {};
	} catch {
		return {};
	}
}

export function saveChoice(storage: KeyValueStore, selection: Selection): void {
	try {
		storage.setItem(CHOICE_KEY, JSON.stringify(SelectionSchema.parse(selection)));
	} catch {
		// A full or blocked storage only costs the convenience of landing there next time.
	}
}
