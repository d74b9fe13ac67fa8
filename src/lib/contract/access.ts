import { z } from 'zod/mini';
import '$lib/zod-locale';
import { EventSchema, IdSchema } from '$lib/setup/schema';
import { DeviceNameSchema } from './device';

/** How a device gets its token: a new event's organizer key, or a pairing code exchanged for a token. */

/** A device token, shown once. */
const TokenSchema = z.string().check(z.minLength(20), z.maxLength(200));

/** POST /api/events (with the server's ADMIN_KEY when it has one). */
export const CreateEventSchema = z.object({
	event: z.object({
		id: z.optional(IdSchema),
		name: EventSchema.shape.name,
		date: EventSchema.shape.date,
		venue: EventSchema.shape.venue,
		language: EventSchema.shape.language,
		currency: EventSchema.shape.currency
	}),
	/** The organizer's device name (default "Organizer"). */
	label: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(120)))
});
export type CreateEvent = z.input<typeof CreateEventSchema>;

/** The new event, 201, and its first organizer device with its key. */
export const CreatedEventSchema = z.object({
	eventId: z.string(),
	event: EventSchema,
	device: DeviceNameSchema,
	/** The organizer key: shown once, never stored. */
	token: TokenSchema
});
export type CreatedEvent = z.infer<typeof CreatedEventSchema>;

/**
 * POST /api/pair: a short code, and the tablet's device ID (the `deviceId` of the events it
 * records), which the token is bound to (src/lib/server/device-binding.ts). Apps before the
 * binding sent no device ID: the token is then bound by its first push.
 */
export const PairRequestSchema = z.object({ code: z.string().check(z.maxLength(40)), deviceId: z.optional(IdSchema) });
export type PairRequest = z.infer<typeof PairRequestSchema>;

/** The answer of POST /api/pair: the device's token, shown once (429 with Retry-After after too many wrong codes). */
export const PairedDeviceSchema = z.object({
	eventId: z.string(),
	device: DeviceNameSchema,
	token: TokenSchema
});
export type PairedDevice = z.infer<typeof PairedDeviceSchema>;
