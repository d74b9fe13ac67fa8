import { describe, expect, it } from 'vitest';
import { plotFrame } from './plot-frame';

describe('a plot’s frame', () => {
	it('maps time across the width inside the margins and counts up the height, ticks whole', () => {
		const f = plotFrame(480, 200, [0, 90 * 60_000], 6);
		expect(f.x(0)).toBe(48);
		expect(f.x(90 * 60_000)).toBe(480 - 28);
		expect(f.y(0)).toBe(200 - 44);
		expect(f.y(6)).toBe(12);
		expect(f.xSpan).toBe(480 - 28 - 48);
		expect(f.yTicks.every(Number.isInteger)).toBe(true);
		expect(f.yTicks[0]).toBe(0);
	});

	it('has no half finishers among its ticks, however few they are', () => {
		expect(plotFrame(480, 220, [0, 1], 1).yTicks).toEqual([0, 1]);
		expect(plotFrame(480, 220, [0, 1], 3, { nice: true }).yTicks).toEqual([0, 1, 2, 3]);
	});
});
