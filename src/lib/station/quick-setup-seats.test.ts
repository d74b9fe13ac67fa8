import { describe, expect, it } from 'vitest';
import { quickSetup } from './quick-setup';
import { QUICK_SETUP_LIMITS } from './quick-setup-problems';
import { quickSetupSeats } from './quick-setup-seats';

describe('quickSetupSeats', () => {
	it('makes one seat per name typed, whatever the seat count says', () => {
		expect(quickSetupSeats('Ana\nBára\nCyril\nDana', 6)).toEqual({ names: ['Ana', 'Bára', 'Cyril', 'Dana'], fromNames: true });
		expect(quickSetupSeats('Ana\nBára', 1)).toEqual({ names: ['Ana', 'Bára'], fromNames: true });
		expect(quickSetupSeats('Ana', null)).toEqual({ names: ['Ana'], fromNames: true });
	});

	it('skips blank lines and trims the names, so no seat without a name is made among them', () => {
		expect(quickSetupSeats('  Ana \n\n   \nBára\r\nCyril\n\n\n', 6)).toEqual({ names: ['Ana', 'Bára', 'Cyril'], fromNames: true });
	});

	it('with no name typed, makes as many unnamed seats as the count says', () => {
		expect(quickSetupSeats('', 6)).toEqual({ names: ['', '', '', '', '', ''], fromNames: false });
		expect(quickSetupSeats('\n  \n', 2)).toEqual({ names: ['', ''], fromNames: false });
	});

	it('counts no seat for an empty, negative or not-a-number count, and whole seats of a fraction', () => {
		for (const count of [null, undefined, 0, -3, Number.NaN, Number.POSITIVE_INFINITY]) expect(quickSetupSeats('', count).names).toEqual([]);
		expect(quickSetupSeats('', 2.7).names).toHaveLength(2);
	});

	it('cuts a huge count to one past the limit, so that the set-up refuses it by the limit', () => {
		const seats = quickSetupSeats('', 1e9);
		expect(seats.names).toHaveLength(QUICK_SETUP_LIMITS.seats + 1);
		const made = quickSetup({ presetId: 'czjpa-individual', seatNames: seats.names, day: '2026-05-16', suffix: 'abcd1234' });
		expect(made.ok).toBe(false);
	});

	it('gives the quick set-up exactly the seats named (4 names: 4 seats, no "Seat 5")', () => {
		const seats = quickSetupSeats('Ana\nBára\nCyril\nDana', 6);
		const made = quickSetup({ presetId: 'czjpa-individual', seatNames: seats.names, day: '2026-05-16', suffix: 'abcd1234' });
		if (!made.ok) throw new Error('not set up');
		expect(made.value.bundle.entries.map((e) => e.name)).toEqual(['Ana', 'Bára', 'Cyril', 'Dana']);
	});
});
