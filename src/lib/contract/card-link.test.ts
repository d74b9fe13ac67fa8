import { describe, expect, it } from 'vitest';
import { cardUrl, parseCardLink } from './card-link';
import { parsePairLink } from './pair-link';

const secret = 'a'.repeat(43);

describe("a table card's link", () => {
	it('round-trips its server, event and secret, in the fragment', () => {
		const link = cardUrl('http://10.0.0.2:3000/', 'ev-1', secret);
		expect(new URL(link).hash).toContain('card=');
		expect(new URL(link).search).toBe('');
		expect(parseCardLink(link)).toEqual({ server: 'http://10.0.0.2:3000', event: 'ev-1', card: secret });
	});

	it('is not a pairing link, and a pairing link is not a card link', () => {
		expect(parsePairLink(cardUrl('http://x', 'ev-1', secret))).toBeNull();
		expect(parseCardLink(`http://x/pair#server=http://x&event=ev-1&token=${secret}`)).toBeNull();
	});

	it('refuses text that is not one', () => {
		for (const text of ['nonsense', 'http://x/other#server=http://x&event=e&card=' + secret, 'http://x/pair#server=http://x&event=e&card=short']) expect(parseCardLink(text)).toBeNull();
	});
});
