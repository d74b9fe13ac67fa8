/**
 * The short pairing code as a person types it on the tablet (the server's side is
 * src/lib/server/pairing.ts): 8 characters from an alphabet without look-alikes, shown as
 * `K7P2-QX9M`, case-insensitive. Kept free of server imports so the pairing page can use it.
 */

/** The same alphabet as the server's CODE_ALPHABET (a unit test keeps them equal). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 8;

/**
 * What the code field shows while typing: upper case, letters and digits only, a dash after the
 * fourth character, at most 8 characters. Characters outside the alphabet (0, O, 1, I, L) are
 * kept so that `codeProblem` can say what is wrong with them.
 */
export function formatCodeInput(typed: string): string {
	const chars = typed
		.toUpperCase()
		.replace(/[^A-Z0-9]/g, '')
		.slice(0, CODE_LENGTH);
	return chars.length > 4 ? `${chars.slice(0, 4)}-${chars.slice(4)}` : chars;
}

export type CodeProblem = 'empty' | 'short' | 'look-alike';

/** Why a typed code cannot be sent yet, or null when it is complete (8 characters of the alphabet). */
export function codeProblem(typed: string): CodeProblem | null {
	const chars = formatCodeInput(typed).replace('-', '');
	if (chars.length === 0) return 'empty';
	for (const ch of chars) if (!CODE_ALPHABET.includes(ch)) return 'look-alike';
	if (chars.length < CODE_LENGTH) return 'short';
	return null;
}

/**
 * The server address typed on the pairing page: an http(s) URL, returned as its origin
 * (no path, no trailing slash); null when it is not one. A bare host ("judge.example:3000")
 * is read as https.
 */
export function normalizeServer(typed: string): string | null {
	const text = typed.trim();
	if (!text) return null;
	let url: URL;
	try {
		url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
	} catch {
		return null;
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
	if (!url.hostname || url.username || url.password) return null;
	return url.origin;
}
