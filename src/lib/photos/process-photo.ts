import type { PhotoMediaType } from '$lib/contract/photos';
import { photoHash } from './photo-hash';
import { compressPhoto, fitWithin, THUMBNAIL_EDGE, THUMBNAIL_QUALITY, type Size } from './photo-size';

/**
 * A picture from the camera (a video frame) or the file picker made into the photo the tablet
 * keeps: resized and compressed on a canvas (an OffscreenCanvas where the browser has one),
 * named by the SHA-256 of its final bytes, with the seat card's small thumbnail. Browser-only;
 * the steps it takes are ./photo-size.ts, unit-tested.
 */
export interface ProcessedPhoto {
	hash: string;
	blob: Blob;
	mediaType: PhotoMediaType;
	width: number;
	height: number;
	/** A small JPEG for the seat card and the relay puzzle. */
	thumbnail: Blob;
}

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(size: Size): AnyCanvas {
	if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(size.width, size.height);
	const canvas = document.createElement('canvas');
	canvas.width = size.width;
	canvas.height = size.height;
	return canvas;
}

/** The canvas's picture as a blob of `type` (a browser that cannot encode it answers with another type, often PNG). */
function blobOf(canvas: AnyCanvas, type: string, quality: number): Promise<Blob | null> {
	if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
	return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Draws the source at `size` on a fresh canvas. */
function draw(source: CanvasImageSource, size: Size): AnyCanvas {
	const canvas = canvasOf(size);
	const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
	if (!context) throw new Error('this browser has no 2D canvas');
	context.imageSmoothingQuality = 'high';
	context.drawImage(source, 0, 0, size.width, size.height);
	return canvas;
}

/** The pixel size of what the camera or the file gave. */
function sourceSize(source: ImageBitmap | HTMLVideoElement): Size {
	return 'videoWidth' in source ? { width: source.videoWidth, height: source.videoHeight } : { width: source.width, height: source.height };
}

/** The photo of a video frame (the shutter) or of a picked file (the fallback; its EXIF orientation applied). */
export async function processPhoto(input: HTMLVideoElement | Blob): Promise<ProcessedPhoto> {
	const source = input instanceof Blob ? await createImageBitmap(input, { imageOrientation: 'from-image' }) : input;
	try {
		const original = sourceSize(source);
		if (!original.width || !original.height) throw new Error('the camera gave no picture yet');
		// One drawing per size: the quality steps re-encode the same canvas.
		const drawn = new Map<string, AnyCanvas>();
		const canvasAt = (size: Size) => {
			const key = `${size.width}x${size.height}`;
			if (!drawn.has(key)) drawn.set(key, draw(source, size));
			return drawn.get(key)!;
		};
		const photo = await compressPhoto(original, (size, type, quality) => blobOf(canvasAt(size), type, quality));
		const thumbnail = await blobOf(draw(source, fitWithin(original, THUMBNAIL_EDGE)), 'image/jpeg', THUMBNAIL_QUALITY);
		if (!thumbnail) throw new Error('this browser cannot encode JPEG');
		return {
			hash: await photoHash(await photo.blob.arrayBuffer()),
			blob: photo.blob,
			mediaType: photo.mediaType,
			width: photo.size.width,
			height: photo.size.height,
			thumbnail
		};
	} finally {
		if (source instanceof ImageBitmap) source.close();
	}
}
