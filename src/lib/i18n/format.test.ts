import { describe, expect, it } from 'vitest';
import { decimalSeparator, formatDate, formatDuration, formatNumber, formatTime } from './format';
import type { Locale } from './locales';

const NBSP = '\u00a0';
const LOCALES: Locale[] = ['cs', 'es', 'en'];

describe('formatNumber', () => {
	it('groups and separates decimals per locale', () => {
		expect(formatNumber(1234.5, { locale: 'en' })).toBe('1,234.5');
		expect(formatNumber(1234.5, { locale: 'cs' })).toBe(`1${NBSP}234,5`);
		// Spanish groups only from five digits.
		expect(formatNumber(1234.5, { locale: 'es' })).toBe('1234,5');
		expect(formatNumber(12345.5, { locale: 'es' })).toBe('12.345,5');
	});

	it('passes Intl options through', () => {
		expect(formatNumber(0.5, { locale: 'en', style: 'percent' })).toBe('50%');
		expect(formatNumber(0.5, { locale: 'cs', style: 'percent' })).toBe(`50${NBSP}%`);
		expect(formatNumber(2, { locale: 'es', minimumFractionDigits: 1 })).toBe('2,0');
	});

	it('uses the current locale (the base locale, en, outside a browser) by default', () => {
		expect(formatNumber(4500)).toBe('4,500');
	});
});

describe('decimalSeparator', () => {
	it('is a comma in cs and es and a point in en', () => {
		expect(LOCALES.map((l) => decimalSeparator(l))).toEqual([',', ',', '.']);
	});
});

describe('formatTime', () => {
	const at = Date.UTC(2026, 4, 9, 14, 5, 9, 800);

	it('shows the time of day in the locale style', () => {
		expect(formatTime(at, { locale: 'cs', timeZone: 'UTC' })).toBe('14:05:09');
		expect(formatTime(at, { locale: 'es', timeZone: 'UTC' })).toBe('14:05:09');
		expect(formatTime(at, { locale: 'en', timeZone: 'UTC' })).toMatch(/^2:05:09\sPM$/);
	});

	it('can leave out seconds and force a 24-hour clock', () => {
		expect(formatTime(at, { locale: 'cs', timeZone: 'UTC', seconds: false })).toBe('14:05');
		expect(formatTime(at, { locale: 'en', timeZone: 'UTC', hour12: false })).toBe('14:05:09');
	});

	it('uses the given time zone', () => {
		expect(formatTime(at, { locale: 'cs', timeZone: 'Europe/Prague' })).toBe('16:05:09');
		expect(formatTime(at, { locale: 'es', timeZone: 'Europe/Madrid', seconds: false })).toBe('16:05');
	});
});

describe('formatDate', () => {
	it('shows a calendar day as that day in every locale', () => {
		expect(formatDate('2026-05-09', { locale: 'cs' })).toBe('9. května 2026');
		expect(formatDate('2026-05-09', { locale: 'es' })).toBe('9 de mayo de 2026');
		expect(formatDate('2026-05-09', { locale: 'en' })).toBe('May 9, 2026');
	});

	it('does not shift a calendar day with the time zone', () => {
		expect(formatDate('2026-01-01', { locale: 'en', timeZone: 'Pacific/Honolulu' })).toBe('January 1, 2026');
	});

	it('shows an instant in the given time zone and style', () => {
		const at = Date.UTC(2026, 4, 9, 23, 30);
		expect(formatDate(at, { locale: 'cs', timeZone: 'Europe/Prague', style: 'short' })).toBe('10.05.26');
		expect(formatDate(new Date(at), { locale: 'en', timeZone: 'UTC', style: 'medium' })).toBe('May 9, 2026');
	});

	it('rejects what is not a date', () => {
		expect(() => formatDate('soon', { locale: 'en' })).toThrow(RangeError);
	});
});

describe('formatDuration', () => {
	const ms = (h: number, m: number, s: number, milli = 0) => ((h * 60 + m) * 60 + s) * 1000 + milli;

	it('shows m:ss under an hour and h:mm:ss from an hour', () => {
		for (const locale of LOCALES) {
			expect(formatDuration(0, { locale })).toBe('0:00');
			expect(formatDuration(ms(0, 0, 7), { locale })).toBe('0:07');
			expect(formatDuration(ms(0, 45, 12, 345), { locale })).toBe('45:12');
			expect(formatDuration(ms(0, 59, 59, 999), { locale })).toBe('59:59');
			expect(formatDuration(ms(1, 0, 0), { locale })).toBe('1:00:00');
			expect(formatDuration(ms(1, 30, 0), { locale })).toBe('1:30:00');
			expect(formatDuration(ms(5, 3, 9), { locale })).toBe('5:03:09');
			expect(formatDuration(ms(123, 4, 5), { locale })).toBe('123:04:05');
		}
	});

	it('shows tenths after the locale decimal separator', () => {
		const t = ms(0, 45, 12, 345);
		expect(formatDuration(t, { locale: 'cs', precision: 'tenths' })).toBe('45:12,3');
		expect(formatDuration(t, { locale: 'es', precision: 'tenths' })).toBe('45:12,3');
		expect(formatDuration(t, { locale: 'en', precision: 'tenths' })).toBe('45:12.3');
		expect(formatDuration(ms(2, 0, 5, 90), { locale: 'cs', precision: 'tenths' })).toBe('2:00:05,0');
	});

	it('shows hundredths and milliseconds', () => {
		const t = ms(0, 3, 4, 56);
		expect(formatDuration(t, { locale: 'en', precision: 'hundredths' })).toBe('3:04.05');
		expect(formatDuration(t, { locale: 'es', precision: 'hundredths' })).toBe('3:04,05');
		expect(formatDuration(t, { locale: 'en', precision: 'milliseconds' })).toBe('3:04.056');
		expect(formatDuration(t, { locale: 'cs', precision: 'milliseconds' })).toBe('3:04,056');
		expect(formatDuration(ms(1, 0, 0, 7), { locale: 'es', precision: 'milliseconds' })).toBe('1:00:00,007');
	});

	it('truncates as a stopwatch does, never showing a time not yet reached', () => {
		expect(formatDuration(59_999, { locale: 'en' })).toBe('0:59');
		expect(formatDuration(59_999, { locale: 'en', precision: 'tenths' })).toBe('0:59.9');
		expect(formatDuration(ms(0, 59, 59, 999), { locale: 'en', precision: 'hundredths' })).toBe('59:59.99');
		// ES-WIN: 45:00.4 and 45:00.9 show the same whole second.
		expect(formatDuration(ms(0, 45, 0, 400), { locale: 'es' })).toBe(formatDuration(ms(0, 45, 0, 900), { locale: 'es' }));
	});

	it('rounds up for a countdown when asked', () => {
		expect(formatDuration(200, { locale: 'en', round: 'up' })).toBe('0:01');
		expect(formatDuration(ms(0, 9, 59, 1), { locale: 'cs', round: 'up' })).toBe('10:00');
		expect(formatDuration(ms(0, 59, 59, 1), { locale: 'cs', round: 'up' })).toBe('1:00:00');
		expect(formatDuration(ms(0, 0, 0, 1), { locale: 'es', round: 'up', precision: 'tenths' })).toBe('0:00,1');
		expect(formatDuration(ms(0, 10, 0), { locale: 'en', round: 'up' })).toBe('10:00');
	});

	it('can always show hours', () => {
		expect(formatDuration(ms(0, 45, 12), { locale: 'en', alwaysHours: true })).toBe('0:45:12');
	});

	it('puts a minus sign before a negative duration, but not before zero', () => {
		expect(formatDuration(-5_000, { locale: 'en' })).toBe('-0:05');
		expect(formatDuration(-ms(1, 2, 3, 400), { locale: 'cs', precision: 'tenths' })).toBe('-1:02:03,4');
		expect(formatDuration(-400, { locale: 'en' })).toBe('0:00');
	});

	it('rejects what is not a duration', () => {
		expect(() => formatDuration(Number.NaN)).toThrow(RangeError);
		expect(() => formatDuration(Number.POSITIVE_INFINITY)).toThrow(RangeError);
	});

	it('uses the current locale (en outside a browser) by default', () => {
		expect(formatDuration(ms(0, 45, 12, 345), { precision: 'tenths' })).toBe('45:12.3');
	});
});
