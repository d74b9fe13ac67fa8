import { z } from 'zod/mini';

/** GET /api/health: the store answers. */
export const HealthSchema = z.object({ ok: z.literal(true) });
/** GET /api/health, 503: the store does not answer. */
export const HealthFailureSchema = z.object({ ok: z.literal(false), error: z.string() });
export type HealthFailure = z.infer<typeof HealthFailureSchema>;

/** GET /api/time: the server's clock when the request arrived and when it left (src/lib/sync/clock-offset.ts). */
export const TimeResponseSchema = z.object({
	receivedAt: z.number().check(z.int(), z.minimum(0)),
	sentAt: z.number().check(z.int(), z.minimum(0))
});
export type TimeResponse = z.infer<typeof TimeResponseSchema>;
