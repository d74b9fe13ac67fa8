import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';

/**
 * The pairing link a QR code holds (src/lib/server/devices.ts pairUrl):
 * `{origin}/pair#server={origin}&event={eventId}&token={token}`. The token travels in the
 * fragment, which browsers never send to a server.
 */
export const PairLinkSchema = z.object({
	server: z.url({ protocol: /^https?$/, error: 'the server address must start with https:// or http://' }),
	event: IdSchema,
	token: z.string().check(z.minLength(20), z.maxLength(200), z.regex(/^[A-Za-z0-9_-]+$/))
});
export type PairLink = z.infer<typeof PairLinkSchema>;

/** The link's server, event and token; null when the text is not a pairing link. */
export function parsePairLink(text: string): PairLink | null {
	let url: URL;
	try {
		url = new URL(text.trim());
	} catch {
		return null;
	}
	if (!url.pathname.endsWith('/pair')) return null;
	const params = Object.fromEntries(new URLSearchParams(url.hash.replace(/^#/, '')));
	const link = PairLinkSchema.safeParse(params);
	return link.success ? { ...link.data, server: link.data.server.replace(/\/+$/, '') } : null;
}

/**
 * The pairing link of a QR code: the server, the event and the token, in the fragment. The
 * organizer's screen makes it with the address it reaches the server by (what tablets on the
 * same network can open); the server's answer uses its own idea of its origin.
 */
export function pairUrl(server: string, eventId: string, token: string): string {
	const origin = server.replace(/\/+$/, '');
	const params = new URLSearchParams({ server: origin, event: eventId, token });
	return `${origin}/pair#${params}`;
}
