import { describe, expect, it } from 'vitest';
import { durationText } from './duration-text';

const ms = (h: number, m: number, s: number, milli = 0) => ((h * 60 + m) * 60 + s) * 1000 + milli;

describe('durationText', () => {
	it('m:ss under an hour, h:mm:ss from an hour, truncated to the precision', () => {
		expect(durationText(0)).toBe('0:00');
		expect(durationText(ms(0, 45, 12, 999))).toBe('45:12');
		expect(durationText(ms(1, 2, 3))).toBe('1:02:03');
		expect(durationText(ms(0, 45, 12, 345), { precision: 'tenths' })).toBe('45:12.3');
		expect(durationText(ms(0, 3, 4, 56), { precision: 'hundredths' })).toBe('3:04.05');
		expect(durationText(ms(0, 52, 13, 250), { precision: 'milliseconds' })).toBe('52:13.250');
		expect(durationText(ms(0, 45, 12), { alwaysHours: true })).toBe('0:45:12');
	});

	it('rounds up for a countdown', () => {
		expect(durationText(200, { round: 'up' })).toBe('0:01');
		expect(durationText(ms(0, 59, 59, 1), { round: 'up' })).toBe('1:00:00');
	});

	it('plain "." and "-" by default; the separators given otherwise', () => {
		expect(durationText(-ms(0, 1, 2, 300), { precision: 'tenths' })).toBe('-1:02.3');
		expect(durationText(-ms(0, 1, 2, 300), { precision: 'tenths', decimal: ',', minus: '−' })).toBe('−1:02,3');
		expect(durationText(-400)).toBe('0:00');
	});

	it('refuses what is not a duration', () => {
		expect(() => durationText(Number.NaN)).toThrow(RangeError);
		expect(() => durationText(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
	});
});
