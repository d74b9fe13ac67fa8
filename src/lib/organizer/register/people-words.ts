import type { core } from 'zod/mini';
import { locale, m, type Locale } from '$lib/i18n';
import { countryName } from '$lib/setup/country';
import type { RegistrationStatus } from '$lib/registration/schema';
import type { PersonField } from './person-fields';

/**
 * The register of people in the UI language: the person's fields (the form, the history, a
 * conflict), a registration's statuses, and what is wrong with a field. The register's schema
 * speaks English (its messages are for the API and the CLI): an issue is worded here by its
 * path and code, not by its message.
 */

/** A message without inputs, in the locale given or the current one. */
export type Words = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

export const PERSON_FIELD_LABEL: Record<PersonField, Words> = {
	name: m.org_people_field_name,
	birthDate: m.org_people_field_birth_date,
	country: m.org_people_field_country,
	club: m.org_people_field_club,
	email: m.org_people_field_email,
	phone: m.org_people_field_phone,
	accompaniedBy: m.org_people_field_accompanied_by,
	notes: m.org_people_field_notes
};

export const STATUS_WORDS: Record<RegistrationStatus, Words> = {
	registered: m.org_people_status_registered,
	waiting: m.org_people_status_waiting,
	cancelled: m.org_people_status_cancelled
};

/** What is wrong with a field of PersonInputSchema, in the UI language. */
export function personIssueText(issue: core.$ZodIssue, locale?: Locale): string {
	const o = { locale };
	const field = issue.path[0];
	if (issue.code === 'too_big') return m.org_people_error_too_long({ max: Number(issue.maximum) }, o);
	if (field === 'name') return m.org_people_error_name({}, o);
	if (field === 'country') return m.org_people_error_country({}, o);
	if (issue.code === 'invalid_format' || issue.code === 'invalid_type') {
		if (field === 'birthDate') return m.org_people_error_date({}, o);
		if (field === 'email') return m.org_people_error_email({}, o);
		if (field === 'phone') return m.org_people_error_phone({}, o);
	}
	return m.org_people_error_invalid({}, o);
}

/** A country as the organizer reads it: its name in the UI language ("Česko" for CZ; issue 30 #12), the code when there is no name. */
export function countryWords(code: string | undefined, inLocale: string = locale.current): string {
	return code ? countryName(code, inLocale) : '';
}
