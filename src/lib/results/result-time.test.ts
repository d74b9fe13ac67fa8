import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatResult } from '$lib/scoring';
import { formatResultTime } from './result-time';

describe('formatResultTime: the one result-time format', () => {
	it('shows the ruleset’s resolution in the locale’s style (ES-WIN: whole seconds, truncated)', () => {
		expect(formatResultTime(2_470_000, 'ms', { locale: 'en' })).toBe('41:10.000');
		expect(formatResultTime(2_470_000, 'ms', { locale: 'cs' })).toBe('41:10,000');
		expect(formatResultTime(2_470_000, 'ms', { locale: 'es' })).toBe('41:10,000');
		expect(formatResultTime(2_700_900, 'second-truncated', { locale: 'es' })).toBe('45:00');
	});

	it('in English it is exactly the CLI’s and the explanations’ (scoring formatResult), at both resolutions', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 30 * 3_600_000 }), fc.constantFrom('ms' as const, 'second-truncated' as const), (ms, resolution) => {
				expect(formatResultTime(ms, resolution, { locale: 'en' })).toBe(formatResult(ms, resolution));
			})
		);
	});
});
