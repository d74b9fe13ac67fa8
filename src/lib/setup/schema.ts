import { z } from 'zod';
import { RulesetSchema } from '$lib/rules/schema';

/**
 * The set-up that judge events refer to: events (the day), competitions (one ruleset each),
 * heats (a turn at some tables) and entries (a competitor, pair, group or team). The same
 * schemas validate the server's store, sync payloads and exported files.
 */

/** IDs made on devices or by the organizer: URL-safe, short. */
export const IdSchema = z
	.string()
	.min(1)
	.max(64)
	.regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'letters, digits and _ . : - only');

const isoDay = z.iso.date();

export const EventSchema = z.object({
	id: IdSchema,
	name: z.string().min(1).max(200),
	/** The competition day (age checks, refund deadline). */
	date: isoDay,
	venue: z.string().max(200).optional()
});
export type CompetitionEvent = z.infer<typeof EventSchema>;

export const CompetitionSchema = z.object({
	id: IdSchema,
	eventId: IdSchema,
	name: z.string().min(1).max(200),
	/** The ruleset version in force, frozen when the competition starts (CZ-GEN-CHANGES). */
	ruleset: z.object({ id: z.string().min(1).max(64), version: z.number().int().min(1) })
});
export type Competition = z.infer<typeof CompetitionSchema>;

export const HeatSchema = z.object({
	id: IdSchema,
	competitionId: IdSchema,
	name: z.string().min(1).max(200)
});
export type Heat = z.infer<typeof HeatSchema>;

export const MemberSchema = z.object({
	id: IdSchema,
	name: z.string().min(1).max(200),
	birthDate: isoDay.optional(),
	country: z.string().max(3).optional()
});
export type Member = z.infer<typeof MemberSchema>;

export const EntrySchema = z.object({
	id: IdSchema,
	competitionId: IdSchema,
	heatId: IdSchema,
	/** Display name: the competitor, or the pair's, group's or team's name. */
	name: z.string().min(1).max(200),
	members: z.array(MemberSchema).max(50).default([]),
	table: z.string().max(40).optional(),
	seat: z.string().max(40).optional()
});
export type Entry = z.infer<typeof EntrySchema>;

export { RulesetSchema };
