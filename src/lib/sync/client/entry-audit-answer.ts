import { z } from 'zod/mini';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';

/** The answer of GET /api/events/{e}/entries/{entryId}/audit (src/lib/server/entry-audit.ts). */
export const EntryAuditSchema = z.object({
	eventId: z.string(),
	entryId: z.string(),
	competitionId: z.string(),
	heatId: z.string(),
	events: z.array(
		z.object({
			event: JudgeEventSchema,
			receivedAt: z.nullable(z.number()),
			token: z.nullable(z.object({ id: z.string(), label: z.string(), role: z.enum(['organizer', 'judge', 'display']) })),
			clock: z.nullable(z.object({ offsetMs: z.number(), roundTripMs: z.number(), measuredAt: z.number() }))
		})
	)
});
type Parsed = z.infer<typeof EntryAuditSchema>;
/** zod infers the event union loosely; a checked event is a JudgeEvent. */
export type AuditedEventAnswer = Omit<Parsed['events'][number], 'event'> & { event: JudgeEvent };
export type EntryAudit = Omit<Parsed, 'events'> & { events: AuditedEventAnswer[] };
