import { describe, expect, it } from 'vitest';
import { photoHash } from './photo-hash';
import { sha256Fallback } from './sha256-fallback';

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

describe("a photo's hash", () => {
	it('is the SHA-256 of its bytes, lower-case hex', async () => {
		expect(await photoHash(new TextEncoder().encode('abc').buffer as ArrayBuffer)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
		expect(await photoHash(new ArrayBuffer(0))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
	});

	it('is the same without crypto.subtle (a page over plain http), across block edges', async () => {
		for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 70_001]) {
			const bytes = new Uint8Array(length).map((_, i) => (i * 31 + length) & 0xff);
			const browser = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
			expect(hex(sha256Fallback(bytes)), `${length} bytes`).toBe(hex(browser));
		}
	});
});
