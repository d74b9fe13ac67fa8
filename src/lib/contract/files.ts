import { z } from 'zod/mini';
import { PushResponseSchema } from './judge-events';

/**
 * Files the organizer sends and fetches: a tablet's event file imported (POST
 * /api/events/{e}/import?name=…, the file as the body, docs/event-format.md), the event's
 * backup downloaded (GET /api/events/{e}/backup: NDJSON, src/lib/server/backup-format.ts) and
 * restored (POST /api/restore, the backup file as the body, with the server's admin key).
 */

/** An import goes the push's way: its set-up and events are taken or refused as a push's are. */
export const ImportAnswerSchema = PushResponseSchema;

const count = z.number().check(z.int(), z.minimum(0));

/** POST /api/restore, 201: what was restored. */
export const RestoreAnswerSchema = z.object({
	eventId: z.string(),
	/** The version of the file read. */
	version: z.number(),
	counts: z.object({
		rulesets: count,
		competitions: count,
		heats: count,
		entries: count,
		devices: count,
		judgeEvents: count,
		heatStarts: count,
		publications: count,
		merges: count,
		/** The register (absent from older servers). */
		people: z.optional(count),
		registrations: z.optional(count),
		registrationChanges: z.optional(count),
		/** The history of the competitions' ruleset versions (absent from older servers). */
		rulesetChanges: z.optional(count),
		draws: z.optional(count),
		/** Table cards, with the heat scope of the tokens they gave (absent from older servers). */
		tableCards: z.optional(count),
		/** Protests on the record (absent from older servers). */
		protests: z.optional(count),
		/** Photos of evidence (issue 33; absent from older servers). */
		photos: z.optional(count)
	}),
	/** The events kept their server numbers, or were numbered after this server's (absent from older servers). */
	numbering: z.optional(z.enum(['kept', 'renumbered'])),
	/** The untouched demo event was replaced by the restored one (absent from older servers). */
	replacedDemo: z.optional(z.boolean())
});
export type RestoreAnswer = z.infer<typeof RestoreAnswerSchema>;
