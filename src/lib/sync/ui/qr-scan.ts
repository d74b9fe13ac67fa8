/**
 * Reading QR codes from the tablet's camera: the camera (getUserMedia, the back camera when
 * there is one), a decoder (the browser's BarcodeDetector when it reads 'qr_code', else jsQR on
 * canvas frames, loaded only when needed) and the loop that tries a few frames per second.
 * Browser-only; the parts without a DOM (the loop, jsQR on pixels) are unit-tested. The camera's
 * problems and opening are shared with the evidence photos (device/camera.ts).
 */
import { openCamera } from '$lib/device/camera';

/** Opens the camera for reading codes: the back one, at a size a code reads well at (device/camera.ts). */
export function openScanCamera(mediaDevices: MediaDevices): Promise<MediaStream> {
	return openCamera(mediaDevices, { width: 1280, height: 720 });
}

export type DecoderKind = 'barcode-detector' | 'jsqr';

export interface QrDecoder {
	kind: DecoderKind;
	/** The text of a QR code in the video's current frame, or null. */
	decode(video: HTMLVideoElement): Promise<string | null>;
}

interface BarcodeDetectorLike {
	detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
	new (options: { formats: string[] }): BarcodeDetectorLike;
	getSupportedFormats?(): Promise<string[]>;
}

/** The browser's BarcodeDetector when it exists and reads QR codes, else null. */
async function barcodeDetector(): Promise<QrDecoder | null> {
	const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
	if (typeof Detector !== 'function') return null;
	try {
		const formats = (await Detector.getSupportedFormats?.()) ?? [];
		if (!formats.includes('qr_code')) return null;
		const detector = new Detector({ formats: ['qr_code'] });
		return {
			kind: 'barcode-detector',
			async decode(video) {
				const found = await detector.detect(video);
				return found[0]?.rawValue ?? null;
			}
		};
	} catch {
		return null;
	}
}

/** jsQR on the pixels of one frame (RGBA): the code's text, or null. */
export type PixelDecoder = (data: Uint8ClampedArray, width: number, height: number) => string | null;

/** Loads jsQR (its own chunk: only this page pays for it). */
export async function loadJsQr(): Promise<PixelDecoder> {
	const jsQR = (await import('jsqr')).default;
	return (data, width, height) => jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** Frames are scaled down to at most this many pixels on the longer side before jsQR reads them. */
const MAX_SIDE = 800;

async function jsQrDecoder(): Promise<QrDecoder> {
	const read = await loadJsQr();
	const canvas = document.createElement('canvas');
	const context = canvas.getContext('2d', { willReadFrequently: true });
	return {
		kind: 'jsqr',
		async decode(video) {
			const w = video.videoWidth;
			const h = video.videoHeight;
			if (!context || !w || !h) return null;
			const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
			canvas.width = Math.round(w * scale);
			canvas.height = Math.round(h * scale);
			context.drawImage(video, 0, 0, canvas.width, canvas.height);
			const image = context.getImageData(0, 0, canvas.width, canvas.height);
			return read(image.data, image.width, image.height);
		}
	};
}

/** The best decoder this browser has: BarcodeDetector for 'qr_code', else jsQR. */
export async function createDecoder(): Promise<QrDecoder> {
	return (await barcodeDetector()) ?? (await jsQrDecoder());
}

export interface ScanLoopOptions {
	/** One frame's text, or null (errors count as null). */
	decode(): Promise<string | null>;
	/** A code was read; return true to stop scanning (accepted), false to go on. */
	onText(text: string): boolean | Promise<boolean>;
	/** Milliseconds between tries (default 200: five frames a second). */
	intervalMs?: number;
	setTimeout?: (callback: () => void, ms: number) => unknown;
	clearTimeout?: (handle: unknown) => void;
}

/**
 * Tries a frame every `intervalMs` until `onText` accepts a text or `stop()` is called. The
 * same text read again and again (a wrong code held in front of the camera) is passed on once.
 */
export function scanLoop(options: ScanLoopOptions): { stop(): void; readonly done: Promise<string | null> } {
	const set = options.setTimeout ?? ((cb, ms) => globalThis.setTimeout(cb, ms));
	const clear = options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>));
	const interval = options.intervalMs ?? 200;
	let stopped = false;
	let timer: unknown = null;
	let last: string | null = null;
	let finish: (text: string | null) => void = () => {};
	const done = new Promise<string | null>((resolve) => (finish = resolve));

	async function tick() {
		timer = null;
		if (stopped) return;
		let text: string | null = null;
		try {
			text = await options.decode();
		} catch {
			text = null;
		}
		if (stopped) return;
		if (text !== null && text !== last) {
			last = text;
			if (await options.onText(text)) {
				stopped = true;
				finish(text);
				return;
			}
		}
		if (!stopped) timer = set(() => void tick(), interval);
	}
	timer = set(() => void tick(), 0);

	return {
		stop() {
			if (stopped) return;
			stopped = true;
			if (timer !== null) clear(timer);
			finish(null);
		},
		done
	};
}
