import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import QRCode from 'qrcode';

/**
 * Writes a Y4M video (YUV4MPEG2, 4:2:0) that shows `text` as a QR code, for Chromium's fake
 * camera (`--use-file-for-fake-video-capture`): black modules (Y 16) on white (Y 235) with a
 * quiet zone of 4 modules, the code about `codePx` wide, centred; grey chroma (128).
 */
export function writeQrY4m(file: string, text: string, { width = 640, height = 480, codePx = 400, frames = 10 } = {}): { modules: number; scale: number } {
	const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
	const scale = Math.max(1, Math.floor(codePx / modules.size));
	const quiet = 4 * scale;
	const side = modules.size * scale + 2 * quiet;
	if (side > Math.min(width, height)) throw new Error(`a ${modules.size}-module code at ${scale} px does not fit ${width}×${height}`);
	const left = Math.floor((width - modules.size * scale) / 2);
	const top = Math.floor((height - modules.size * scale) / 2);

	const y = Buffer.alloc(width * height, 235);
	for (let my = 0; my < modules.size; my++)
		for (let mx = 0; mx < modules.size; mx++) {
			if (!modules.get(my, mx)) continue;
			for (let dy = 0; dy < scale; dy++) y.fill(16, (top + my * scale + dy) * width + left + mx * scale, (top + my * scale + dy) * width + left + (mx + 1) * scale);
		}
	const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
	const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
	const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
	return { modules: modules.size, scale };
}
