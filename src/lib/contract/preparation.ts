import { z } from 'zod/mini';
import '$lib/zod-locale';
import { CompetitionSchema, EventSchema, HeatSchema, IdSchema, RulesetSchema } from '$lib/setup/schema';

/**
 * The organizer prepares the event (/organizer/event): its details, its competitions added from
 * the rule presets, their rulesets changed as new versions with a reason (frozen once the
 * competition has started, CZ-GEN-CHANGES), and their heats. Organizer only.
 */

/** POST /api/events/{e}/details: the event's name, date, venue, language and currency. */
export const EventDetailsSchema = z.object({
	name: EventSchema.shape.name,
	date: EventSchema.shape.date,
	venue: EventSchema.shape.venue,
	language: EventSchema.shape.language,
	currency: EventSchema.shape.currency
});
export type EventDetails = z.infer<typeof EventDetailsSchema>;
export const EventAnswerSchema = z.object({ event: EventSchema });

/** POST /api/events/{e}/competitions: a competition from a rule preset (its name: the preset's unless given). */
export const AddCompetitionSchema = z.object({
	presetId: z.string().check(z.minLength(1), z.maxLength(64)),
	/** A competition's name (no control characters, issue 29 #8), trimmed. */
	name: z.optional(CompetitionSchema.shape.name.check(z.trim(), z.minLength(1)))
});
export type AddCompetition = z.infer<typeof AddCompetitionSchema>;
export const CompetitionAnswerSchema = z.object({ competition: CompetitionSchema, ruleset: RulesetSchema });

/** Who changed something and when (the organizer device's token and label; the server's clock). */
const ByWhomSchema = z.object({ tokenId: IdSchema, label: z.string().check(z.minLength(1), z.maxLength(120)) });

/** One change of a competition's ruleset: from one version to the next, why, who, when. */
export const RulesetChangeSchema = z.object({
	competitionId: IdSchema,
	rulesetId: z.string().check(z.minLength(1), z.maxLength(64)),
	fromVersion: z.number().check(z.int(), z.minimum(1)),
	toVersion: z.number().check(z.int(), z.minimum(1)),
	reason: z.string().check(z.minLength(1), z.maxLength(2000)),
	by: ByWhomSchema,
	at: z.number().check(z.int(), z.minimum(0))
});
export type RulesetChange = z.infer<typeof RulesetChangeSchema>;

/**
 * POST /api/events/{e}/competitions/{c}/ruleset: the changed ruleset (its version is the
 * server's to give), the version the form was opened from (a later one on the server: 409),
 * and why (required). Refused with 409 once the competition has started (CZ-GEN-CHANGES).
 */
export const ReviseRulesetSchema = z.object({
	baseVersion: z.number().check(z.int(), z.minimum(1)),
	ruleset: RulesetSchema,
	reason: z.string().check(z.trim(), z.minLength(1, 'a reason is required'), z.maxLength(2000))
});
export type ReviseRuleset = z.input<typeof ReviseRulesetSchema>;
export const RevisedRulesetSchema = z.object({ competition: CompetitionSchema, ruleset: RulesetSchema, change: RulesetChangeSchema });

/** POST /api/events/{e}/competitions/{c}/heats (a new heat), POST /api/events/{e}/heats/{h} (a new name). */
export const HeatNameSchema = z.object({ name: HeatSchema.shape.name.check(z.trim(), z.minLength(1)) });
export type HeatName = z.infer<typeof HeatNameSchema>;
export const HeatAnswerSchema = z.object({ heat: HeatSchema });

/** A heat as the organizer prepares it: removable only while empty (no entries, no judge events, never started). */
export const PreparedHeatSchema = z.object({
	heat: HeatSchema,
	entries: z.number().check(z.int(), z.minimum(0)),
	events: z.number().check(z.int(), z.minimum(0)),
	started: z.boolean()
});
export type PreparedHeat = z.infer<typeof PreparedHeatSchema>;

/** GET /api/events/{e}/preparation: everything the event screen shows. */
export const PreparationSchema = z.object({
	event: EventSchema,
	competitions: z.array(
		z.object({
			competition: CompetitionSchema,
			ruleset: RulesetSchema,
			/** When it started (its first heat start, ms on the server's clock of arrival); null: not yet, its ruleset may change. */
			startedAt: z.nullable(z.number()),
			changes: z.array(RulesetChangeSchema),
			heats: z.array(PreparedHeatSchema),
			/** Since when its provisional results are shown live to the public (ms, server clock); null: not shown (the default). */
			liveSince: z.nullable(z.number().check(z.int(), z.minimum(0)))
		})
	)
});
export type Preparation = z.infer<typeof PreparationSchema>;
export type PreparedCompetition = Preparation['competitions'][number];
