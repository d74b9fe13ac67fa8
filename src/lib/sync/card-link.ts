import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';
import { CardSecretSchema } from './contract/table-cards';

/**
 * The link of a table card's QR code (src/lib/server/table-cards.ts):
 * `{origin}/pair#server={origin}&event={eventId}&card={secret}`. Like a pairing link, the secret
 * travels in the fragment, which browsers never send to a server.
 */
export const CardLinkSchema = z.object({
	server: z.url({ protocol: /^https?$/, error: 'the server address must start with https:// or http://' }),
	event: IdSchema,
	card: CardSecretSchema
});
export type CardLink = z.infer<typeof CardLinkSchema>;

export function cardUrl(server: string, eventId: string, secret: string): string {
	const origin = server.replace(/\/+$/, '');
	return `${origin}/pair#${new URLSearchParams({ server: origin, event: eventId, card: secret })}`;
}

/** The card link's server, event and secret; null when the text is not a card link. */
export function parseCardLink(text: string): CardLink | null {
	let url: URL;
	try {
		url = new URL(text.trim());
	} catch {
		return null;
	}
	if (!url.pathname.endsWith('/pair')) return null;
	const link = CardLinkSchema.safeParse(Object.fromEntries(new URLSearchParams(url.hash.replace(/^#/, ''))));
	return link.success ? { ...link.data, server: link.data.server.replace(/\/+$/, '') } : null;
}
