import { z } from 'zod/mini';
import { IdSchema } from '$lib/setup/schema';
import { CardSecretSchema } from '$lib/contract/table-cards';
import { pairFragmentUrl, parsePairFragment, ServerUrlSchema } from './pair-fragment';

/**
 * The link of a table card's QR code (src/lib/server/table-cards.ts):
 * `{origin}/pair#server={origin}&event={eventId}&card={secret}`. Like a pairing link, the secret
 * travels in the fragment, which browsers never send to a server.
 */
export const CardLinkSchema = z.object({ server: ServerUrlSchema, event: IdSchema, card: CardSecretSchema });
export type CardLink = z.infer<typeof CardLinkSchema>;

export function cardUrl(server: string, eventId: string, secret: string): string {
	return pairFragmentUrl(server, { event: eventId, card: secret });
}

/** The card link's server, event and secret; null when the text is not a card link. */
export function parseCardLink(text: string): CardLink | null {
	return parsePairFragment(text, CardLinkSchema);
}
