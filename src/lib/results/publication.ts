import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';
import type { EntryStatus } from '$lib/scoring';

/**
 * Published results as they are stored, served and backed up (docs/sync.md, Publishing): a
 * competition's standings frozen at the moment of publishing, one version per publication.
 * Validated where they enter from outside (a restored backup); the page renders them as they are.
 */

const ENTRY_STATUSES = ['not-started', 'preview', 'running', 'paused', 'finished', 'unfinished', 'disqualified', 'did-not-start'] as const satisfies readonly EntryStatus[];
const ms = z.number().check(z.int());
const moment = z.number().check(z.int(), z.minimum(0));
const count = z.number().check(z.int(), z.minimum(0));
const text = (max: number) => z.string().check(z.maxLength(max));

/** One row of standings as JSON: the rows of a published version, and the CLI's JSON output (files/format.ts), which they freeze. */
export const PublishedRowSchema = z.object({
	place: z.nullable(z.number().check(z.int(), z.minimum(1))),
	name: text(200),
	entryId: IdSchema,
	status: z.enum(ENTRY_STATUSES),
	awarded: z.boolean(),
	tieBreak: z.boolean(),
	finalTimeMs: z.nullable(ms),
	elapsedMs: z.nullable(ms),
	penalties: z.object({ missingPiecesMs: ms, assistanceMs: ms, loosePiecesMs: ms, adjustmentMs: ms }),
	countedPieces: z.nullable(count),
	reason: text(10_000)
});
export type PublishedRow = z.infer<typeof PublishedRowSchema>;

export const PublicationSnapshotSchema = z.object({
	event: z.object({ id: IdSchema, name: text(200), date: z.string().check(z.maxLength(10)), venue: z.nullable(text(200)) }),
	competition: z.object({ id: IdSchema, name: text(200) }),
	ruleset: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)), version: z.number().check(z.int(), z.minimum(1)), name: text(200), timeResolution: z.enum(['ms', 'second-truncated']) }),
	/** The moment the standings were computed for (the moment of publishing), ms. */
	computedAt: moment,
	rows: z.array(PublishedRowSchema).check(z.maxLength(50_000)),
	/** Entry IDs tied for first awaiting a tie-break. */
	tieForFirst: z.array(IdSchema),
	/**
	 * Entry IDs whose place a tie-break result set, best first (ES-TIE): the public page says that
	 * the tie for first was decided so. Absent in versions published before it was kept.
	 */
	placedByTiebreak: z.optional(z.array(IdSchema)),
	/**
	 * Conflicts the scorer reported (the organizer may publish anyway: the standings follow the
	 * documented defaults). Only the count is public; their details name devices and events.
	 */
	conflicts: count
});
export type PublicationSnapshot = z.infer<typeof PublicationSnapshotSchema>;

export const PUBLICATION_STATES = ['published', 'final'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

export const PublicationSchema = z.object({
	eventId: IdSchema,
	competitionId: IdSchema,
	version: z.number().check(z.int(), z.minimum(1)),
	state: z.enum(PUBLICATION_STATES),
	publishedAt: moment,
	/** The end of the protest window, ms; null without one. */
	protestUntil: z.nullable(moment),
	finalizedAt: z.nullable(moment),
	/** The organizer's reason for this publication (a re-publication says what changed). */
	note: z.nullable(text(1000)),
	snapshot: PublicationSnapshotSchema
});
export type Publication = z.infer<typeof PublicationSchema>;

/** A version without its standings, for lists. */
export const PublicationSummarySchema = z.omit(PublicationSchema, { snapshot: true });
export type PublicationSummary = z.infer<typeof PublicationSummarySchema>;
