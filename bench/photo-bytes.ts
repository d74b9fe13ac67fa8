import { randomBytes } from 'node:crypto';
import { chromium } from '@playwright/test';

/**
 * Photos for `npm run bench:photos`: one JPEG as a tablet makes it (PHOTO_MAX_EDGE on its long
 * edge, the quality lowered until it fits PHOTO_TARGET_BYTES), drawn by Chromium from a busy
 * picture (pieces of many colours with noise: a puzzle's photo compresses about as badly), and
 * any number of distinct copies of it: each with a comment segment of random bytes after the
 * start-of-image marker, so that each has its own SHA-256 and is still a valid JPEG.
 */
export async function benchJpeg(chromiumPath: string, maxEdge: number, targetBytes: number): Promise<Buffer> {
	const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
	try {
		const page = await browser.newPage();
		// tsx names the functions it compiles with a helper the page does not have.
		await page.evaluate('globalThis.__name ??= (f) => f');
		const base64 = await page.evaluate(
			async ({ maxEdge, targetBytes }) => {
				const w = maxEdge;
				const h = Math.round((maxEdge * 3) / 4);
				const canvas = new OffscreenCanvas(w, h);
				const g = canvas.getContext('2d')!;
				let seed = 7;
				const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
				for (let y = 0; y < h; y += 24)
					for (let x = 0; x < w; x += 24) {
						g.fillStyle = `hsl(${Math.floor(rand() * 360)} ${40 + Math.floor(rand() * 50)}% ${30 + Math.floor(rand() * 40)}%)`;
						g.fillRect(x, y, 22 + rand() * 6, 22 + rand() * 6);
					}
				const img = g.getImageData(0, 0, w, h);
				for (let i = 0; i < img.data.length; i += 4) {
					const n = (rand() - 0.5) * 40;
					for (let c = 0; c < 3; c++) img.data[i + c] = img.data[i + c]! + n;
				}
				g.putImageData(img, 0, 0);
				for (let q = 0.85; ; q -= 0.05) {
					const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: q });
					if (blob.size <= targetBytes || q <= 0.3) {
						const bytes = new Uint8Array(await blob.arrayBuffer());
						let s = '';
						for (const b of bytes) s += String.fromCharCode(b);
						return btoa(s);
					}
				}
			},
			{ maxEdge, targetBytes }
		);
		return Buffer.from(base64, 'base64');
	} finally {
		await browser.close();
	}
}

/** A distinct copy of `jpeg`: a COM segment of 16 random bytes right after SOI (FF D8). */
export function distinctJpeg(jpeg: Buffer): Buffer {
	const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x12]), randomBytes(16)]);
	return Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]);
}
