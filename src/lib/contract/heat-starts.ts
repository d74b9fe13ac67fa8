import { z } from 'zod/mini';
import '$lib/zod-locale';

/**
 * The organizer starts a heat on every tablet at once: the start carries the organizer's
 * device time and clock offset, so the server knows the moment on its own clock; each tablet
 * then records its own `heat.start` at that moment converted to its clock (docs/sync.md).
 */
export const HeatStartRequestSchema = z.object({
	/** Made on the organizer's device: repeating the request is harmless. */
	id: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/)),
	competitionId: z.string().check(z.minLength(1), z.maxLength(64)),
	heatId: z.string().check(z.minLength(1), z.maxLength(64)),
	/** The organizer's device clock at the tap, ms since the epoch. */
	organizerAt: z.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000)),
	/** The organizer device's offset (server − device, ms); null when not measured (the server's time of arrival is used). */
	offsetMs: z.nullable(z.number().check(z.minimum(-1e12), z.maximum(1e12)))
});
export type HeatStartRequest = z.infer<typeof HeatStartRequestSchema>;

export const HeatStartSchema = z.object({
	/** The heat-starts cursor. */
	seq: z.number().check(z.int(), z.minimum(1)),
	id: z.string(),
	competitionId: z.string(),
	heatId: z.string(),
	/** The start on the server's clock. */
	serverAt: z.number(),
	createdAt: z.number()
});
export type HeatStart = z.infer<typeof HeatStartSchema>;

/** POST /api/events/{e}/heat-starts: the start as recorded (the first one, for a repeated request). */
export const HeatStartAnswerSchema = z.object({ start: HeatStartSchema });

/** GET /api/events/{e}/heat-starts?after={seq}: the starts after a cursor, oldest first. */
export const HeatStartsQuerySchema = z.object({ after: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0) });
export const HeatStartListSchema = z.object({ starts: z.array(HeatStartSchema) });
