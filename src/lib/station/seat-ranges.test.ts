import { describe, expect, it } from 'vitest';
import { seatRanges } from './seat-ranges';

describe('seatRanges', () => {
	it('says consecutive seat numbers as a range, others one by one', () => {
		expect(seatRanges(['7', '8', '9', '10'])).toBe('7–10');
		expect(seatRanges(['7'])).toBe('7');
		expect(seatRanges(['2', '5', '6', '7', 'A', '9'])).toBe('2, 5–7, A, 9');
		expect(seatRanges([])).toBe('');
	});
});
