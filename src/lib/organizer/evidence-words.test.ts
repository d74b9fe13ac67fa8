import { describe, expect, it } from 'vitest';
import { evidenceLines, megabytes } from './evidence-words';

const state = { retentionDays: 30, photoCount: 31, photoBytes: 9_300_000, finalLockAt: null, eraseAt: null, erasedAt: null };
const JUNE_1 = Date.UTC(2026, 5, 1, 12);

describe('the evidence line of the event screen (issue 33)', () => {
	it('says how many, how large, and "N days after the final lock" until every competition is final', () => {
		expect(evidenceLines(state, 'en')).toEqual({ count: 'Evidence photos: 31 (9.3 MB).', kept: 'Kept until 30 days after the last competition’s final lock.', erased: null });
		expect(evidenceLines({ ...state, retentionDays: 1 }, 'en').kept).toBe('Kept until 1 day after the last competition’s final lock.');
		expect(evidenceLines(state, 'cs').kept).toBe('Uchovány 30 dní po konečném uzamčení poslední soutěže.');
		expect(evidenceLines({ ...state, retentionDays: 3 }, 'cs').kept).toBe('Uchovány 3 dny po konečném uzamčení poslední soutěže.');
	});

	it('then the date, and when they were last erased', () => {
		const final = { ...state, finalLockAt: JUNE_1 - 30 * 86_400_000, eraseAt: JUNE_1, erasedAt: JUNE_1 };
		expect(evidenceLines(final, 'en')).toEqual({ count: 'Evidence photos: 31 (9.3 MB).', kept: 'Kept until June 1, 2026 (30 days after the final lock).', erased: 'Last erased on June 1, 2026.' });
		expect(evidenceLines(final, 'es').kept).toBe('Se guardan hasta el 1 de junio de 2026 (30 días después del cierre definitivo).');
	});

	it('sizes in MB with the locale’s decimal sign', () => {
		expect(megabytes(0, 'en')).toBe('0.0 MB');
		expect(megabytes(40_000, 'en')).toBe('0.04 MB');
		expect(megabytes(1_250_000, 'cs')).toBe('1,3 MB');
	});
});
