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
