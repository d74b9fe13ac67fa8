import { PersonInputSchema, type Person, type PersonInput } from '$lib/registration/schema';
import type { Locale } from '$lib/i18n';
import { personIssueText } from './people-words';

/**
 * The form of a person (add or edit, /organizer/register): each field as text, read from a
 * person and written back, validated by the register's own PersonInputSchema, each issue put
 * next to its field in the UI language (people-words.ts words it by the issue's path and code).
 */

/** The fields of the form, in its order. */
export const PERSON_FORM_FIELDS = ['name', 'birthDate', 'country', 'club', 'email', 'phone', 'accompaniedBy', 'notes'] as const;
export type PersonField = (typeof PERSON_FORM_FIELDS)[number];

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

/** The person the form's text makes (empty text: the value left out; a country code in capitals), validated; or what is wrong, field by field. */
export function personFromDraft(id: string, draft: PersonDraft, locale?: Locale): PersonFormResult {
	const candidate: Record<string, string> = { id };
	for (const f of PERSON_FORM_FIELDS) {
		const text = draft[f].trim();
		if (f === 'name' || text !== '') candidate[f] = f === 'country' ? text.toUpperCase() : text;
	}
	const parsed = PersonInputSchema.safeParse(candidate);
	if (parsed.success) return { ok: true, person: parsed.data };
	const errors: Partial<Record<PersonField, string>> = {};
	for (const issue of parsed.error.issues) {
		const field = PERSON_FORM_FIELDS.find((f) => f === issue.path[0]) ?? 'name';
		errors[field] ??= personIssueText(issue, locale);
	}
	return { ok: false, errors };
}

/** Whether two drafts say the same (text compared trimmed, a country code in any case). */
export function sameValue(field: PersonField, a: string, b: string): boolean {
	const norm = (s: string) => (field === 'country' ? s.trim().toUpperCase() : s.trim());
	return norm(a) === norm(b);
}
