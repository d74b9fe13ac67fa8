import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';
import { NameSchema, PersonInputSchema } from '../schema';

/**
 * What the organizer's device sends to the server's import (POST
 * /api/events/{e}/registrations/import) once the organizer has confirmed the preview of a CSV
 * file (preview.ts, `rowsToImport`), as `{ rows }` (src/lib/contract/register.ts): the rows already parsed, checked and mapped, one per
 * person and registration, in the file's order (the order of the waiting list where a row has
 * no `registeredAt`).
 *
 * A person is the same as one already in the register by name + date of birth, or by name +
 * e-mail (names compared ignoring case and diacritics: same-person.ts); a registration is the same by
 * its person(s) + competition: importing the same rows again changes nothing.
 */

/** ms since the epoch. */
const moment = z.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000));

/** At most this many rows in one import (the CSV reader refuses a longer file before this). */
export const MAX_IMPORT_ROWS = 10_000;

/**
 * One row: the person's values (as PersonInput, without an ID: the server finds or makes the
 * person), the competition, and, for a pair, group or team, the unit's name (rows with the
 * same unit name and competition form one unit).
 */
export const ImportRowSchema = z.extend(z.omit(PersonInputSchema, { id: true }), {
	competitionId: IdSchema,
	/** The pair's, group's or team's name; absent for an individual. */
	unit: z.optional(NameSchema),
	/** The preferred turn (ES-SHIFT): a heat of the competition, found by its name in the file. */
	preferredTurn: z.optional(IdSchema),
	/** When the file says the person registered; absent: the moment of the import, rows in file order. */
	registeredAt: z.optional(moment),
	/** Whether the fee is paid (the amount is the registration's fee). */
	paid: z.optional(z.boolean())
});
export type ImportRow = z.infer<typeof ImportRowSchema>;
