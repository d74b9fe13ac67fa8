import { sha256Fallback } from './sha256-fallback';

/**
 * A photo's ID: the SHA-256 of its bytes, lower-case hex (PhotoHashSchema). The browser's own
 * digest where it offers one; a page served over plain http has no crypto.subtle (a secure
 * context only), yet may still take a photo with the file picker: then the small fallback.
 */
export async function photoHash(bytes: ArrayBuffer): Promise<string> {
	const subtle = globalThis.crypto?.subtle;
	const digest = subtle ? new Uint8Array(await subtle.digest('SHA-256', bytes)) : sha256Fallback(new Uint8Array(bytes));
	return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}
