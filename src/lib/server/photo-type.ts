import type { PhotoMediaType } from '$lib/contract/photos';

/**
 * What an uploaded photo is, told by its first bytes (its "magic number"), never by a file name
 * or a Content-Type header, which say whatever the sender wrote: a PNG renamed `.jpg` is still a
 * PNG. The server keeps JPEG and WebP only (PHOTO_MEDIA_TYPES); anything else is refused saying
 * what it is when that can be told.
 */
export type PhotoType = { ok: true; mediaType: PhotoMediaType } | { ok: false; what: string };

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

/** Other kinds a camera, a phone or a mistaken upload may send, by their first bytes: named in the refusal. */
const OTHERS: readonly { what: string; is: (b: Uint8Array) => boolean }[] = [
	{ what: 'a PNG image', is: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
	{ what: 'a GIF image', is: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
	{ what: 'a PDF document', is: (b) => ascii(b, 0, 5) === '%PDF-' },
	{ what: 'a BMP image', is: (b) => ascii(b, 0, 2) === 'BM' && b.length >= 26 },
	{ what: 'a TIFF image', is: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]) },
	// ISO base media files: the brand after "ftyp" says which.
	{ what: 'a HEIC image', is: (b) => ascii(b, 4, 8) === 'ftyp' && ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(ascii(b, 8, 12)) },
	{ what: 'an AVIF image', is: (b) => ascii(b, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(b, 8, 12)) },
	{ what: 'a video', is: (b) => ascii(b, 4, 8) === 'ftyp' },
	{ what: 'a ZIP archive', is: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) },
	{ what: 'an SVG or XML document', is: (b) => /^\s*(<\?xml|<svg)/i.test(ascii(b, 0, Math.min(b.length, 64))) },
	{ what: 'a JSON document', is: (b) => /^\s*[{[]/.test(ascii(b, 0, Math.min(b.length, 16))) }
];

export function photoTypeOf(bytes: Uint8Array): PhotoType {
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ok: true, mediaType: 'image/jpeg' };
	if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { ok: true, mediaType: 'image/webp' };
	if (bytes.length === 0) return { ok: false, what: 'empty' };
	return { ok: false, what: OTHERS.find((o) => o.is(bytes))?.what ?? 'not an image this server recognises' };
}

/** The 415 message of a refused photo. */
export function refusedTypeMessage(what: string): string {
	return what === 'empty' ? 'the photo is empty: send the image bytes as the body' : `the photo is ${what}: only JPEG or WebP photos are kept`;
}
