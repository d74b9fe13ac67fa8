/**
 * A scoring conflict in the current (or a given) locale. Scoring words each conflict in
 * English (`Conflict.message`, which the CLI and the server print); here it is said again by
 * its kind, with what the conflict itself holds: the entry (by its name), how many events
 * disagree, whether they came from different devices; never an event ID (the organizer's
 * screen says each event in words: src/lib/organizer/conflict-words.ts). What only the English
 * message names (a relay's puzzle, the type of an event after the lock, why an event is
 * invalid) is left to the organizer's tools.
 */
import { m, type Locale } from '$lib/i18n';
import type { Conflict } from '$lib/scoring';

export interface ConflictOptions {
	/** Defaults to the current locale. */
	locale?: Locale;
}

/** `nameOf` gives an entry's display name (e.g. from the standings rows); the ID is shown without one. */
export function describeConflict(
	c: Pick<Conflict, 'kind' | 'entryId' | 'eventIds' | 'deviceIds'>,
	nameOf: (entryId: string) => string | undefined,
	options: ConflictOptions = {}
): string {
	const opt = { locale: options.locale };
	const name = c.entryId === null ? '' : (nameOf(c.entryId) ?? c.entryId);
	const count = c.eventIds.length;
	switch (c.kind) {
		case 'double-start':
			return m.conflict_double_start({ count, name }, opt);
		case 'double-finish':
			return c.deviceIds.length > 1 ? m.conflict_double_finish_devices({ count, name }, opt) : m.conflict_double_finish({ count, name }, opt);
		case 'double-check':
			return m.conflict_double_check({ count, name }, opt);
		case 'double-tally':
			return m.conflict_double_tally({ name }, opt);
		case 'double-correction':
			// The corrected event, then the corrections in force.
			return c.entryId === null ? m.conflict_double_correction_no_entry({ count: count - 1 }, opt) : m.conflict_double_correction({ count: count - 1, name }, opt);
		case 'after-lock':
			return m.conflict_after_lock({ name }, opt);
		case 'id-collision':
			return m.conflict_id_collision({}, opt);
		case 'invalid':
			return c.entryId === null ? m.conflict_invalid_no_entry({ count }, opt) : m.conflict_invalid({ count, name }, opt);
		default:
			return unknownKind(c.kind);
	}
}

function unknownKind(kind: never): string {
	return String(kind);
}
