import { z } from 'zod/mini';
import '$lib/zod-locale';

/**
 * The links a QR code holds to bring a tablet to a server: `{origin}/pair#server={origin}&…`,
 * a pairing link's token or a table card's secret in the fragment, which browsers never send
 * to a server (pair-link.ts, card-link.ts).
 */
export const ServerUrlSchema = z.url({ protocol: /^https?$/, error: 'the server address must start with https:// or http://' });

const withoutTrailingSlash = (server: string) => server.replace(/\/+$/, '');

/** `{origin}/pair#server={origin}&…params`. */
export function pairFragmentUrl(server: string, params: Record<string, string>): string {
	const origin = withoutTrailingSlash(server);
	return `${origin}/pair#${new URLSearchParams({ server: origin, ...params })}`;
}

/** The fragment of a /pair link read with `schema`; null when the text is not such a link. */
export function parsePairFragment<T extends { server: string }>(text: string, schema: z.ZodMiniType<T>): T | null {
	let url: URL;
	try {
		url = new URL(text.trim());
	} catch {
		return null;
	}
	if (!url.pathname.endsWith('/pair')) return null;
	const link = schema.safeParse(Object.fromEntries(new URLSearchParams(url.hash.replace(/^#/, ''))));
	return link.success ? { ...link.data, server: withoutTrailingSlash(link.data.server) } : null;
}
