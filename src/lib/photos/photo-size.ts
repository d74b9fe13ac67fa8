import { PHOTO_MAX_EDGE, PHOTO_TARGET_BYTES, type PhotoMediaType } from '$lib/contract/photos';

/**
 * How big a photo is kept (issue 33): its longer edge at most PHOTO_MAX_EDGE, its bytes at most
 * PHOTO_TARGET_BYTES, in the smaller of the formats the browser encodes. Pure: the encoder is
 * passed in (the canvas in the browser, a fake in the tests).
 */

/** The edge of the seat card's thumbnail, px. */
export const THUMBNAIL_EDGE = 160;
export const THUMBNAIL_QUALITY = 0.7;

/** The qualities tried, best first: each step costs one encode, so few and far apart. */
export const QUALITY_STEPS = [0.85, 0.72, 0.6, 0.48, 0.36] as const;
/** When even the lowest quality is too big (an odd camera's noise), the picture shrinks by this much and tries again. */
export const SHRINK_STEP = 0.8;
/** …but never below this long edge, px: a photo too small to count pieces is worth less than a large one. */
export const MIN_EDGE = 640;

export interface Size {
	width: number;
	height: number;
}

/** `size` scaled down (never up) so that its longer edge is at most `maxEdge`, rounded to whole pixels, at least 1. */
export function fitWithin(size: Size, maxEdge: number): Size {
	const scale = Math.min(1, maxEdge / Math.max(size.width, size.height));
	return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/** Encodes the picture at a size in a format at a quality; null when the browser cannot encode that format. */
export type Encoder = (size: Size, type: PhotoMediaType, quality: number) => Promise<Blob | null>;

export interface Compressed {
	blob: Blob;
	mediaType: PhotoMediaType;
	size: Size;
	quality: number;
	/** How many encodes it took (what it cost). */
	encodes: number;
}

/**
 * The photo as stored: fitted within `maxEdge`; the format the first quality step measures
 * smaller (WebP only where the browser encodes it: a canvas that cannot answers with another
 * type, taken as "cannot"); then the quality lowered step by step until the bytes are within
 * `target`, and the size shrunk when no quality is enough. The last try is kept if nothing fits
 * (the server takes up to MAX_PHOTO_BYTES).
 */
export async function compressPhoto(source: Size, encode: Encoder, options: { maxEdge?: number; target?: number; formats?: readonly PhotoMediaType[] } = {}): Promise<Compressed> {
	const target = options.target ?? PHOTO_TARGET_BYTES;
	const formats = options.formats ?? ['image/jpeg', 'image/webp'];
	let size = fitWithin(source, options.maxEdge ?? PHOTO_MAX_EDGE);
	let encodes = 0;
	const tryOne = async (type: PhotoMediaType, quality: number): Promise<Compressed | null> => {
		encodes++;
		const blob = await encode(size, type, quality);
		return blob && blob.type === type ? { blob, mediaType: type, size, quality, encodes } : null;
	};

	// The first step in every format: the smaller one is the format from here on.
	let best: Compressed | null = null;
	for (const type of formats) {
		const got = await tryOne(type, QUALITY_STEPS[0]);
		if (got && (!best || got.blob.size < best.blob.size)) best = got;
	}
	if (!best) throw new Error('this browser encodes neither JPEG nor WebP');
	const type = best.mediaType;
	let current = best;
	for (;;) {
		for (const quality of QUALITY_STEPS.slice(1)) {
			if (current.blob.size <= target) return { ...current, encodes };
			current = (await tryOne(type, quality)) ?? current;
		}
		if (current.blob.size <= target) return { ...current, encodes };
		const smaller = fitWithin(size, Math.floor(Math.max(size.width, size.height) * SHRINK_STEP));
		if (Math.max(smaller.width, smaller.height) < MIN_EDGE) return { ...current, encodes };
		size = smaller;
		current = (await tryOne(type, QUALITY_STEPS[0])) ?? current;
	}
}
