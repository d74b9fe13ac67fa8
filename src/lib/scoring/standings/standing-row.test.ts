import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { standingRow } from './standing-row';
import { rankItem } from './testkit';

const CZ = presetById('czjpa-individual')!; // awards the first 5

describe('standingRow', () => {
	it('CZ-IND-AWARD: a row with its place, award and reason', () => {
		const it0 = { ...rankItem('ann', [0, 5], 0), reason: 'finished: 5' };
		expect(standingRow(CZ, it0, { place: 5, shared: 1, tieBreak: false, byTiebreak: false })).toMatchObject({
			entryId: 'ann',
			name: 'ann',
			place: 5,
			awarded: true,
			shared: 1,
			reason: 'finished: 5'
		});
		expect(standingRow(CZ, it0, { place: 6, shared: 1, tieBreak: false, byTiebreak: false }).awarded).toBe(false);
		expect(standingRow(CZ, it0, { place: null, shared: 0, tieBreak: false, byTiebreak: false }).awarded).toBe(false);
	});

	it('CZ-IND-RANK-3, ES-TIE: the reason says whom the place is shared with, and a place by the tie-break', () => {
		const item = { ...rankItem('ann', [0, 5], 0), reason: 'finished' };
		expect(standingRow(CZ, item, { place: 2, shared: 2, tieBreak: false, byTiebreak: false }).reason).toBe('finished — shares place 2 with 1 other');
		expect(standingRow(CZ, item, { place: 2, shared: 3, tieBreak: false, byTiebreak: false }).reason).toBe('finished — shares place 2 with 2 others');
		expect(standingRow(CZ, item, { place: 1, shared: 1, tieBreak: false, byTiebreak: true }).reason).toBe('finished — placed by the tie-break');
	});

	it('the same place and company keep the row object; a change makes a new one', () => {
		const item = { ...rankItem('ann', [0, 5], 0), reason: 'finished' };
		const where = { place: 1, shared: 1, tieBreak: true, byTiebreak: false };
		const first = standingRow(CZ, item, where);
		expect(standingRow(CZ, item, { ...where })).toBe(first);
		expect(standingRow(CZ, item, { ...where, tieBreak: false })).not.toBe(first);
	});
});
