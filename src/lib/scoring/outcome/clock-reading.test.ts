import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { MIN, T0 } from '../testkit';
import { countedAt, pausedBefore, readClock } from './clock-reading';
import { summary } from './testkit';

const ES = presetById('es-adult-individual')!; // 2 h
const LIMIT = T0 + 120 * MIN;

describe('pausedBefore, countedAt', () => {
	it('ES-PAUSE: only the part of each pause before the moment counts', () => {
		const pauses = [
			{ from: 10, to: 20 },
			{ from: 30, to: 40 }
		];
		expect([pausedBefore(pauses, 10), pausedBefore(pauses, 15), pausedBefore(pauses, 35), pausedBefore(pauses, 50)]).toEqual([0, 5, 15, 20]);
		expect(countedAt(0, pauses, 50)).toBe(30);
	});
});

describe('readClock', () => {
	it('not started: no clock, its end is now', () => {
		const c = readClock(ES, summary({ startedAt: null, limitAt: null }), T0);
		expect(c).toMatchObject({ started: false, end: T0, shownAt: T0, clockMs: 0, limitReached: false, finished: false });
	});

	it('running: the counted time since the start, less the pauses that stop the clock', () => {
		const s = summary({ pauses: [{ from: T0 + MIN, to: T0 + 3 * MIN }], limitAt: LIMIT + 2 * MIN });
		expect(readClock(ES, s, T0 + 10 * MIN)).toMatchObject({ started: true, shownAt: T0 + 10 * MIN, clockMs: 8 * MIN, limitReached: false });
		expect(readClock(ES, { ...s, pausesStopClock: false }, T0 + 10 * MIN)).toMatchObject({ stops: [], clockMs: 10 * MIN });
		expect(readClock(ES, s, T0 - MIN).clockMs).toBe(0);
	});

	it('ES-LIMIT: at the limit the clock stops at the time limit', () => {
		const c = readClock(ES, summary(), LIMIT + 10 * MIN);
		expect(c).toMatchObject({ end: LIMIT, shownAt: LIMIT, clockMs: 120 * MIN, limitReached: true, finished: false });
	});

	it('the finish stops the clock; finished from its moment on', () => {
		const s = summary({ finishedAt: T0 + 50 * MIN });
		expect(readClock(ES, s, T0 + 49 * MIN)).toMatchObject({ finished: false, clockMs: 49 * MIN });
		expect(readClock(ES, s, T0 + 60 * MIN)).toMatchObject({ finished: true, end: T0 + 50 * MIN, clockMs: 50 * MIN, limitReached: false });
	});

	it('ES-DQ: a disqualification stops the clock where it was recorded, or at the limit if later', () => {
		expect(readClock(ES, summary({ disqualifiedAt: T0 + 5 * MIN }), T0 + 60 * MIN)).toMatchObject({ end: T0 + 5 * MIN, clockMs: 5 * MIN });
		expect(readClock(ES, summary({ disqualifiedAt: LIMIT + MIN }), LIMIT + 2 * MIN).end).toBe(LIMIT);
	});
});
