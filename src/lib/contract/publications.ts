import { z } from 'zod/mini';
import '$lib/zod-locale';
import { PublicationSchema, PublicationSummarySchema } from '$lib/results/publication';
import { EventSchema, IdSchema } from '$lib/setup/schema';
import { PublicProtestsSchema } from './protests';

/** Publishing (docs/sync.md, Publishing): the organizer's requests, and what anyone may read without a token. */

/** The longest protest window: a week. */
export const MAX_PROTEST_MINUTES = 7 * 24 * 60;

/** POST /api/events/{e}/publications: publishes the competition's standings as they are now (201). */
export const PublishRequestSchema = z.object({
	competitionId: IdSchema,
	protestMinutes: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(MAX_PROTEST_MINUTES))),
	note: z.optional(z.string().check(z.maxLength(1000)))
});
export type PublishRequest = z.input<typeof PublishRequestSchema>;

/** The answer of publishing, and of POST …/publications/{c}/final: the version as stored. */
export const PublicationAnswerSchema = z.object({ publication: PublicationSchema });

/** A published competition as the public sees it: its latest version and the list of all of them. */
export const PublishedCompetitionSchema = z.object({
	latest: PublicationSchema,
	versions: z.array(PublicationSummarySchema),
	/** The entries under protest and which version answered which protest (protests.ts): never the claim nor who protested. */
	protests: z.optional(PublicProtestsSchema)
});
export type PublishedCompetition = z.infer<typeof PublishedCompetitionSchema>;

/** The event as the public page shows it; `language`: its public pages' language, when the event has one. */
export const PublicEventSchema = z.object({ id: z.string(), name: z.string(), date: z.string(), venue: z.nullable(z.string()), language: EventSchema.shape.language });
export type PublicEvent = z.infer<typeof PublicEventSchema>;

/** GET /api/public/events/{e}/results (no token). */
export const PublicResultsSchema = z.object({
	event: PublicEventSchema,
	/** The published competitions in set-up order: the latest version of each and the list of versions. */
	competitions: z.array(PublishedCompetitionSchema)
});
export type PublicResults = z.infer<typeof PublicResultsSchema>;

/** `?version=N`: a version number, or none for the latest. */
export const VersionQuerySchema = z.object({
	version: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)))
});

/** GET /api/public/events/{e}/results/{c}?version=N (no token): one version, the latest without `version`. */
export const PublicCompetitionResultSchema = z.object({
	publication: PublicationSchema,
	versions: z.array(PublicationSummarySchema),
	protests: z.optional(PublicProtestsSchema)
});
export type PublicCompetitionResult = z.infer<typeof PublicCompetitionResultSchema>;
