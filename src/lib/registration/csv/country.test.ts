import { describe, expect, it } from 'vitest';
import { countryCode } from './country';

describe('a country in a registration file', () => {
	it.each([
		['CZ', 'CZ'],
		['cze', 'CZE'],
		[' esp ', 'ESP'],
		['Česko', 'CZE'],
		['Česká republika', 'CZE'],
		['Czech Republic', 'CZE'],
		['España', 'ESP'],
		['Španělsko', 'ESP'],
		['slovensko', 'SVK'],
		['Reino Unido', 'GBR']
	])('%j is %s', (text, code) => {
		expect(countryCode(text)).toBe(code);
	});

	it('is absent when empty and left as typed (upper case) otherwise, for the schema to refuse', () => {
		expect(countryCode('  ')).toBeUndefined();
		expect(countryCode('Atlantis')).toBe('ATLANTIS');
	});
});
