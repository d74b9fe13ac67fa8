import { describe, expect, it } from 'vitest';
import { heatTables } from './heat-tables';
import type { Entry } from './schema';

const entry = (id: string, heatId: string, table?: string, seat?: string): Entry => ({ id, competitionId: 'c', heatId, name: `Name ${id}`, members: [], ...(table ? { table } : {}), ...(seat ? { seat } : {}) });

describe('the tables of a heat (table cards)', () => {
	it('groups the heat’s seated entries by table in natural order, each by seat', () => {
		const tables = heatTables(
			[entry('a', 'h1', '10', '2'), entry('b', 'h1', '2', '2'), entry('c', 'h1', '2', '1'), entry('d', 'h2', '2', '3'), entry('e', 'h1'), entry('f', 'h1', '2')],
			'h1'
		);
		expect(tables.map((t) => t.table)).toEqual(['2', '10']);
		expect(tables[0]!.seats.map((s) => s.entryId)).toEqual(['c', 'b', 'f']);
		expect(tables[1]!.seats).toEqual([{ seat: '2', entryId: 'a', name: 'Name a' }]);
	});

	it('has no tables for a heat nobody is seated at', () => {
		expect(heatTables([entry('a', 'h1')], 'h1')).toEqual([]);
	});

	it('issue 29 #8: labels that read the same are one table ("T1", "t1", "T01"), shown as first spelled', () => {
		const tables = heatTables([entry('a', 'h1', 'T1', '2'), entry('b', 'h1', 't1', '1'), entry('c', 'h1', 'T01', '3'), entry('d', 'h1', 'T2', '1'), entry('e', 'h1', 'Т2', '2')], 'h1');
		expect(tables.map((t) => t.table)).toEqual(['T1', 'T2']);
		expect(tables.map((t) => t.seats.map((s) => s.entryId))).toEqual([['b', 'a', 'c'], ['d', 'e']]);
	});
});
