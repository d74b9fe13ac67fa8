import { describe, expect, it } from 'vitest';
import type { Outcome } from '$lib/scoring/types';
import { dueByClock, nextClockChange } from './clock-due';

const seat = (o: Partial<Outcome>) => ({ outcome: { status: 'running', startedAt: 1_000, limitAt: 10_000, ...o } as Pick<Outcome, 'status' | 'startedAt' | 'limitAt'> });

describe('dueByClock', () => {
	it('says when time alone has changed standings: a limit passed, a preview ended', () => {
		expect(dueByClock({ at: 5_000, rows: [seat({})] }, 9_999)).toBe(false);
		expect(dueByClock({ at: 5_000, rows: [seat({})] }, 10_000)).toBe(true);
		expect(dueByClock({ at: 5_000, rows: [seat({ status: 'paused' })] }, 10_000)).toBe(true);
		expect(dueByClock({ at: 500, rows: [seat({ status: 'preview' })] }, 999)).toBe(false);
		expect(dueByClock({ at: 500, rows: [seat({ status: 'preview' })] }, 1_000)).toBe(true);
	});

	it('is worked out as the first such moment after the scoring', () => {
		expect(nextClockChange({ at: 5_000, rows: [seat({ limitAt: 9_000 }), seat({ status: 'preview', startedAt: 7_000, limitAt: 97_000 }), seat({ status: 'finished' })] })).toBe(7_000);
		expect(nextClockChange({ at: 5_000, rows: [seat({ status: 'finished' })] })).toBe(Infinity);
	});

	it('never for seats done or not started, nor for a moment not after the scoring', () => {
		for (const status of ['finished', 'unfinished', 'disqualified', 'did-not-start', 'not-started'] as const) expect(dueByClock({ at: 5_000, rows: [seat({ status })] }, 50_000), status).toBe(false);
		expect(dueByClock({ at: 20_000, rows: [seat({})] }, 20_000)).toBe(false);
		expect(dueByClock({ at: 5_000, rows: [seat({ limitAt: null })] }, 50_000)).toBe(false);
	});
});
