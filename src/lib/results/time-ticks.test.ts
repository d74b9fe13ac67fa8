import { describe, expect, it } from 'vitest';
import { finishTimesHistogram } from './plots';
import { competition, MIN, score, SEC, T0, tablet } from '$lib/scoring/testkit';
import { fittingTimeTicks, TICK_CHAR_PX, TICK_GAP_PX, tickPrecision, ticksOfStep, timeStep, timeTicks, TIME_STEPS_MS } from './time-ticks';

const HOUR = 60 * MIN;

/** Every tick's label differs from the others'. */
function distinct(labels: string[]): boolean {
	return new Set(labels).size === labels.length;
}

describe('time-axis ticks', () => {
	it('a range of 12 to 18 seconds: whole seconds as a clock shows them, not "0.2 0.2 0.3 0.3"', () => {
		const ticks = timeTicks(12 * SEC, 18 * SEC, 8, { locale: 'en' });
		expect(ticks.map((t) => t.label)).toEqual(['0:12', '0:13', '0:14', '0:15', '0:16', '0:17', '0:18']);
		expect(ticks.map((t) => t.ms)).toEqual([12, 13, 14, 15, 16, 17, 18].map((s) => s * SEC));
	});

	it('final times of a CZJPA individual: whole minutes; past the hour with hours', () => {
		expect(timeTicks(40 * MIN, 70 * MIN, 8, { locale: 'en' }).map((t) => t.label)).toEqual([
			'40:00',
			'45:00',
			'50:00',
			'55:00',
			'1:00:00',
			'1:05:00',
			'1:10:00'
		]);
		expect(timeTicks(0, 90 * MIN, 8, { locale: 'cs' }).map((t) => t.label)).toEqual([
			'0:00',
			'10:00',
			'20:00',
			'30:00',
			'40:00',
			'50:00',
			'1:00:00',
			'1:10:00',
			'1:20:00',
			'1:30:00'
		]);
	});

	it('under a second: tenths, with the locale’s decimal separator', () => {
		// 45:00.4 and 45:00.9 (the Spanish tie, ES-WIN): the bins are half a second wide.
		const ticks = timeTicks(45 * MIN, 45 * MIN + SEC, 4, { locale: 'es' });
		expect(ticks.map((t) => t.label)).toEqual(['45:00,0', '45:00,2', '45:00,4', '45:00,6', '45:00,8', '45:01,0']);
		expect(tickPrecision(500)).toBe('tenths');
		expect(tickPrecision(SEC)).toBe('seconds');
	});

	it('labels always differ, over spans from a second to five hours and any tick count', () => {
		for (const span of [SEC, 6 * SEC, 37 * SEC, 2 * MIN, 7 * MIN, 29 * MIN, 90 * MIN, 2 * HOUR, 5 * HOUR])
			for (const count of [3, 5, 8, 10, 12])
				for (const from of [0, 12_345, 41 * MIN + 10 * SEC]) {
					const ticks = timeTicks(from, from + span, count, { locale: 'en' });
					expect(ticks.length, `${span} ms, ${count} ticks`).toBeGreaterThanOrEqual(2);
					expect(ticks.length).toBeLessThanOrEqual(2 * count + 1);
					expect(distinct(ticks.map((t) => t.label)), `${span} ms from ${from}, ${count}: ${ticks.map((t) => t.label).join(' ')}`).toBe(true);
				}
	});

	it('the step is one a clock reads well, the nearest to span / count', () => {
		expect(timeStep(30 * MIN, 10)).toBe(2 * MIN); // 3 min: 2 is nearer than 5 on a log scale
		expect(timeStep(6 * SEC, 10)).toBe(500);
		expect(timeStep(90 * MIN, 8)).toBe(10 * MIN);
		expect(timeStep(0, 8)).toBe(TIME_STEPS_MS[0]);
		expect(TIME_STEPS_MS).toEqual([...TIME_STEPS_MS].sort((a, b) => a - b));
	});

	it('ticks are the step’s multiples within the range, a rounding error at a bound included', () => {
		expect(ticksOfStep(12 * SEC, 14 * SEC, 500)).toEqual([12_000, 12_500, 13_000, 13_500, 14_000]);
		expect(ticksOfStep(12_001, 13_999, 500)).toEqual([12_500, 13_000, 13_500]);
		// 0.7 − 0.4 and 0.1 + 0.2 minutes are 18 s give or take a rounding error, either way.
		expect(ticksOfStep((0.7 - 0.4) * MIN, (0.1 + 0.2) * MIN, SEC)).toEqual([18_000]);
	});

	it('the histogram’s bins are the axis’ steps: quick finishers at 0:12 to 0:18 get distinct bounds', () => {
		const setup = competition('czjpa-individual', ['Ana', 'Bob', 'Cyril']);
		const t = tablet();
		t.start(T0, ['ana', 'bob', 'cyril']);
		t.finish('ana', T0 + 12 * SEC);
		t.finish('bob', T0 + 15 * SEC);
		t.finish('cyril', T0 + 18 * SEC);
		const h = finishTimesHistogram(score(setup, t.events, T0 + MIN).rows, 10);
		expect(h.binMs).toBe(500);
		expect(h.bins[0]!.fromMs).toBe(12 * SEC);
		expect(h.bins[h.bins.length - 1]!.toMs).toBe(18 * SEC);
		expect(h.bins.map((b) => b.count).reduce((a, b) => a + b)).toBe(3);
	});

	it('on an axis of a given width the labels never overlap: a 90-minute heat on the 416 px plot steps by 15 minutes', () => {
		expect(fittingTimeTicks(0, 90 * MIN, 416, { locale: 'en' }).map((t) => t.label)).toEqual(['0:00', '15:00', '30:00', '45:00', '1:00:00', '1:15:00', '1:30:00']);
		for (const width of [200, 416, 420, 800])
			for (const span of [SEC, 6 * SEC, 37 * SEC, 2 * MIN, 7 * MIN, 29 * MIN, 90 * MIN, 2 * HOUR, 5 * HOUR])
				for (const from of [0, 12_345, 41 * MIN + 10 * SEC]) {
					const ticks = fittingTimeTicks(from, from + span, width, { locale: 'cs' });
					const labels = ticks.map((t) => t.label);
					expect(ticks.length, `${span} ms on ${width} px`).toBeGreaterThanOrEqual(1);
					expect(distinct(labels)).toBe(true);
					for (let i = 1; i < ticks.length; i++) {
						const apart = ((ticks[i]!.ms - ticks[i - 1]!.ms) / span) * width;
						const needed = ((labels[i]!.length + labels[i - 1]!.length) / 2) * TICK_CHAR_PX + TICK_GAP_PX;
						expect(apart, `${labels[i - 1]} and ${labels[i]} on ${width} px`).toBeGreaterThanOrEqual(needed);
					}
				}
	});
});
