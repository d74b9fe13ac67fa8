import { describe, expect, it } from 'vitest';
import { rotationSignalDue, SIGNAL_LATE_MS } from './rotation-signal';

const MIN = 60_000;

describe('the rotation signal as the screen sees it (CZ-TEAM-P1)', () => {
	it('CZ-TEAM-P1: sounds when a new signal is seen live, once', () => {
		expect(rotationSignalDue(null, 8 * MIN, 8 * MIN)).toBe(true);
		expect(rotationSignalDue(null, 8 * MIN, 8 * MIN + SIGNAL_LATE_MS)).toBe(true);
		expect(rotationSignalDue(8 * MIN, 8 * MIN, 8 * MIN + 100)).toBe(false);
		expect(rotationSignalDue(8 * MIN, 16 * MIN, 16 * MIN + 20)).toBe(true);
	});

	it('CZ-TEAM-P1: not replayed after a reload or a wake-up, nor when the part ended', () => {
		// First look (a reload): the screen only shows the plan.
		expect(rotationSignalDue(undefined, 8 * MIN, 8 * MIN)).toBe(false);
		// Woken more than the grace late.
		expect(rotationSignalDue(8 * MIN, 16 * MIN, 16 * MIN + SIGNAL_LATE_MS + 1)).toBe(false);
		// The rotation part ended: no signal any more.
		expect(rotationSignalDue(24 * MIN, null, 32 * MIN)).toBe(false);
	});
});
