import { describe, expect, it } from 'vitest';
import type { Outcome } from '$lib/scoring/types';
import { dueByClock } from './clock-due';

const seat = (o: Partial<Outcome>) => ({ outcome: { status: 'running', startedAt: 1_000, limitAt: 10_000, ...o } as Outcome });

describe('dueByClock', () => {
	it('says when time alone has changed standings: a limit passed, a preview ended', () => {
		expect(dueByClock({ at: 5_000, rows: [seat({})] }, 9_999)).toBe(false);
		expect(dueByClock({ at: 5_000, rows: [seat({})] }, 10_000)).toBe(true);
		expect(dueByClock({ at: 5_000, rows: [seat({ status: 'paused' })] }, 10_000)).toBe(true);
		expect(dueByClock({ at: 500, rows: [seat({ status: 'preview' })] }, 999)).toBe(false);
		expect(dueByClock({ at: 500, rows: [seat({ status: 'preview' })] }, 1_000)).toBe(true);
	});

	it('never for seats done or not started, nor for a moment not after the scoring', () => {
		for (const status of ['finished', 'unfinished', 'disqualified', 'did-not-start', 'not-started'] as const) expect(dueByClock({ at: 5_000, rows: [seat({ status })] }, 50_000), status).toBe(false);
		expect(dueByClock({ at: 20_000, rows: [seat({})] }, 20_000)).toBe(false);
		expect(dueByClock({ at: 5_000, rows: [seat({ limitAt: null })] }, 50_000)).toBe(false);
	});
});
