import { describe, expect, it } from 'vitest';
import { DeviceListingSchema, DisplayModeSchema } from './devices';

const listing = {
	id: 'dev-1',
	eventId: 'spring',
	role: 'judge',
	label: 'Table 1',
	createdAt: 1,
	revokedAt: null,
	lastSeenAt: null,
	clock: null,
	deviceIds: [],
	events: 0
};

describe('the display mode in the contract', () => {
	it('is an installed app or a browser tab, nothing else', () => {
		expect(DisplayModeSchema.safeParse('standalone').success).toBe(true);
		expect(DisplayModeSchema.safeParse('browser').success).toBe(true);
		for (const bad of ['fullscreen', 'Standalone', '', null]) expect(DisplayModeSchema.safeParse(bad).success, String(bad)).toBe(false);
	});

	it('is listed with when it was said, null before, and absent from an older server', () => {
		expect(DeviceListingSchema.parse({ ...listing, displayMode: { mode: 'browser', seenAt: 5 } }).displayMode).toEqual({ mode: 'browser', seenAt: 5 });
		expect(DeviceListingSchema.parse({ ...listing, displayMode: null }).displayMode).toBeNull();
		expect(DeviceListingSchema.parse(listing).displayMode).toBeUndefined();
		expect(DeviceListingSchema.safeParse({ ...listing, displayMode: { mode: 'kiosk', seenAt: 5 } }).success).toBe(false);
		expect(DeviceListingSchema.safeParse({ ...listing, displayMode: { mode: 'browser' } }).success).toBe(false);
	});
});
