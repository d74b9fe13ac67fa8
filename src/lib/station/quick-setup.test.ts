import { describe, expect, it } from 'vitest';
import { CompetitionSchema, EntrySchema, HeatSchema } from '$lib/setup/schema';
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

describe('the quick set-up’s names', () => {
	const CONTROLS = [
		['a tab', 'Ana\tBob'],
		['a right-to-left override', '\u202EAna'],
		['a NUL', 'A\u0000na']
	] as const;

	it('issue 29 #8: a seat name with a tab, a bidi override or a NUL is refused by the quick set-up, not by the save', () => {
		for (const [what, name] of CONTROLS) {
			const made = quickSetup({ ...base, seatNames: ['Cyril', name] });
			expect(made.ok, what).toBe(false);
			expect(!made.ok && made.issues.map((i) => i.path), what).toEqual(['seatNames[1]']);
		}
	});

	it('issue 29 #8: a relay team’s line with a control character anywhere (team or member) is refused', () => {
		for (const line of ['Sovy\t: Eva, Filip', 'Sovy: Eva,\u200F Filip', 'Sovy: Eva, Filip\n']) {
			const made = quickSetup({ ...base, presetId: 'czjpa-team-relay', seatNames: ['Lišky: A, B', line] });
			expect(!made.ok && made.issues.map((i) => i.path), JSON.stringify(line)).toEqual(['seatNames[1]']);
		}
	});

	it('issue 29 #8: a competition name with a control character is refused', () => {
		const made = quickSetup({ ...base, competitionName: 'Club\u2028night' });
		expect(!made.ok && made.issues.map((i) => i.path)).toEqual(['competitionName']);
	});

	it('issue 29 #8: whatever the quick set-up accepts, the save accepts (no zod error on the tablet)', () => {
		const names = ['Ana', 'Žofie Nováková', 'Zoë\u00A0O’Brien', '👩‍👩‍👧 Team', 'مريم', 'x'.repeat(200), ...CONTROLS.map(([, n]) => n), 'Bob\r', '\u0085Eve', '\u2066Dan\u2069'];
		for (const presetId of ['czjpa-individual', 'czjpa-team-relay']) {
			for (const name of names) {
				for (const competitionName of [undefined, name]) {
					const made = quickSetup({ ...base, presetId, competitionName, seatNames: [name, `${name}: ${name}, Bára`] });
					if (!made.ok) continue;
					const { competitions, heats, entries } = made.value.bundle;
					expect(() => {
						competitions.forEach((c) => CompetitionSchema.parse(c));
						heats.forEach((h) => HeatSchema.parse(h));
						entries.forEach((e) => EntrySchema.parse(e));
					}, `${presetId} ${JSON.stringify(name)}`).not.toThrow();
				}
			}
		}
	});
});
