import { describe, expect, it } from 'vitest';
import { parseHeatParams } from './heat-params';

const parse = (query: string) => parseHeatParams(new URLSearchParams(query));

describe('parseHeatParams', () => {
	it('reads the competition, the heat and the table', () => {
		expect(parse('competition=c1&heat=h-1.a:b&table=Table 2')).toEqual({ competition: 'c1', heat: 'h-1.a:b', table: 'Table 2' });
	});

	it('leaves the table out when the query has none, and ignores other names', () => {
		expect(parse('competition=c1&heat=h1&x=1')).toEqual({ competition: 'c1', heat: 'h1' });
	});

	it('keeps an empty table as given', () => {
		expect(parse('competition=c1&heat=h1&table=')).toEqual({ competition: 'c1', heat: 'h1', table: '' });
	});

	it('takes the last of repeated values', () => {
		expect(parse('competition=c0&competition=c1&heat=h1')).toEqual({ competition: 'c1', heat: 'h1' });
	});

	it('names no heat without both IDs (the home)', () => {
		expect(parse('')).toBeNull();
		expect(parse('competition=c1')).toBeNull();
		expect(parse('heat=h1')).toBeNull();
		expect(parse('competition=&heat=h1')).toBeNull();
	});

	it('refuses IDs that break the ID rule', () => {
		expect(parse('competition=-c1&heat=h1')).toBeNull();
		expect(parse('competition=c 1&heat=h1')).toBeNull();
		expect(parse(`competition=${'c'.repeat(65)}&heat=h1`)).toBeNull();
		expect(parse(`competition=${'c'.repeat(64)}&heat=h1`)).toEqual({ competition: 'c'.repeat(64), heat: 'h1' });
	});

	it('refuses a table name over 40 characters', () => {
		expect(parse(`competition=c1&heat=h1&table=${'t'.repeat(41)}`)).toBeNull();
		expect(parse(`competition=c1&heat=h1&table=${'t'.repeat(40)}`)).toEqual({ competition: 'c1', heat: 'h1', table: 't'.repeat(40) });
	});

	it('agrees with the set-up schema’s IdSchema', async () => {
		const { IdSchema } = await import('$lib/setup/schema');
		for (const id of ['a', 'A9_.:-', '_a', '.a', 'a/b', 'a b', 'é', 'x'.repeat(64), 'x'.repeat(65)]) {
			expect(parse(new URLSearchParams({ competition: id, heat: 'h1' }).toString()) !== null, id).toBe(IdSchema.safeParse(id).success);
		}
	});
});
