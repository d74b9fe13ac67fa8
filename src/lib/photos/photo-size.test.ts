import { describe, expect, it } from 'vitest';
import { PHOTO_TARGET_BYTES, type PhotoMediaType } from '$lib/contract/photos';
import { compressPhoto, fitWithin, MIN_EDGE, QUALITY_STEPS, type Encoder, type Size } from './photo-size';

/** A fake encoder: bytes grow with the pixels and the quality; WebP `webpRatio` times JPEG's; `webp: false` answers PNG as a canvas does. */
function fakeEncoder(opts: { bytesPerPixel: number; webpRatio?: number; webp?: boolean }) {
	const calls: { size: Size; type: PhotoMediaType; quality: number }[] = [];
	const encode: Encoder = async (size, type, quality) => {
		calls.push({ size, type, quality });
		const webp = type === 'image/webp';
		if (webp && opts.webp === false) return { size: 10, type: 'image/png' } as Blob;
		const bytes = Math.round(size.width * size.height * opts.bytesPerPixel * quality * (webp ? (opts.webpRatio ?? 1) : 1));
		// Only the size and type are read: no bytes to allocate.
		return { size: bytes, type } as Blob;
	};
	return { encode, calls };
}

describe('fitWithin', () => {
	it('scales the longer edge down to the limit, never up', () => {
		expect(fitWithin({ width: 4032, height: 3024 }, 1600)).toEqual({ width: 1600, height: 1200 });
		expect(fitWithin({ width: 3024, height: 4032 }, 1600)).toEqual({ width: 1200, height: 1600 });
		expect(fitWithin({ width: 640, height: 480 }, 1600)).toEqual({ width: 640, height: 480 });
		expect(fitWithin({ width: 10_000, height: 1 }, 160)).toEqual({ width: 160, height: 1 });
	});
});

describe('compressPhoto', () => {
	it('keeps the first quality when it fits, in the smaller format', async () => {
		const { encode, calls } = fakeEncoder({ bytesPerPixel: 0.1, webpRatio: 0.7 });
		const got = await compressPhoto({ width: 4000, height: 3000 }, encode);
		expect(got.size).toEqual({ width: 1600, height: 1200 });
		expect(got.mediaType).toBe('image/webp');
		expect(got.quality).toBe(QUALITY_STEPS[0]);
		expect(calls.map((c) => c.type)).toEqual(['image/jpeg', 'image/webp']);
		expect(got.blob.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
	});

	it('stays with JPEG where WebP is larger or not encoded at all', async () => {
		expect((await compressPhoto({ width: 1600, height: 1200 }, fakeEncoder({ bytesPerPixel: 0.1, webpRatio: 1.2 }).encode)).mediaType).toBe('image/jpeg');
		expect((await compressPhoto({ width: 1600, height: 1200 }, fakeEncoder({ bytesPerPixel: 0.1, webp: false }).encode)).mediaType).toBe('image/jpeg');
	});

	it('lowers the quality step by step until the bytes fit, in the chosen format only', async () => {
		// 1600×1200 at 0.85 → 604 kB, 0.72 → 511 kB, 0.6 → 426 kB, 0.48 → 341 kB (the target: 410 kB).
		const { encode, calls } = fakeEncoder({ bytesPerPixel: 0.37, webp: false });
		const got = await compressPhoto({ width: 1600, height: 1200 }, encode);
		expect(got.quality).toBe(0.48);
		expect(got.blob.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
		expect(calls.slice(2).map((c) => [c.type, c.quality])).toEqual([
			['image/jpeg', 0.72],
			['image/jpeg', 0.6],
			['image/jpeg', 0.48]
		]);
		expect(got.encodes).toBe(calls.length);
	});

	it('shrinks the picture when no quality is enough, never below the smallest edge', async () => {
		const shrinks = await compressPhoto({ width: 1600, height: 1200 }, fakeEncoder({ bytesPerPixel: 1.2, webp: false }).encode);
		expect(shrinks.size.width).toBeLessThan(1600);
		expect(shrinks.blob.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
		// Hopeless noise: the last try is kept at the smallest size allowed.
		const hopeless = await compressPhoto({ width: 1600, height: 1200 }, fakeEncoder({ bytesPerPixel: 100, webp: false }).encode);
		expect(hopeless.blob.size).toBeGreaterThan(PHOTO_TARGET_BYTES);
		expect(Math.max(hopeless.size.width, hopeless.size.height)).toBeGreaterThanOrEqual(MIN_EDGE);
	});

	it('refuses a browser that encodes neither format', async () => {
		await expect(compressPhoto({ width: 10, height: 10 }, async () => null)).rejects.toThrow(/neither/);
	});
});
