import { z } from 'zod/mini';
import '$lib/zod-locale';
import {
	NameSchema,
	PersonInputSchema,
	PersonSchema,
	RegistrationChangeSchema,
	RegistrationSchema
} from '$lib/registration/schema';
import { EventSchema, IdSchema } from '$lib/setup/schema';
import { ImportRowSchema, MAX_IMPORT_ROWS } from '$lib/registration/csv/import-rows';

/**
 * The register of people and registrations (issue 14), the organizer's only (src/lib/server/register.ts):
 * every request and answer. An edit names the version it was made from (`expectedVersion`);
 * made from an older one it is refused with 409 and StaleConflictSchema: the record as it is
 * now and the one sent, so that the organizer sees both and loses neither.
 */

const moment = z.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000));
const version = z.number().check(z.int(), z.minimum(1));
const amount = z.number().check(z.nonnegative(), z.maximum(100_000_000));

/** POST /api/events/{e}/people: a new person (its ID chosen by the organizer's device). */
export const PersonCreateSchema = z.object({ person: PersonInputSchema });
/** POST /api/events/{e}/people/{p}: the person changed, from the version it was opened at. */
export const PersonChangeSchema = z.object({ person: z.omit(PersonInputSchema, { id: true }), expectedVersion: version });
export type PersonChange = z.infer<typeof PersonChangeSchema>;
export const PersonAnswerSchema = z.object({ person: PersonSchema });
export const PeopleAnswerSchema = z.object({ people: z.array(PersonSchema) });
/** GET /api/events/{e}/people/{p}/history: every change to the person and to their registrations, oldest first. */
export const PersonHistorySchema = z.object({ changes: z.array(RegistrationChangeSchema) });

/** POST /api/events/{e}/registrations: a unit registers (its status and fee are the server's). */
export type RegistrationCreate = z.infer<typeof RegistrationCreateSchema>;
export const RegistrationCreateSchema = z.object({
	registration: z.object({
		id: IdSchema,
		competitionId: IdSchema,
		/** The pair's, group's or team's name; an individual's is the person's (the default). */
		name: z.optional(NameSchema),
		memberIds: z.array(IdSchema).check(z.minLength(1), z.maxLength(50)),
		/** When it was registered (the waiting list's order); the time of arrival by default. */
		registeredAt: z.optional(moment),
		/** The preferred turn (a heat of the competition) for the turns by lot (ES-SHIFT). */
		preferredTurn: z.optional(IdSchema)
	}),
	/** Register it although its unit breaks the ruleset (ES-CAT, CZ-GEN-AGE): it is then listed with its problems. Without it such a unit is refused, saying why. */
	despiteProblems: z.optional(z.boolean())
});

/** POST /api/events/{e}/registrations/{r}: change the unit, record a payment, or cancel. */
export const RegistrationActionSchema = z.discriminatedUnion('action', [
	z.object({
		action: z.literal('change'),
		expectedVersion: version,
		name: z.optional(NameSchema),
		memberIds: z.optional(z.array(IdSchema).check(z.minLength(1), z.maxLength(50))),
		/** The preferred turn (ES-SHIFT); null: none. */
		preferredTurn: z.optional(z.nullable(IdSchema)),
		despiteProblems: z.optional(z.boolean())
	}),
	/** What was paid and when (the time of arrival by default); null: not paid after all. */
	z.object({ action: z.literal('pay'), expectedVersion: version, paid: z.nullable(z.object({ amount, at: z.optional(moment) })) }),
	/** Cancelled at `at` (the time of arrival by default): the refund is worked out from it (CZ-GEN-REFUND). */
	z.object({ action: z.literal('cancel'), expectedVersion: version, at: z.optional(moment) })
]);
export type RegistrationAction = z.infer<typeof RegistrationActionSchema>;

/** A registration after a change; a cancellation also names the waiting ones it moved up. */
export const RegistrationAnswerSchema = z.object({ registration: RegistrationSchema, movedUp: z.array(RegistrationSchema) });
export const RegistrationsAnswerSchema = z.object({ registrations: z.array(RegistrationSchema) });

/**
 * One confirmed row of an imported file (the CSV is read and previewed on the organizer's
 * device: src/lib/registration/csv): a person and the competition they register for; rows
 * with the same unit name in a competition of pairs, groups or teams form one unit.
 */
/** One row of an import: the CSV preview's confirmed rows (src/lib/registration/csv/import-rows.ts). */
export const RegisterImportRowSchema = ImportRowSchema;
export type RegisterImportRow = z.infer<typeof RegisterImportRowSchema>;
export const RegisterImportSchema = z.object({ rows: z.array(RegisterImportRowSchema).check(z.minLength(1), z.maxLength(MAX_IMPORT_ROWS)) });
export const RegisterImportAnswerSchema = z.object({
	peopleAdded: z.number(),
	registrationsAdded: z.number(),
	/** Rows already in the register (the same person in the same competition): nothing changed for them. */
	rowsUnchanged: z.number(),
	/** The registrations added, in registration order. */
	registrations: z.array(RegistrationSchema)
});

/** What is wrong with a unit (rules/registration.ts UnitProblem): its facts, for the screens to word, and the English message. */
const ageRange = z.object({ min: z.optional(z.number()), max: z.optional(z.number()) });
export const UnitProblemSchema = z.discriminatedUnion('code', [
	z.object({ code: z.literal('size'), message: z.string(), size: z.object({ min: z.number(), max: z.number() }), has: z.number() }),
	z.object({ code: z.literal('registers-alone'), message: z.string(), size: z.number(), has: z.number() }),
	z.object({ code: z.literal('age'), message: z.string(), member: z.string(), age: z.number(), range: ageRange }),
	z.object({ code: z.literal('composition'), message: z.string(), atLeast: z.number(), range: ageRange, label: z.string(), has: z.number() }),
	z.object({ code: z.literal('birth-date-missing'), message: z.string(), member: z.string() }),
	z.object({ code: z.literal('companion-missing'), message: z.string(), member: z.string(), age: z.number(), underAge: z.number() })
]);
export const EntryProblemsSchema = z.object({ registrationId: IdSchema, competitionId: IdSchema, name: z.string(), problems: z.array(UnitProblemSchema) });
export const FeeTotalsSchema = z.object({
	competitionId: IdSchema,
	currency: z.string(),
	registered: z.number(),
	waiting: z.number(),
	cancelled: z.number(),
	due: z.number(),
	paid: z.number(),
	outstanding: z.number(),
	refundsDue: z.number(),
	retained: z.number(),
	/** Paid by those on the waiting list (held). */
	waitingPaid: z.number()
});

/** GET /api/events/{e}/register: everything the organizer's screens of the register need, in one answer. */
export const RegisterAnswerSchema = z.object({
	event: EventSchema,
	people: z.array(PersonSchema),
	registrations: z.array(RegistrationSchema),
	/** Every registration that breaks its ruleset's unit rules, with the reasons (ES-CAT, CZ-GEN-AGE). */
	problems: z.array(EntryProblemsSchema),
	/** Fees per competition (ES-FEE, CZ-IND-CAP, CZ-TEAM-CAP, CZ-GEN-REFUND). */
	totals: z.array(FeeTotalsSchema),
	/** The teams of each relay's draw in force (CZ-TEAM-DRAW), as named now: the export's Team column (issue 30 #21). */
	drawnTeams: z.optional(z.array(z.object({ competitionId: IdSchema, name: NameSchema, memberIds: z.array(IdSchema) })))
});
export type RegisterAnswer = z.infer<typeof RegisterAnswerSchema>;

/** The 409 of an edit made from a stale version: the record now, and what was sent. */
export const StaleConflictSchema = z.object({
	message: z.string(),
	conflict: z.object({ kind: z.enum(['person', 'registration']), current: z.union([PersonSchema, RegistrationSchema]), sent: z.unknown() })
});
export type StaleConflict = z.infer<typeof StaleConflictSchema>;
