/**
 * The rules of a table card's credential (src/lib/server/table-cards.ts), pure (the organizer's screen shows a card's state with them):
 *   - a card lives for its event's day: it expires at noon UTC of the day after the event's
 *     date (the end of that day in every time zone of Europe and the Americas), or a day after
 *     it was printed when it was printed later than that (a card printed late still serves);
 *   - a revoked card stays revoked; an expired one cannot be used;
 *   - a judge token got from a card records only a judge's actions at the card's heat
 *     (src/lib/server/card-push-scope.ts).
 */

const DAY_MS = 24 * 60 * 60_000;

/** When a card printed at `now` for an event on `eventDate` (YYYY-MM-DD) expires. */
export function cardExpiry(eventDate: string, now: number): number {
	const dayAfterNoon = Date.parse(`${eventDate}T12:00:00Z`) + DAY_MS;
	return Math.max(Number.isFinite(dayAfterNoon) ? dayAfterNoon : 0, now + DAY_MS);
}

export type CardState = 'live' | 'expired' | 'revoked';

export function cardState(card: { expiresAt: number; revokedAt: number | null }, now: number): CardState {
	if (card.revokedAt !== null) return 'revoked';
	return now < card.expiresAt ? 'live' : 'expired';
}
