// Renders the app icons in static/icons/ from static/favicon.svg with Debian's Chromium
// (no network, no image library). Run after changing the favicon, and commit the PNGs:
//
//     npx tsx scripts/make-icons.ts
//
// Not imported by the app.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = new URL('../', import.meta.url);
const favicon = readFileSync(new URL('static/favicon.svg', root), 'utf8');
const out = (name: string) => fileURLToPath(new URL(`static/icons/${name}`, root));

/** The glyph of the favicon (its white path) on a full-bleed square, scaled into the safe zone
 * of maskable icons (a centred circle of 80 % of the size). */
function maskableSvg(): string {
	const path = /<path[^>]*\/>/.exec(favicon)?.[0];
	const fill = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
	if (!path || !fill) throw new Error('static/favicon.svg: expected a <rect fill> and a <path>');
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
		`<rect width="64" height="64" fill="${fill}"/>` +
		`<g transform="translate(32 32) scale(0.8) translate(-32 -32)">${path}</g></svg>\n`
	);
}

const maskable = maskableSvg();

const icons: { name: string; svg: string; size: number; transparent: boolean }[] = [
	{ name: 'icon-192.png', svg: favicon, size: 192, transparent: true },
	{ name: 'icon-512.png', svg: favicon, size: 512, transparent: true },
	{ name: 'maskable-512.png', svg: maskable, size: 512, transparent: false },
	// iOS ignores the manifest icons and rounds the corners itself: a full-bleed square.
	{ name: 'apple-touch-icon-180.png', svg: maskable, size: 180, transparent: false }
];

const browser = await chromium.launch({
	executablePath: '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking']
});
try {
	for (const icon of icons) {
		const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
		const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
		await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
		await page.screenshot({ path: out(icon.name), omitBackground: icon.transparent });
		await page.close();
		console.log(`static/icons/${icon.name} (${icon.size}×${icon.size})`);
	}
} finally {
	await browser.close();
}
