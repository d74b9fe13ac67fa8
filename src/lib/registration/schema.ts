import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';
import { canonicalCountry, isCountryCode } from '$lib/setup/country';
import { plainText } from '$lib/setup/plain-text';

/**
 * The people who registered for an event and their registrations (issue 14: the organizer
 * prepares the event). Kept by the server and shown to the organizer's devices only: contact
 * data (e-mail, phone) and dates of birth never leave them (what judge, display and desk
 * devices get is a roster, below). Every change is recorded (who, when, what) and a record
 * edited from a stale copy is refused (`version`), so two organizer devices never overwrite
 * each other.
 */

const isoDay = z.iso.date();
/** ms since the epoch. */
const moment = z.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000));
/** Bumped by the server on every change of the record; an edit names the version it was made from. */
const version = z.number().check(z.int(), z.minimum(1));
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));
/**
 * A person's or a unit's name: one line of plain text (no control characters, issue
 * 29 #8: src/lib/setup/plain-text.ts), trimmed, up to 200 characters. Also the register's
 * requests' names (src/lib/contract/register.ts, draws.ts) and the CSV import's.
 */
export const NameSchema = z.string().check(plainText(), z.trim(), z.minLength(1), z.maxLength(200));
const optionalName = z.optional(z.string().check(plainText(), z.trim(), z.maxLength(200)));

export const PersonSchema = z.object({
	id: IdSchema,
	eventId: IdSchema,
	name: z.string().check(plainText(), z.trim(), z.minLength(1, 'a name is required'), z.maxLength(200)),
	/** Age checks (ES-CAT, CZ-GEN-AGE) on the event's day. */
	birthDate: z.optional(isoDay),
	/**
	 * ISO 3166-1 alpha-2 (issue 30 #12: one form): an alpha-3 or IOC code, written or stored by an
	 * older version, becomes it on every write and read (src/lib/setup/country.ts). A stored code
	 * the table does not know is kept; the input refuses it (PersonInputSchema).
	 */
	country: z.optional(z.string().check(z.overwrite(canonicalCountry), z.regex(/^[A-Z]{2,3}$/, 'a country code such as CZ or ESP'))),
	club: optionalText(200),
	email: z.optional(z.string().check(z.trim(), z.maxLength(320), z.regex(/^[^\s@]+@[^\s@]+$/, 'not an e-mail address'))),
	phone: z.optional(z.string().check(z.trim(), z.maxLength(40), z.regex(/^[0-9+()./ -]*$/, 'digits, spaces and + ( ) . / - only'))),
	notes: optionalText(2000),
	/** The accompanying adult of someone under the ruleset's age (CZ-GEN-AGE): their name. */
	accompaniedBy: optionalName,
	version,
	/** When the organizer erased the person's personal data after the event: the name stays (their results do), the rest is gone. */
	erasedAt: z.optional(moment)
});
export type Person = z.infer<typeof PersonSchema>;

/** A person's personal data: removed when the person is erased after the event (the name and country stay: their results do). */
export const PERSONAL_FIELDS = ['birthDate', 'email', 'phone', 'notes', 'club', 'accompaniedBy'] as const satisfies readonly (keyof Person)[];

/** What the organizer sends to create or change a person: the server sets the event and the version. */
export const PersonInputSchema = z.extend(z.omit(PersonSchema, { eventId: true, version: true, erasedAt: true }), {
	country: z.optional(
		z.string().check(z.overwrite(canonicalCountry), z.refine(isCountryCode, { message: 'a country code such as CZ or ESP, or its name' }))
	)
});
export type PersonInput = z.infer<typeof PersonInputSchema>;

export const RegistrationStatusSchema = z.enum(['registered', 'waiting', 'cancelled']);
export type RegistrationStatus = z.infer<typeof RegistrationStatusSchema>;

export const MoneySchema = z.object({
	amount: z.number().check(z.nonnegative(), z.maximum(100_000_000)),
	currency: z.string().check(z.regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as CZK or EUR'))
});
export type Money = z.infer<typeof MoneySchema>;

/**
 * One unit's registration for one competition: an individual, or a pair, group or team formed
 * from registered people and named (the ruleset's unit). Its ID becomes the ID of the entry it
 * is seated as (issue 15), so that a check-in recorded for it finds the seat.
 */
export const RegistrationSchema = z.object({
	id: IdSchema,
	eventId: IdSchema,
	competitionId: IdSchema,
	/** The unit's name: the person's for an individual, the pair's, group's or team's otherwise. */
	name: NameSchema,
	/** The people of the unit (Person IDs), in the order the organizer gave. */
	memberIds: z.array(IdSchema).check(z.minLength(1), z.maxLength(50)),
	/** When it was registered: the waiting list's order (CZ-IND-CAP, CZ-TEAM-CAP). */
	registeredAt: moment,
	status: RegistrationStatusSchema,
	/** When a waiting registration moved up to registered, after a cancellation. */
	movedUpAt: z.optional(moment),
	/** The fee due, per person or per entry as the ruleset says (ES-FEE, CZ-IND-CAP, CZ-TEAM-CAP). */
	fee: MoneySchema,
	/**
	 * What was paid and when; null: not paid. The one payment record, whichever device took it
	 * (issue 30 #1): a fee paid at the desk becomes it when the check-in reaches the server
	 * (src/lib/server/desk-payments.ts), naming that check-in (`checkInId`), so that the desk's undo
	 * takes it back and every reader (totals, lists, prints, exports) reads this field alone.
	 */
	paid: z.nullable(z.object({ amount: z.number().check(z.nonnegative(), z.maximum(100_000_000)), at: moment, checkInId: z.optional(IdSchema) })),
	/** When it was cancelled and whether the fee is refunded by the ruleset's deadline (CZ-GEN-REFUND). */
	cancelled: z.nullable(z.object({ at: moment, refundDue: z.boolean() })),
	/** The turn (a heat of the competition) preferred for the turns by lot (ES-SHIFT); none: any. */
	preferredTurn: z.optional(IdSchema),
	version
});
export type Registration = z.infer<typeof RegistrationSchema>;

/** Who changed something: the organizer device's token and label. */
export const ChangedBySchema = z.object({ tokenId: IdSchema, label: z.string().check(z.minLength(1), z.maxLength(120)) });

export const REGISTRATION_CHANGE_KINDS = [
	'person.created',
	'person.changed',
	'person.erased',
	'registration.created',
	'registration.changed',
	'registration.paid',
	'registration.cancelled',
	'registration.moved-up',
	'registration.imported'
] as const;

/** One change to the register, kept for ever and shown on the person (who, when, what). */
export const RegistrationChangeSchema = z.object({
	/** The server's sequence number of the change. */
	seq: z.number().check(z.int(), z.minimum(1)),
	eventId: IdSchema,
	kind: z.enum(REGISTRATION_CHANGE_KINDS),
	personId: z.nullable(IdSchema),
	registrationId: z.nullable(IdSchema),
	at: moment,
	by: ChangedBySchema,
	/** The fields changed: their values before and after (personal data of an erased person: removed). */
	changes: z.array(z.object({ field: z.string().check(z.maxLength(80)), before: z.unknown(), after: z.unknown() })).check(z.maxLength(100))
});
export type RegistrationChange = z.infer<typeof RegistrationChangeSchema>;

/**
 * A registration as the devices that are not the organizer's see it (judge, display, desk):
 * names, country and club only; no e-mail, phone or date of birth. `minor`: the member is
 * under the ruleset's age for an accompanying adult (CZ-GEN-AGE); `child`: a member the
 * ruleset lets bring companions (ES-COMPANION) — both worked out on the server from the date
 * of birth, which itself stays there.
 */
export const RosterEntrySchema = z.object({
	id: IdSchema,
	competitionId: IdSchema,
	name: z.string(),
	status: RegistrationStatusSchema,
	members: z.array(
		z.object({
			id: IdSchema,
			name: z.string(),
			country: z.optional(z.string()),
			club: z.optional(z.string()),
			minor: z.boolean(),
			child: z.boolean(),
			accompaniedBy: z.optional(z.string())
		})
	),
	fee: MoneySchema,
	paid: z.boolean()
});
export type RosterEntry = z.infer<typeof RosterEntrySchema>;
