import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { localeDecimalSeparator, localeMinusSign } from './separators';

const intl = (locale: string, value: number, type: Intl.NumberFormatPartTypes) => new Intl.NumberFormat(locale).formatToParts(value).find((p) => p.type === type)?.value;

describe('fixed separators', () => {
	it.each(LOCALES)("equal Intl's for %s", (locale) => {
		expect(localeDecimalSeparator(locale)).toBe(intl(locale, 1.5, 'decimal'));
		expect(localeMinusSign(locale)).toBe(intl(locale, -1, 'minusSign'));
	});

	it('come from Intl for any other locale', () => {
		expect(localeDecimalSeparator('de')).toBe(',');
		expect(localeMinusSign('sv')).toBe('\u2212');
		expect(localeDecimalSeparator('ja')).toBe('.');
	});
});
