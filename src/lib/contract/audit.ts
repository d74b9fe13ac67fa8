import { z } from 'zod/mini';
import '$lib/zod-locale';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import { DeviceClockSchema, RoleSchema } from './device';
import { ProtestSchema } from './protests';

/** GET /api/events/{e}/entries/{entryId}/audit: an entry's events and their corrections, each with how it reached the server. */
export const EntryAuditSchema = z.object({
	eventId: z.string(),
	entryId: z.string(),
	competitionId: z.string(),
	heatId: z.string(),
	events: z.array(
		z.object({
			event: JudgeEventSchema,
			/** Server time the event was stored, ms; null for rows from before the column existed. */
			receivedAt: z.nullable(z.number()),
			/** The token that pushed it (null for imported or very old rows). */
			token: z.nullable(z.object({ id: z.string(), label: z.string(), role: RoleSchema })),
			/** That token's latest clock report, as the server keeps it (one per token, not per push). */
			clock: z.nullable(DeviceClockSchema)
		})
	),
	/** The protests about the entry (issue 33 #3), oldest first, with their decisions and the correction events that carry them. */
	protests: z.optional(z.array(ProtestSchema))
});
type Parsed = z.infer<typeof EntryAuditSchema>;
/** One event of the trail; zod infers the event union loosely: a checked event is a JudgeEvent. */
export type AuditedEvent = Omit<Parsed['events'][number], 'event'> & { event: JudgeEvent };
export type EntryAudit = Omit<Parsed, 'events'> & { events: AuditedEvent[] };
