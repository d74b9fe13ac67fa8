import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { pairUrl } from '$lib/contract/pair-link';
import { ManualTimers } from '$lib/sync/client/fake-server.testkit';
import { loadJsQr, scanLoop } from './qr-scan';

/** A QR code as RGBA pixels: black modules on white, a quiet zone of 4 modules, `scale` px each. */
function qrPixels(text: string, scale = 6): { data: Uint8ClampedArray; size: number } {
	const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
	const size = (modules.size + 8) * scale;
	const data = new Uint8ClampedArray(size * size * 4).fill(255);
	for (let y = 0; y < size; y++)
		for (let x = 0; x < size; x++) {
			const mx = Math.floor(x / scale) - 4;
			const my = Math.floor(y / scale) - 4;
			if (mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx)) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
		}
	return { data, size };
}

describe('jsQR on a frame', () => {
	it('reads a pairing link, and nothing from a blank frame', async () => {
		const read = await loadJsQr();
		const link = pairUrl('http://127.0.0.1:4500', 'spring-cup', 'q3Vx0fJ9mN2pL8sT4wY6zA1bC5dE7gH9iK0lM2nO4pQ');
		const { data, size } = qrPixels(link);
		expect(read(data, size, size)).toBe(link);
		expect(read(new Uint8ClampedArray(size * size * 4).fill(255), size, size)).toBeNull();
	});
});

describe('the scan loop', () => {
	it('tries frames at its pace, passes each new text once, and stops when one is accepted', async () => {
		const timers = new ManualTimers();
		const frames = [null, 'hello', 'hello', 'hello', null, 'https://x/pair#ok', 'never read'];
		const seen: string[] = [];
		let decoded = 0;
		const loop = scanLoop({
			decode: async () => frames[decoded++] ?? null,
			onText: (text) => {
				seen.push(text);
				return text.includes('/pair');
			},
			intervalMs: 250,
			setTimeout: timers.setTimeout,
			clearTimeout: timers.clearTimeout
		});
		for (let i = 0; i < 10 && timers.fireNext(); i++) await new Promise((r) => setTimeout(r, 0));
		expect(await loop.done).toBe('https://x/pair#ok');
		expect(seen).toEqual(['hello', 'https://x/pair#ok']);
		expect(decoded).toBe(6);
		expect(timers.pending.size).toBe(0);
	});

	it('stops on demand, and survives a decoder that throws', async () => {
		const timers = new ManualTimers();
		let calls = 0;
		const loop = scanLoop({
			decode: async () => {
				calls++;
				throw new Error('frame not ready');
			},
			onText: () => true,
			setTimeout: timers.setTimeout,
			clearTimeout: timers.clearTimeout
		});
		timers.fireNext();
		await new Promise((r) => setTimeout(r, 0));
		timers.fireNext();
		await new Promise((r) => setTimeout(r, 0));
		expect(calls).toBe(2);
		expect(timers.delays()).toEqual([200]);
		loop.stop();
		expect(await loop.done).toBeNull();
		expect(timers.pending.size).toBe(0);
	});
});
