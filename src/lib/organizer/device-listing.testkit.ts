import type { DeviceListing } from '$lib/contract';

/** Devices of the organizer's list (GET devices) for a test: what each says, the rest as a device never heard from. */
export function deviceListings(...devices: (Pick<DeviceListing, 'id' | 'role' | 'label'> & Partial<DeviceListing>)[]): DeviceListing[] {
	return devices.map((d) => ({ eventId: 'ev1', createdAt: 0, revokedAt: null, lastSeenAt: null, clock: null, deviceIds: [], events: 0, ...d }));
}
