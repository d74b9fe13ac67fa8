import { z } from 'zod/mini';
import '$lib/zod-locale';
import { CompetitionMergeSchema, CompetitionSchema, EntrySchema, EventSchema, HeatSchema, IdSchema, RulesetSchema } from '$lib/setup/schema';

/** GET /api/events/{e}/setup: everything a device needs to judge the event. */
export const SetupResponseSchema = z.object({
	event: EventSchema,
	rulesets: z.array(RulesetSchema),
	competitions: z.array(CompetitionSchema),
	heats: z.array(HeatSchema),
	entries: z.array(EntrySchema),
	/** Competitions the organizer merged (none from a server older than merges). */
	merges: z._default(z.array(CompetitionMergeSchema), []),
	/** The competitions a judge set up on a tablet (quick set-up): the ones that may be folded into another. */
	deviceCompetitionIds: z._default(z.array(IdSchema), [])
});
export type SetupResponse = z.infer<typeof SetupResponseSchema>;

/** POST /api/events/{e}/setup: the organizer adds set-up, or replaces items by ID (all or nothing). */
export const SetupWriteSchema = z.object({
	rulesets: z._default(z.array(RulesetSchema).check(z.maxLength(100)), []),
	competitions: z._default(z.array(CompetitionSchema).check(z.maxLength(500)), []),
	heats: z._default(z.array(HeatSchema).check(z.maxLength(5000)), []),
	entries: z._default(z.array(EntrySchema).check(z.maxLength(50_000)), [])
});
export type SetupWrite = z.input<typeof SetupWriteSchema>;

/** The answer of a set-up write: how many items of each kind were added or replaced. */
export const SetupCountsSchema = z.object({
	rulesets: z.number(),
	competitions: z.number(),
	heats: z.number(),
	entries: z.number()
});
export type SetupCounts = z.infer<typeof SetupCountsSchema>;

/** POST /api/events/{e}/merges (a CompetitionMergeRequest): the merge as recorded, 201 (200 for the same request again). */
export const MergeAnswerSchema = z.object({ merge: CompetitionMergeSchema });
