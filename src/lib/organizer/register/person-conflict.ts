import type { Person } from '$lib/registration/schema';
import { PERSON_FORM_FIELDS, personDraftOf, sameValue, type PersonDraft, type PersonField } from './people-form';

/**
 * A person saved on another organizer device while this one edited it (the server's 409,
 * StaleRecordError): field by field, what is saved now beside what this organizer typed, the
 * fields that differ marked, so that the organizer sees both and chooses.
 */

export interface ConflictRow {
	field: PersonField;
	saved: string;
	typed: string;
	differs: boolean;
}

export function conflictRows(saved: Person, typed: PersonDraft): ConflictRow[] {
	const current = personDraftOf(saved);
	return PERSON_FORM_FIELDS.map((field) => ({ field, saved: current[field], typed: typed[field], differs: !sameValue(field, current[field], typed[field]) }));
}
