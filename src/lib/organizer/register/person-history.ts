import { formatDate, formatNumber, formatTime, m } from '$lib/i18n';
import { RegistrationStatusSchema, type Registration, type RegistrationChange } from '$lib/registration/schema';
import { PERSON_FORM_FIELDS, type PersonField } from './people-form';
import { PERSON_FIELD_LABEL, STATUS_WORDS } from './people-words';

/**
 * A person's history (GET …/people/{p}/history) in the UI language: each change with when,
 * who (the organizer device's name) and what, each field's value before and after worded as
 * the screen says it (a status, a payment, a competition by its name, the members by theirs).
 * A value erased with the person's personal data reads as removed.
 */

export interface HistoryContext {
	competitionName(id: string): string | undefined;
	personName(id: string): string | undefined;
	registration(id: string): Registration | undefined;
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

const REGISTRATION_FIELD_LABEL: Record<string, () => string> = {
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

export function moment(ms: number): string {
	return `${formatDate(ms, { style: 'medium' })}, ${formatTime(ms, { seconds: false })}`;
}

function money(amount: number, currency: string | undefined): string {
	return currency ? formatNumber(amount, { style: 'currency', currency }) : formatNumber(amount);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function personValue(field: PersonField, v: unknown): string {
	if (v === null || v === undefined || v === '') return NONE;
	if (field === 'birthDate' && typeof v === 'string') {
		try {
			return formatDate(v, { style: 'medium' });
		} catch {
			return v;
		}
	}
	return String(v);
}

function registrationValue(field: string, v: unknown, ctx: HistoryContext, currency: string | undefined): string {
	if (field === 'paid' && v === null) return m.org_people_value_not_paid();
	if (v === null || v === undefined) return NONE;
	switch (field) {
		case 'competitionId':
			return ctx.competitionName(String(v)) ?? String(v);
		case 'memberIds':
			return Array.isArray(v) ? v.map((id) => ctx.personName(String(id)) ?? String(id)).join(', ') : String(v);
		case 'status': {
			const s = RegistrationStatusSchema.safeParse(v);
			return s.success ? STATUS_WORDS[s.data]() : String(v);
		}
		case 'registeredAt':
		case 'movedUpAt':
			return typeof v === 'number' ? moment(v) : String(v);
		case 'fee':
			return isObject(v) && typeof v.amount === 'number' ? money(v.amount, typeof v.currency === 'string' ? v.currency : currency) : String(v);
		case 'paid':
			return isObject(v) && typeof v.amount === 'number' && typeof v.at === 'number' ? m.org_people_value_paid({ amount: money(v.amount, currency), when: moment(v.at) }) : String(v);
		case 'cancelled':
			if (isObject(v) && typeof v.at === 'number') return (v.refundDue ? m.org_people_value_cancelled_refund : m.org_people_value_cancelled_no_refund)({ when: moment(v.at) });
			return String(v);
		default:
			return typeof v === 'object' ? JSON.stringify(v) : String(v);
	}
}

function whatOf(c: RegistrationChange, ctx: HistoryContext): string {
	const r = c.registrationId ? ctx.registration(c.registrationId) : undefined;
	const competition = (r && ctx.competitionName(r.competitionId)) ?? r?.competitionId ?? NONE;
	switch (c.kind) {
		case 'person.created':
			return m.org_people_kind_person_created();
		case 'person.changed':
			return m.org_people_kind_person_changed();
		case 'person.erased':
			return m.org_people_kind_person_erased();
		case 'registration.created':
			return m.org_people_kind_registration_created({ competition });
		case 'registration.changed':
			return m.org_people_kind_registration_changed({ competition });
		case 'registration.paid':
			return m.org_people_kind_registration_paid({ competition });
		case 'registration.cancelled':
			return m.org_people_kind_registration_cancelled({ competition });
		case 'registration.moved-up':
			return m.org_people_kind_registration_moved_up({ competition });
		case 'registration.imported':
			return m.org_people_kind_registration_imported({ competition });
	}
}

/** One change's lines: each field that changed, from what to what (both gone: erased with the personal data). */
function detailsOf(c: RegistrationChange, ctx: HistoryContext): string[] {
	const onPerson = c.kind.startsWith('person.');
	const currency = c.registrationId ? ctx.registration(c.registrationId)?.fee.currency : undefined;
	// A new record's fields are its values, not changes: they are said as "field: value".
	const created = c.kind === 'person.created' || c.kind === 'registration.created' || c.kind === 'registration.imported';
	return c.changes.map(({ field, before, after }) => {
		const personField = onPerson ? PERSON_FORM_FIELDS.find((f) => f === field) : undefined;
		const label = personField ? PERSON_FIELD_LABEL[personField]() : (REGISTRATION_FIELD_LABEL[field]?.() ?? field);
		if (before === null && after === null) return m.org_people_change_removed({ field: label });
		const word = (v: unknown) => (personField ? personValue(personField, v) : registrationValue(field, v, ctx, currency));
		if (created) return m.org_people_change_value({ field: label, value: word(after) });
		return m.org_people_change({ field: label, before: word(before), after: word(after) });
	});
}

/** The history's changes, oldest first, as the dialog shows them. */
export function historyLines(changes: readonly RegistrationChange[], ctx: HistoryContext): HistoryLine[] {
	return changes.map((c) => ({ seq: c.seq, when: moment(c.at), who: c.by.label, what: whatOf(c, ctx), details: detailsOf(c, ctx) }));
}
