import { describe, expect, it } from 'vitest';
import { cardExpiry, cardState } from './table-card-rules';

const DAY = 24 * 60 * 60_000;

describe('a table card credential', () => {
	it('expires at noon UTC of the day after the event', () => {
		const printed = Date.parse('2026-05-01T07:00:00Z');
		expect(cardExpiry('2026-05-02', printed)).toBe(Date.parse('2026-05-03T12:00:00Z'));
	});

	it('printed after the event day, still lives a day from printing', () => {
		const late = Date.parse('2026-06-01T09:00:00Z');
		expect(cardExpiry('2026-05-02', late)).toBe(late + DAY);
	});

	it('is live until it expires, then expired; revoked wins over both', () => {
		const card = { expiresAt: 1000, revokedAt: null };
		expect(cardState(card, 999)).toBe('live');
		expect(cardState(card, 1000)).toBe('expired');
		expect(cardState({ expiresAt: 1000, revokedAt: 500 }, 600)).toBe('revoked');
		expect(cardState({ expiresAt: 1000, revokedAt: 500 }, 2000)).toBe('revoked');
	});
});
