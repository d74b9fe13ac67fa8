import { formatDate, formatNumber, formatTime, m, type Locale } from '$lib/i18n';
import { CHECK_IN_ADULT_FIELD } from '$lib/events/erasure';
import { PHOTOS_ERASED_FIELD } from '$lib/contract';
import { RegistrationStatusSchema, type Registration, type RegistrationChange } from '$lib/registration/schema';
import { PERSON_FORM_FIELDS, type PersonField } from './people-form';
import { PERSON_FIELD_LABEL, STATUS_WORDS, type Words } from './people-words';

/**
 * A person's history (GET …/people/{p}/history) in the UI language: each change with when,
 * who (the organizer device's name) and what, each field's value before and after worded as
 * the screen says it (a status, a payment, a competition by its name, the members by theirs).
 * A value erased with the person's personal data reads as removed, and the erasure's redaction
 * of the accompanying adult in the check-ins (CHECK_IN_ADULT_FIELD) as the check-ins it was erased in,
 * and its erasure of the photos of their entries (PHOTOS_ERASED_FIELD, issue 33) as how many.
 */

export interface HistoryContext {
	competitionName(id: string): string | undefined;
	personName(id: string): string | undefined;
	registration(id: string): Registration | undefined;
	/** Defaults to the current locale. */
	locale?: Locale;
	/** For the times of day; defaults to the device's. */
	timeZone?: string;
}

export interface HistoryLine {
	seq: number;
	/** "12 May 2026, 10:03" */
	when: string;
	who: string;
	/** "Registered for Individuals" */
	what: string;
	/** "Club: — → Puzzle Brno" */
	details: string[];
}

const REGISTRATION_FIELD_LABEL: Record<string, Words> = {
	competitionId: m.org_people_rfield_competition,
	name: m.org_people_rfield_name,
	memberIds: m.org_people_rfield_members,
	registeredAt: m.org_people_rfield_registered_at,
	status: m.org_people_rfield_status,
	movedUpAt: m.org_people_rfield_moved_up_at,
	fee: m.org_people_rfield_fee,
	paid: m.org_people_rfield_paid,
	cancelled: m.org_people_rfield_cancelled
};

const NONE = '—';

type Where = Pick<HistoryContext, 'locale' | 'timeZone'>;

/** A moment as the history says it: "12 May 2026, 10:03". */
export function moment(ms: number, { locale, timeZone }: Where = {}): string {
	return `${formatDate(ms, { style: 'medium', locale, timeZone })}, ${formatTime(ms, { seconds: false, locale, timeZone })}`;
}

function money(amount: number, currency: string | undefined, locale: Locale | undefined): string {
	return currency ? formatNumber(amount, { style: 'currency', currency, locale }) : formatNumber(amount, { locale });
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function personValue(field: PersonField, v: unknown, locale: Locale | undefined): string {
	if (v === null || v === undefined || v === '') return NONE;
	if (field === 'birthDate' && typeof v === 'string') {
		try {
			return formatDate(v, { style: 'medium', locale });
		} catch {
			return v;
		}
	}
	return String(v);
}

function registrationValue(field: string, v: unknown, ctx: HistoryContext, currency: string | undefined): string {
	const { locale } = ctx;
	if (field === 'paid' && v === null) return m.org_people_value_not_paid({}, { locale });
	if (v === null || v === undefined) return NONE;
	switch (field) {
		case 'competitionId':
			return ctx.competitionName(String(v)) ?? String(v);
		case 'memberIds':
			return Array.isArray(v) ? v.map((id) => ctx.personName(String(id)) ?? String(id)).join(', ') : String(v);
		case 'status': {
			const s = RegistrationStatusSchema.safeParse(v);
			return s.success ? STATUS_WORDS[s.data]({}, { locale }) : String(v);
		}
		case 'registeredAt':
		case 'movedUpAt':
			return typeof v === 'number' ? moment(v, ctx) : String(v);
		case 'fee':
			return isObject(v) && typeof v.amount === 'number' ? money(v.amount, typeof v.currency === 'string' ? v.currency : currency, locale) : String(v);
		case 'paid':
			return isObject(v) && typeof v.amount === 'number' && typeof v.at === 'number' ? m.org_people_value_paid({ amount: money(v.amount, currency, locale), when: moment(v.at, ctx) }, { locale }) : String(v);
		case 'cancelled':
			if (isObject(v) && typeof v.at === 'number') return (v.refundDue ? m.org_people_value_cancelled_refund : m.org_people_value_cancelled_no_refund)({ when: moment(v.at, ctx) }, { locale });
			return String(v);
		default:
			return typeof v === 'object' ? JSON.stringify(v) : String(v);
	}
}

function whatOf(c: RegistrationChange, ctx: HistoryContext): string {
	const r = c.registrationId ? ctx.registration(c.registrationId) : undefined;
	const o = { locale: ctx.locale };
	const competition = (r && ctx.competitionName(r.competitionId)) ?? r?.competitionId ?? NONE;
	switch (c.kind) {
		case 'person.created':
			return m.org_people_kind_person_created({}, o);
		case 'person.changed':
			return m.org_people_kind_person_changed({}, o);
		case 'person.erased':
			return m.org_people_kind_person_erased({}, o);
		case 'registration.created':
			return m.org_people_kind_registration_created({ competition }, o);
		case 'registration.changed':
			return m.org_people_kind_registration_changed({ competition }, o);
		case 'registration.paid':
			return m.org_people_kind_registration_paid({ competition }, o);
		case 'registration.cancelled':
			return m.org_people_kind_registration_cancelled({ competition }, o);
		case 'registration.moved-up':
			return m.org_people_kind_registration_moved_up({ competition }, o);
		case 'registration.imported':
			return m.org_people_kind_registration_imported({ competition }, o);
	}
}

/** One change's lines: each field that changed, from what to what (both gone: erased with the personal data). */
function detailsOf(c: RegistrationChange, ctx: HistoryContext): string[] {
	const o = { locale: ctx.locale };
	const onPerson = c.kind.startsWith('person.');
	const currency = c.registrationId ? ctx.registration(c.registrationId)?.fee.currency : undefined;
	// A new record's fields are its values, not changes: they are said as "field: value".
	const created = c.kind === 'person.created' || c.kind === 'registration.created' || c.kind === 'registration.imported';
	return c.changes.map(({ field, before, after }) => {
		if (field === CHECK_IN_ADULT_FIELD) return checkInAdultErased(after, ctx.locale);
		if (field === PHOTOS_ERASED_FIELD) return photosErased(after, ctx.locale);
		const personField = onPerson ? PERSON_FORM_FIELDS.find((f) => f === field) : undefined;
		const label = personField ? PERSON_FIELD_LABEL[personField]({}, o) : (REGISTRATION_FIELD_LABEL[field]?.({}, o) ?? field);
		if (before === null && after === null) return m.org_people_change_removed({ field: label }, o);
		const word = (v: unknown) => (personField ? personValue(personField, v, ctx.locale) : registrationValue(field, v, ctx, currency));
		if (created) return m.org_people_change_value({ field: label, value: word(after) }, o);
		return m.org_people_change({ field: label, before: word(before), after: word(after) }, o);
	});
}

/** The accompanying adult erased in the judge-event log's check-ins (register.ts, erasePerson): `{ replacedWith, events, eventIds }`. */
function checkInAdultErased(after: unknown, locale: Locale | undefined): string {
	const o = { locale };
	const field = m.org_people_field_check_in_adult({}, o);
	if (isObject(after) && typeof after.events === 'number') return m.org_people_change_value({ field, value: m.org_people_value_check_in_adult_erased({ count: after.events }, o) }, o);
	return m.org_people_change_removed({ field }, o);
}

/** The photos of the person's entries erased with them (register.ts, erasePerson): `{ erased }`. */
function photosErased(after: unknown, locale: Locale | undefined): string {
	const o = { locale };
	const field = m.photo_history_field({}, o);
	if (isObject(after) && typeof after.erased === 'number') return m.org_people_change_value({ field, value: m.photo_history_erased({ count: after.erased }, o) }, o);
	return m.org_people_change_removed({ field }, o);
}

/** The history's changes, oldest first, as the dialog shows them. */
export function historyLines(changes: readonly RegistrationChange[], ctx: HistoryContext): HistoryLine[] {
	return changes.map((c) => ({ seq: c.seq, when: moment(c.at, ctx), who: c.by.label, what: whatOf(c, ctx), details: detailsOf(c, ctx) }));
}
