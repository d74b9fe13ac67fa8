import { describe, expect, it } from 'vitest';
import { EntrySchema } from '$lib/setup/schema';
import { quickSetup, type QuickSetupInput } from './quick-setup';

const base: QuickSetupInput = { presetId: 'czjpa-individual', seatNames: ['Ana', 'Bob'], day: '2026-05-16', suffix: 'abcd1234' };

describe('the quick set-up’s table', () => {
	it('issue 29 #8: the table the heat opens at is its entries’ table as stored ("01" is "1", spaces tidied)', () => {
		for (const [typed, stored] of [
			['01', '1'],
			[' 007 ', '7'],
			['Table\u00A0\u00A02', 'Table 2'],
			['T1', 'T1'],
			[undefined, '1']
		] as const) {
			const made = quickSetup({ ...base, table: typed });
			if (!made.ok) throw new Error(`refused: ${JSON.stringify(made.issues)}`);
			expect(made.value.table).toBe(stored);
			// What a save keeps of each entry (saveSetup parses with EntrySchema): the same table.
			for (const e of made.value.bundle.entries) {
				expect(e.table).toBe(stored);
				expect(EntrySchema.parse(e).table).toBe(made.value.table);
			}
		}
	});

	it('issue 29 #8: a table with a control character is refused, as a saved entry’s would be', () => {
		const made = quickSetup({ ...base, table: 'T\u00001' });
		expect(made.ok).toBe(false);
		expect(!made.ok && made.issues.map((i) => i.path)).toEqual(['table']);
	});
});
