import { z } from 'zod/mini';
import '$lib/zod-locale';
import { RulesetSchema } from '$lib/rules/schema';
import { AdvancementRuleSchema } from '$lib/results/advancement-rule';

/**
 * The set-up that judge events refer to: events (the day), competitions (one ruleset each),
 * heats (a turn at some tables) and entries (a competitor, pair, group or team). The same
 * schemas validate the server's store, sync payloads and exported files.
 */

/** IDs made on devices or by the organizer: URL-safe, short. */
export const IdSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'letters, digits and _ . : - only'));

const isoDay = z.iso.date();

export const EventSchema = z.object({
	id: IdSchema,
	name: z.string().check(z.minLength(1), z.maxLength(200)),
	/** The competition day (age checks, refund deadline). */
	date: isoDay,
	venue: z.optional(z.string().check(z.maxLength(200)))
});
export type CompetitionEvent = z.infer<typeof EventSchema>;

export const CompetitionSchema = z.object({
	id: IdSchema,
	eventId: IdSchema,
	name: z.string().check(z.minLength(1), z.maxLength(200)),
	/** The ruleset version in force, frozen when the competition starts (CZ-GEN-CHANGES). */
	ruleset: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)), version: z.number().check(z.int(), z.minimum(1)) }),
	/** A qualifying round: its final (another competition of the event) and who goes there. */
	advancesTo: z.optional(z.object({ competitionId: IdSchema, rule: AdvancementRuleSchema }))
});
export type Competition = z.infer<typeof CompetitionSchema>;

export const HeatSchema = z.object({
	id: IdSchema,
	competitionId: IdSchema,
	name: z.string().check(z.minLength(1), z.maxLength(200))
});
export type Heat = z.infer<typeof HeatSchema>;

export const MemberSchema = z.object({
	id: IdSchema,
	name: z.string().check(z.minLength(1), z.maxLength(200)),
	birthDate: z.optional(isoDay),
	country: z.optional(z.string().check(z.maxLength(3)))
});
export type Member = z.infer<typeof MemberSchema>;

export const EntrySchema = z.object({
	id: IdSchema,
	competitionId: IdSchema,
	heatId: IdSchema,
	/** Display name: the competitor, or the pair's, group's or team's name. */
	name: z.string().check(z.minLength(1), z.maxLength(200)),
	members: z._default(z.array(MemberSchema).check(z.maxLength(50)), []),
	table: z.optional(z.string().check(z.maxLength(40))),
	seat: z.optional(z.string().check(z.maxLength(40)))
});
export type Entry = z.infer<typeof EntrySchema>;

export { RulesetSchema };
