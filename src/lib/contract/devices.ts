import { z } from 'zod/mini';
import '$lib/zod-locale';
import { DeviceClockSchema, DeviceSchema, RoleSchema } from './device';

/** The organizer manages the event's devices: GET, POST /api/events/{e}/devices, DELETE …/devices/{d}. */

/** A token's record: when it was issued, and revoked (null: it is valid). */
export const TokenListingSchema = z.extend(DeviceSchema, {
	createdAt: z.number(),
	revokedAt: z.nullable(z.number())
});
export type TokenListing = z.infer<typeof TokenListingSchema>;

/**
 * How the device runs the app, as it last said (header DISPLAY_MODE_HEADER of its sync requests):
 * 'standalone' an installed app (Home Screen), 'browser' a browser tab. An iPad keeps a tab's
 * storage apart from the Home Screen app's, and may clear a tab's after days without use.
 */
export const DisplayModeSchema = z.enum(['standalone', 'browser']);
export type DisplayMode = z.infer<typeof DisplayModeSchema>;
/** The request header a device's sync client says its display mode in (lower case, as Headers read it). */
export const DISPLAY_MODE_HEADER = 'x-display-mode';
/** A device's last display mode and when the server heard it. */
export const DeviceDisplayModeSchema = z.object({ mode: DisplayModeSchema, seenAt: z.number() });
export type DeviceDisplayMode = z.infer<typeof DeviceDisplayModeSchema>;

/** What the organizer sees of a device: its token's record, when it was last heard, its clock, its logs. */
export const DeviceListingSchema = z.extend(TokenListingSchema, {
	lastSeenAt: z.nullable(z.number()),
	clock: z.nullable(DeviceClockSchema),
	/** The event-log device IDs that pushed with this token. */
	deviceIds: z.array(z.string()),
	/** Judge events received from it. */
	events: z.number(),
	/** Installed app or browser tab, as it last said; null before it said (absent from older servers). */
	displayMode: z.optional(z.nullable(DeviceDisplayModeSchema))
});
export type DeviceListing = z.infer<typeof DeviceListingSchema>;

/** Wrong pairing codes and table-card secrets that could have been meant for the event, since the server started (src/lib/server/pairing-guard.ts). */
export const PairingFailuresSchema = z.object({ count: z.number(), lastAt: z.number(), lastAddress: z.string() });
export type PairingFailures = z.infer<typeof PairingFailuresSchema>;

/** GET /api/events/{e}/devices; `pairingFailures` null when there were none (absent from older servers). */
export const DeviceListSchema = z.object({ devices: z.array(DeviceListingSchema), pairingFailures: z.optional(z.nullable(PairingFailuresSchema)) });

/** POST /api/events/{e}/devices. */
export const AddDeviceSchema = z.object({
	role: RoleSchema,
	label: z.string().check(z.trim(), z.minLength(1, 'a device needs a name'), z.maxLength(120))
});
export type AddDevice = z.input<typeof AddDeviceSchema>;

/** The added device: its token (for the QR code) and a short pairing code, shown this once. */
export const AddedDeviceSchema = z.object({
	device: TokenListingSchema,
	token: z.string(),
	code: z.string(),
	codeExpiresAt: z.number(),
	/** Opens the pairing page with everything filled in: what the QR code holds. */
	pairUrl: z.string()
});
export type AddedDevice = z.infer<typeof AddedDeviceSchema>;

/** DELETE /api/events/{e}/devices/{d}: the revoked device's record. */
export const RevokedDeviceSchema = z.object({ device: TokenListingSchema });
