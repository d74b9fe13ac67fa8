import { describe, expect, it } from 'vitest';
import { nonexistentDay, parseDay, parseMoment } from './dates';

describe('dates in a registration file', () => {
	it.each([
		['03.04.1990', '1990-04-03'],
		['3.4.1990', '1990-04-03'],
		['3. 4. 1990', '1990-04-03'],
		[' 03. 04. 1990 ', '1990-04-03'],
		['03/04/1990', '1990-04-03'],
		['3/4/1990', '1990-04-03'],
		['1990-04-03', '1990-04-03'],
		['29.02.2024', '2024-02-29'],
		['31/12/2010', '2010-12-31']
	])('reads %s as %s (day first)', (text, day) => {
		expect(parseDay(text)).toBe(day);
	});

	it.each(['', 'abc', '1990', '04/31/1990', '12/25/1990', '29.02.2023', '31.04.1990', '3.4.90', '1990-4-3', '03.04/1990', '0.1.1990', '1.13.1990', '03-04-1990', '1990/04/03'])(
		'%j is not a date (never guessed as month first)',
		(text) => {
			expect(parseDay(text)).toBeNull();
		}
	);

	it('issue 30 #18: tells a day that does not exist (the form right) from text that is no date', () => {
		expect(nonexistentDay('31. 2. 2001')).toEqual({ day: 31, month: 2, year: 2001, days: 28 });
		expect(nonexistentDay('29.02.2023')).toEqual({ day: 29, month: 2, year: 2023, days: 28 });
		expect(nonexistentDay('2024-04-31')).toEqual({ day: 31, month: 4, year: 2024, days: 30 });
		expect(nonexistentDay('31/04/1990 10:15')).toEqual({ day: 31, month: 4, year: 1990, days: 30 });
		expect(nonexistentDay('0.1.1990')).toEqual({ day: 0, month: 1, year: 1990, days: 31 });
		for (const text of ['31.12.1990', '12/31/1990', '1.13.1990', 'next spring', '3.4.90', '']) expect(nonexistentDay(text)).toBeNull();
	});

	it('reads a moment: ISO with a zone, or a day with an optional time in local time', () => {
		expect(parseMoment('2026-03-15T14:22:05.123Z')).toBe(Date.UTC(2026, 2, 15, 14, 22, 5, 123));
		expect(parseMoment('2026-03-15T14:22:05+01:00')).toBe(Date.UTC(2026, 2, 15, 13, 22, 5));
		expect(parseMoment('15.03.2026 14:22')).toBe(new Date(2026, 2, 15, 14, 22).getTime());
		expect(parseMoment('15/03/2026 9:05:30')).toBe(new Date(2026, 2, 15, 9, 5, 30).getTime());
		expect(parseMoment('2026-03-15T14:22')).toBe(new Date(2026, 2, 15, 14, 22).getTime());
		expect(parseMoment('2026-03-15')).toBe(new Date(2026, 2, 15).getTime());
		expect(parseMoment('15. 3. 2026')).toBe(new Date(2026, 2, 15).getTime());
	});

	it.each(['', 'yesterday', '15.03.2026 25:00', '15.03.2026 14:60', '03/15/2026 10:00', '2026-03-15 T'])('%j is not a moment', (text) => {
		expect(parseMoment(text)).toBeNull();
	});
});
