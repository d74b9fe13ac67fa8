import { countryCode } from '$lib/registration/csv/country';
import { PersonInputSchema, type Person, type PersonInput } from '$lib/registration/schema';
import { m, type Locale } from '$lib/i18n';
import { personIssueText } from './people-words';
import { PERSON_FORM_FIELDS, type PersonField } from './person-fields';

export { PERSON_FORM_FIELDS, type PersonField };

/**
 * The form of a person (add or edit, /organizer/register): each field as text, read from a
 * person and written back, validated by the register's own PersonInputSchema, each issue put
 * next to its field in the UI language (people-words.ts words it by the issue's path and code).
 */


/** The form's text, by field. */
export type PersonDraft = Record<PersonField, string>;

export function emptyPersonDraft(): PersonDraft {
	return Object.fromEntries(PERSON_FORM_FIELDS.map((f) => [f, ''])) as PersonDraft;
}

/** A person's values as the form's text (a missing value: empty). */
export function personDraftOf(p: Partial<Pick<Person, PersonField>>): PersonDraft {
	return Object.fromEntries(PERSON_FORM_FIELDS.map((f) => [f, p[f] ?? ''])) as PersonDraft;
}

export type PersonFormResult = { ok: true; person: PersonInput } | { ok: false; errors: Partial<Record<PersonField, string>> };

/**
 * The person the form's text makes (empty text: the value left out; a country's code or name as
 * its ISO alpha-2 code), validated; or what is wrong, field by field. `unreadable`: the fields
 * whose input the browser could not read (a date half typed or typed into the wrong part:
 * validity.badInput, the value then empty): an error, never a value left out (issue 30 #5b).
 */
export function personFromDraft(id: string, draft: PersonDraft, locale?: Locale, unreadable: readonly PersonField[] = []): PersonFormResult {
	const candidate: Record<string, string> = { id };
	for (const f of PERSON_FORM_FIELDS) {
		const text = draft[f].trim();
		if (f === 'name' || text !== '') candidate[f] = f === 'country' ? (countryCode(text) ?? '') : text;
	}
	const parsed = PersonInputSchema.safeParse(candidate);
	const errors: Partial<Record<PersonField, string>> = {};
	for (const f of unreadable) errors[f] = m.org_people_error_date_unread({}, { locale });
	if (parsed.success) return unreadable.length === 0 ? { ok: true, person: parsed.data } : { ok: false, errors };
	for (const issue of parsed.error.issues) {
		const field = PERSON_FORM_FIELDS.find((f) => f === issue.path[0]) ?? 'name';
		errors[field] ??= personIssueText(issue, locale);
	}
	return { ok: false, errors };
}

/** Whether two drafts say the same (text compared trimmed, a country by its code: cze, CZE and CZ are one). */
export function sameValue(field: PersonField, a: string, b: string): boolean {
	const norm = (s: string) => (field === 'country' ? (countryCode(s) ?? '') : s.trim());
	return norm(a) === norm(b);
}
