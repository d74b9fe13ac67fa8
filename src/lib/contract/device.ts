import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';

/** The roles a device token has (docs/sync.md, Authentication and roles): the one list of them. */
export const ROLES = ['organizer', 'judge', 'display', 'desk'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Who a token belongs to: its public ID (listed to the organizer, used to revoke it), event, role and name. */
export const DeviceSchema = z.object({
	id: z.string(),
	eventId: z.string(),
	role: RoleSchema,
	label: z.string()
});
export type Device = z.infer<typeof DeviceSchema>;

/** A device as a newly issued token names it (POST /api/events, POST /api/pair). */
export const DeviceNameSchema = z.pick(DeviceSchema, { id: true, role: true, label: true });

/** GET /api/device, POST /api/device: whom a token belongs to. */
export const DeviceInfoSchema = z.object({ device: DeviceSchema });

/** POST /api/device: the tablet pairing with a QR link's token says which device it is. */
export const DeviceClaimSchema = z.object({ deviceId: IdSchema });

/** A device's clock as the server keeps it: `server − device`, ms, from its latest report. */
export const DeviceClockSchema = z.object({ offsetMs: z.number(), roundTripMs: z.number(), measuredAt: z.number() });
export type DeviceClock = z.infer<typeof DeviceClockSchema>;
