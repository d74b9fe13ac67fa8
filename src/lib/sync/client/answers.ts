import { z } from 'zod/mini';
import '$lib/zod-locale';

/**
 * Schemas of the server's answers that src/lib/sync/protocol.ts describes only as types: the
 * client checks every answer before acting on it (a proxy's HTML page, a server of another
 * version). Events inside answers are checked one by one where they are used.
 */

export const PushResponseSchema = z.object({
	stored: z.array(z.object({ id: z.string(), serverSeq: z.number() })),
	duplicates: z.array(z.string()),
	conflicts: z.array(z.string()),
	refused: z.array(z.object({ index: z.number().check(z.int(), z.minimum(0)), id: z.nullable(z.string()), reason: z.string() })),
	setupAdded: z.optional(z.array(z.string())),
	setupRefused: z.optional(z.array(z.object({ id: z.nullable(z.string()), reason: z.string() })))
});

export const PullResponseSchema = z.object({
	events: z.array(z.unknown()),
	cursor: z.number().check(z.int(), z.minimum(0)),
	more: z.boolean(),
	store: z.optional(z.string().check(z.minLength(1), z.maxLength(64)))
});

const RoleSchema = z.enum(['organizer', 'judge', 'display']);

export const DeviceListingSchema = z.object({
	id: z.string(),
	role: RoleSchema,
	label: z.string(),
	createdAt: z.optional(z.number()),
	revokedAt: z.optional(z.nullable(z.number())),
	/** In the organizer's list (GET devices): when it was last heard, its clock, its logs, its events. */
	lastSeenAt: z.optional(z.nullable(z.number())),
	clock: z.optional(z.nullable(z.object({ offsetMs: z.number(), roundTripMs: z.number(), measuredAt: z.number() }))),
	deviceIds: z.optional(z.array(z.string())),
	events: z.optional(z.number())
});
export type DeviceListing = z.infer<typeof DeviceListingSchema>;

/** Wrong pairing codes that could have been meant for the event, since the server started (src/lib/server/pairing-guard.ts). */
export const PairingFailuresSchema = z.object({ count: z.number(), lastAt: z.number(), lastAddress: z.string() });
export type PairingFailures = z.infer<typeof PairingFailuresSchema>;

export const DeviceListSchema = z.object({ devices: z.array(DeviceListingSchema), pairingFailures: z.optional(z.nullable(PairingFailuresSchema)) });

export const AddedDeviceSchema = z.object({
	device: DeviceListingSchema,
	token: z.string(),
	code: z.string(),
	codeExpiresAt: z.number(),
	pairUrl: z.string()
});
export type AddedDevice = z.infer<typeof AddedDeviceSchema>;

export const RevokedDeviceSchema = z.object({ device: DeviceListingSchema });

export const CreatedEventSchema = z.object({
	event: z.object({ id: z.string(), name: z.string(), date: z.string() }),
	device: DeviceListingSchema,
	token: z.string()
});
export type CreatedEvent = z.infer<typeof CreatedEventSchema>;

export const SetupCountsSchema = z.object({
	rulesets: z.number(),
	competitions: z.number(),
	heats: z.number(),
	entries: z.number()
});

export const ImportResponseSchema = z.extend(PushResponseSchema, { setup: z.optional(SetupCountsSchema) });

/** POST /api/restore: what was restored (src/lib/server/restore.ts, RestoreResult). */
export const RestoreResponseSchema = z.object({
	eventId: z.string(),
	counts: z.record(z.string(), z.number()),
	numbering: z.optional(z.enum(['kept', 'renumbered'])),
	replacedDemo: z.optional(z.boolean())
});
export type RestoreResponse = z.infer<typeof RestoreResponseSchema>;

/** GET /api/device: whom a token belongs to. */
export const DeviceInfoSchema = z.object({
	device: z.object({ id: z.string(), eventId: z.string(), role: RoleSchema, label: z.string() })
});
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>['device'];

export const HealthSchema = z.object({ ok: z.literal(true) });

/** SvelteKit's error body. */
export const ErrorBodySchema = z.object({ message: z.string() });
