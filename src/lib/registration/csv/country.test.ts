import { describe, expect, it } from 'vitest';
import { countryCode } from './country';

describe('a country in a registration file', () => {
	it.each([
		['CZ', 'CZ'],
		['cze', 'CZ'],
		[' esp ', 'ES'],
		['Česko', 'CZ'],
		['Česká republika', 'CZ'],
		['Czech Republic', 'CZ'],
		['España', 'ES'],
		['Španělsko', 'ES'],
		['slovensko', 'SK'],
		['Reino Unido', 'GB'],
		['GER', 'DE']
	])('issue 30 #12: %j is %s (ISO 3166-1 alpha-2, the register’s one form)', (text, code) => {
		expect(countryCode(text)).toBe(code);
	});

	it('is absent when empty and left as typed (upper case) otherwise, for the schema to refuse', () => {
		expect(countryCode('  ')).toBeUndefined();
		expect(countryCode('Atlantis')).toBe('ATLANTIS');
	});
});
