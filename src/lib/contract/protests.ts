import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';
import { PhotoHashSchema } from './photos';

/**
 * Protests on the record (issue 33 #3, docs/sync.md, Protests): during a published
 * competition's protest window the organizer records a protest about one or more entries,
 * then decides it, upheld or rejected, with reasons. An upheld protest names the correction
 * events (pushed from the organizer's device beforehand) that carry its correction; the next
 * published version answers it. The final lock is refused while one is open.
 */

export const PROTEST_STATES = ['open', 'upheld', 'rejected'] as const;
export const ProtestStateSchema = z.enum(PROTEST_STATES);
export type ProtestState = z.infer<typeof ProtestStateSchema>;
export const PROTEST_DECISIONS = ['upheld', 'rejected'] as const;
export const ProtestDecisionSchema = z.enum(PROTEST_DECISIONS);
export type ProtestDecision = z.infer<typeof ProtestDecisionSchema>;

/** The most entries one protest is about, attachments it has, and correction events it names. */
export const MAX_PROTEST_ENTRIES = 50;
export const MAX_PROTEST_PHOTOS = 50;
export const MAX_PROTEST_CORRECTIONS = 50;

const moment = z.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000));
const said = (max: number, what: string) => z.string().check(z.trim(), z.minLength(1, `${what} is required`), z.maxLength(max));
const entryIds = z.array(IdSchema).check(z.minLength(1, 'a protest is about at least one entry'), z.maxLength(MAX_PROTEST_ENTRIES));

/** A protest as the server keeps it and the organizer reads it (the claim and who raised it: never public). */
export const ProtestSchema = z.object({
	id: IdSchema,
	eventId: IdSchema,
	competitionId: IdSchema,
	/** The entries it is about. */
	entryIds,
	/** Who protests: a name, as handed in. */
	raisedBy: said(200, 'who protests'),
	/** What is claimed, in the protester's words. */
	claim: said(5000, 'what is claimed'),
	/** When it was handed in (the organizer may say; else when it was recorded), ms. */
	raisedAt: moment,
	/** The published version it is against: the latest when it was recorded. */
	publicationVersion: z.number().check(z.int(), z.minimum(1)),
	/** Evidence photos attached (their SHA-256: contract/photos.ts). */
	photoHashes: z.array(PhotoHashSchema).check(z.maxLength(MAX_PROTEST_PHOTOS)),
	state: ProtestStateSchema,
	decidedAt: z.nullable(moment),
	decisionReason: z.nullable(z.string().check(z.maxLength(5000))),
	/** The correction events that carry an upheld protest's correction. */
	correctionEventIds: z.array(IdSchema).check(z.maxLength(MAX_PROTEST_CORRECTIONS)),
	/** The published version that answered it: the first published after its decision; null until then. */
	answeredByVersion: z.nullable(z.number().check(z.int(), z.minimum(1))),
	/** The organizer's device (token ID) that recorded it. */
	recordedBy: IdSchema,
	/** When the server recorded it, ms. */
	recordedAt: moment
});
export type Protest = z.infer<typeof ProtestSchema>;

/** POST /api/events/{e}/protests (201): records a protest during the competition's protest window. */
export const RecordProtestSchema = z.object({
	/** The device's ID for it: a retry with the same ID and body answers the protest already recorded. */
	id: IdSchema,
	competitionId: IdSchema,
	entryIds,
	raisedBy: said(200, 'who protests'),
	claim: said(5000, 'what is claimed'),
	/** When it was handed in; now when absent. */
	raisedAt: z.optional(moment),
	photoHashes: z.optional(z.array(PhotoHashSchema).check(z.maxLength(MAX_PROTEST_PHOTOS)))
});
export type RecordProtest = z.input<typeof RecordProtestSchema>;

/** POST /api/events/{e}/protests/{protestId}/decision: upheld or rejected, with reasons; upheld may name its correction events. */
export const DecideProtestSchema = z.object({
	decision: ProtestDecisionSchema,
	reason: said(5000, 'a reason'),
	correctionEventIds: z.optional(z.array(IdSchema).check(z.maxLength(MAX_PROTEST_CORRECTIONS)))
});
export type DecideProtest = z.input<typeof DecideProtestSchema>;

/** The answer of recording or deciding a protest. */
export const ProtestAnswerSchema = z.object({ protest: ProtestSchema });
export type ProtestAnswer = z.infer<typeof ProtestAnswerSchema>;

/** GET /api/events/{e}/protests?competitionId=…: the event's protests (of one competition), oldest first. */
export const ProtestListQuerySchema = z.object({ competitionId: z.optional(IdSchema) });
export const ProtestListSchema = z.object({ protests: z.array(ProtestSchema) });
export type ProtestList = z.infer<typeof ProtestListSchema>;

/**
 * What the public sees of a competition's protests: the entries under protest (an open protest,
 * only that mark) and, per version, the protests it answered with their outcome and the
 * entries' names (never the claim nor who protested: those are the organizer's only).
 */
export const PublicProtestAnswerSchema = z.object({
	version: z.number().check(z.int(), z.minimum(1)),
	entryNames: z.array(z.string()),
	decision: ProtestDecisionSchema
});
export type PublicProtestAnswer = z.infer<typeof PublicProtestAnswerSchema>;
export const PublicProtestsSchema = z.object({
	underProtest: z.array(IdSchema),
	answered: z.array(PublicProtestAnswerSchema)
});
export type PublicProtests = z.infer<typeof PublicProtestsSchema>;
