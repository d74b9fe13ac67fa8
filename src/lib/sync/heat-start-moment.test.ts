import { describe, expect, it } from 'vitest';
import { startStillApplies, tabletStartMoment } from './heat-start-moment';

describe("a tablet's moment of the organizer's start", () => {
	const NOW = 1_800_000_000_000;
	it('converts the server-clock moment with the tablet offset (server − device)', () => {
		// The tablet runs 2.5 s behind the server: offset +2500; the start was 1 s ago on the server.
		const serverAt = NOW + 2500 - 1000;
		expect(tabletStartMoment({ serverAt }, 2500, NOW, 50_000)).toEqual({ at: NOW - 1000, mono: 49_000 });
	});
	it('takes the moment of arrival without an offset, and never a moment in the future', () => {
		expect(tabletStartMoment({ serverAt: 5 }, null, NOW, 10)).toEqual({ at: NOW, mono: 10 });
		expect(tabletStartMoment({ serverAt: NOW + 60_000 }, 0, NOW, 10)).toEqual({ at: NOW, mono: 10 });
	});
	it('applies only to a heat not started yet, within its time limit', () => {
		expect(startStillApplies({ serverAt: NOW - 60_000 }, 0, NOW, 90 * 60_000, false)).toBe(true);
		expect(startStillApplies({ serverAt: NOW - 60_000 }, 0, NOW, 90 * 60_000, true)).toBe(false);
		expect(startStillApplies({ serverAt: NOW - 91 * 60_000 }, 0, NOW, 90 * 60_000, false)).toBe(false);
		// A tablet 2 minutes behind sees the server's "now" 2 minutes later.
		expect(startStillApplies({ serverAt: NOW - 89 * 60_000 }, 120_000, NOW, 90 * 60_000, false)).toBe(false);
	});
});
