import { createHash } from 'node:crypto';
import type { PhotoMeta } from '$lib/contract/photos';

/** Tests of photos: bytes that begin as a JPEG, a WebP or a PNG does (the server reads no further), and their hash. */

/** `size` bytes beginning as a JPEG, the rest from `seed` (different seeds, different photos). */
export function jpegBytes(size: number, seed = 1): Buffer {
	const bytes = Buffer.alloc(size);
	let x = seed * 2654435761 || 1;
	for (let i = 0; i < size; i++) {
		// xorshift: incompressible, as a photo's bytes are.
		x ^= x << 13;
		x ^= x >>> 17;
		x ^= x << 5;
		bytes[i] = x & 0xff;
	}
	bytes.set([0xff, 0xd8, 0xff, 0xe0]);
	return bytes;
}

export function webpBytes(size: number, seed = 1): Buffer {
	const bytes = jpegBytes(size, seed);
	bytes.write('RIFF', 0, 'ascii');
	bytes.writeUInt32LE(size - 8, 4);
	bytes.write('WEBP', 8, 'ascii');
	return bytes;
}

/** A PNG's bytes (what a file renamed .jpg still is). */
export function pngBytes(size: number, seed = 1): Buffer {
	const bytes = jpegBytes(size, seed);
	bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	return bytes;
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** What a photo of a tally of `entryId` says. */
export function tallyMeta(competitionId: string, heatId: string, entryId: string, takenAt: number): PhotoMeta {
	return { competitionId, heatId, entryId, subject: 'tally', takenAt, width: 1600, height: 1200 };
}
