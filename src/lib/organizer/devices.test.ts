import { describe, expect, it } from 'vitest';
import { countdown, deviceOfLog, formatOffset, sortDevices } from './devices';
import { deviceListings } from './device-listing.testkit';

describe('device list helpers', () => {
	it('offsets are signed, in ms under a second and seconds above', () => {
		expect(formatOffset(12.4)).toBe('+12 ms');
		expect(formatOffset(-250)).toBe('−250 ms');
		expect(formatOffset(1250)).toBe('+1.25 s');
		expect(formatOffset(-61_000, ',')).toBe('−61,00 s');
	});

	it('the pairing code’s countdown never goes below zero', () => {
		expect(countdown(15 * 60_000, 0)).toBe('15:00');
		expect(countdown(61_500, 1000)).toBe('1:01');
		expect(countdown(1000, 5000)).toBe('0:00');
	});

	it('finds the server device of an event log, and sorts active devices first', () => {
		const list = deviceListings(
			{ id: 'x', role: 'judge', label: 'Old', createdAt: 1, revokedAt: 5 },
			{ id: 'j', role: 'judge', label: 'Table 1', createdAt: 3, deviceIds: ['tab-1'] },
			{ id: 'o', role: 'organizer', label: 'Desk', createdAt: 2, deviceIds: ['tab-o'] }
		);
		expect(deviceOfLog(list, 'tab-1')?.id).toBe('j');
		expect(deviceOfLog(list, 'tab-9')).toBeUndefined();
		expect(sortDevices(list).map((d) => d.id)).toEqual(['o', 'j', 'x']);
	});
});
