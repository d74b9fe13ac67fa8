import { z } from 'zod/mini';
import { IdSchema } from '$lib/setup/schema';
import { pairFragmentUrl, parsePairFragment, ServerUrlSchema } from './pair-fragment';

/**
 * The pairing link a QR code holds (src/lib/server/devices.ts pairUrl):
 * `{origin}/pair#server={origin}&event={eventId}&token={token}`. The token travels in the
 * fragment, which browsers never send to a server.
 */
export const PairLinkSchema = z.object({
	server: ServerUrlSchema,
	event: IdSchema,
	token: z.string().check(z.minLength(20), z.maxLength(200), z.regex(/^[A-Za-z0-9_-]+$/))
});
export type PairLink = z.infer<typeof PairLinkSchema>;

/** The link's server, event and token; null when the text is not a pairing link. */
export function parsePairLink(text: string): PairLink | null {
	return parsePairFragment(text, PairLinkSchema);
}

/**
 * The pairing link of a QR code: the server, the event and the token, in the fragment. The
 * organizer's screen makes it with the address it reaches the server by (what tablets on the
 * same network can open); the server's answer uses its own idea of its origin.
 */
export function pairUrl(server: string, eventId: string, token: string): string {
	return pairFragmentUrl(server, { event: eventId, token });
}
