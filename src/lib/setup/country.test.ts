import { describe, expect, it } from 'vitest';
import { canonicalCountry, countryName, isCountryCode } from './country';

describe('a country in the register’s one form (issue 30 #12: ISO 3166-1 alpha-2)', () => {
	it.each([
		['CZ', 'CZ'],
		['CZE', 'CZ'],
		['cze', 'CZ'],
		[' es ', 'ES'],
		['ESP', 'ES'],
		['SVK', 'SK'],
		['GBR', 'GB'],
		['GER', 'DE'],
		['NED', 'NL'],
		['SUI', 'CH']
	])('%j is stored as %j', (typed, stored) => {
		expect(canonicalCountry(typed)).toBe(stored);
		expect(isCountryCode(canonicalCountry(typed))).toBe(true);
	});

	it('keeps a code it does not know, upper-cased, and calls it no country code', () => {
		expect(canonicalCountry('abc')).toBe('ABC');
		expect(isCountryCode('ABC')).toBe(false);
		expect(isCountryCode('QQ')).toBe(false);
	});

	it('names the country in the viewer’s language, from either code', () => {
		expect(countryName('CZE', 'cs')).toBe('Česko');
		expect(countryName('CZ', 'en')).toBe('Czechia');
		expect(countryName('ESP', 'es')).toBe('España');
		expect(countryName('ABC', 'en')).toBe('ABC');
	});
});
