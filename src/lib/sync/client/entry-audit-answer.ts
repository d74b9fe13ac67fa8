import { z } from 'zod/mini';
import { JudgeEventSchema } from '$lib/events/schema';

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
export type EntryAudit = z.infer<typeof EntryAuditSchema>;
export type AuditedEventAnswer = EntryAudit['events'][number];
