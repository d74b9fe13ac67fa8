import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { presetById } from '$lib/rules/presets';
import { DeviceLog } from '$lib/events/builder';
import { freePort, spawnServer, untilUp } from '../tests/server-spawn';
import { api, kb, mb, ms, quantile, startFloor, uploadFloor } from './photos-server';

/**
 * The tablet phase of `npm run bench:photos`: the station in Chromium with the CPU throttled
 * (BENCH_CPU_RATE, 4×) and a fake camera showing a busy picture (a Y4M video written here, a new
 * picture every second, so that each shot is a new photo), paired to a production server.
 * Another device's tallies are pushed through the API, so every seat's card offers its Photo.
 * The camera is opened on the first seat and the shutter tapped BENCH_TABLET_PHOTOS times:
 *
 *   stored   the shutter's pointerdown → the read-write IndexedDB transaction that holds the
 *            new photo committed (strict durability: on disk); read from the page's own
 *            IndexedDB log, installed before the app's scripts, the app unchanged;
 *   synced   → the answer to its PUT reached the page (Resource Timing's responseEnd);
 *   floors   the same video frame drawn at 1600 px, encoded once as JPEG and put bare into an
 *            IndexedDB of its own (strict), in the same page at the same throttle; for synced,
 *            that plus the same bytes sent bare to the floor server (bench/photos-floor-server.ts);
 *   storage  navigator.storage.estimate() before and after, per 100 photos, against the photos'
 *            own bytes.
 */

const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const SHOTS = Math.max(5, Number(process.env.BENCH_TABLET_PHOTOS ?? 20));
const SEATS = 4;
const W = 1920;
const H = 1440;
const GOAL_STORED = 2;
const GOAL_SYNCED = 2;
const GOAL_IDB_OVERHEAD = 1.5;

/** A Y4M video (4:2:0) of `frames` busy pictures, one a second: blocks of colour with noise. */
function writeBusyVideo(file: string, frames: number): void {
	const fd = openSync(file, 'w');
	writeSync(fd, `YUV4MPEG2 W${W} H${H} F1:1 Ip A1:1 C420jpeg\n`);
	for (let f = 0; f < frames; f++) {
		writeSync(fd, 'FRAME\n');
		const y = randomBytes(W * H);
		// Blocks of one brightness with noise around it (random bytes alone compress like nothing real).
		for (let by = 0; by < H; by += 16)
			for (let bx = 0; bx < W; bx += 16) {
				const base = 40 + ((bx * 7 + by * 13 + f * 101) % 170);
				for (let r = by; r < by + 16; r++) for (let c = bx; c < bx + 16; c++) y[r * W + c] = base + (y[r * W + c]! % 24);
			}
		writeSync(fd, y);
		const chroma = Buffer.alloc((W / 2) * (H / 2));
		for (let i = 0; i < chroma.length; i++) chroma[i] = 64 + ((Math.floor(i / 8) * 37 + f * 11) % 128);
		writeSync(fd, chroma);
		writeSync(fd, Buffer.from(chroma.reverse()));
	}
	closeSync(fd);
}

/**
 * Installed before the app's scripts: each read-write IndexedDB transaction with its stores and
 * the moment it committed; the moment of each pointerdown on the shutter; a large Resource Timing
 * buffer. The bench's instrumentation only.
 */
const INSTRUMENT = `(() => {
	const log = [];
	Object.defineProperty(globalThis, '__photoBench', { value: { log, shutters: [] } });
	const transaction = IDBDatabase.prototype.transaction;
	IDBDatabase.prototype.transaction = function (names, mode, options) {
		const tx = transaction.call(this, names, mode, options);
		if (mode === 'readwrite') {
			const rec = { db: this.name, stores: [...tx.objectStoreNames], created: performance.now(), complete: NaN };
			tx.addEventListener('complete', () => { rec.complete = performance.now(); });
			log.push(rec);
		}
		return tx;
	};
	addEventListener('pointerdown', (e) => {
		if (e.target instanceof Element && e.target.closest('[data-testid="photo-shutter"]')) globalThis.__photoBench.shutters.push(performance.now());
	}, true);
	performance.setResourceTimingBufferSize(100000);
})();`;

/** The photos' hashes and sizes in the tablet's IndexedDB. */
function storedPhotos(page: Page): Promise<{ hash: string; bytes: number; thumb: number; uploaded: number }[]> {
	return page.evaluate(
		() =>
			new Promise((resolve, reject) => {
				const open = indexedDB.open('puzzle-judge');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const get = open.result.transaction('photos', 'readonly').objectStore('photos').getAll();
					get.onsuccess = () => {
						open.result.close();
						resolve((get.result as { hash: string; bytes: number; thumbnail: ArrayBuffer; uploaded: number }[]).map((p) => ({ hash: p.hash, bytes: p.bytes, thumb: p.thumbnail.byteLength, uploaded: p.uploaded })));
					};
					get.onerror = () => reject(get.error);
				};
			})
	);
}

/** The floor of "stored" in the page: the preview's frame drawn at 1600 px, JPEG once, put bare (strict). */
async function storedFloor(page: Page, i: number): Promise<{ ms: number; bytes: number }> {
	return page.evaluate(async (i) => {
		const video = document.querySelector('dialog[open] [data-testid="photo-preview"]') as HTMLVideoElement;
		const started = performance.now();
		const w = 1600;
		const h = Math.round((video.videoHeight / video.videoWidth) * w);
		const canvas = new OffscreenCanvas(w, h);
		canvas.getContext('2d')!.drawImage(video, 0, 0, w, h);
		const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
		const bytes = await blob.arrayBuffer();
		const db = await new Promise<IDBDatabase>((ok, fail) => {
			const open = indexedDB.open('photo-bench-floor', 1);
			open.onupgradeneeded = () => open.result.createObjectStore('photos');
			open.onsuccess = () => ok(open.result);
			open.onerror = () => fail(open.error);
		});
		await new Promise<void>((ok, fail) => {
			const tx = db.transaction('photos', 'readwrite', { durability: 'strict' });
			tx.objectStore('photos').put(bytes, `floor-${i}`);
			tx.oncomplete = () => ok();
			tx.onerror = () => fail(tx.error);
		});
		db.close();
		return { ms: performance.now() - started, bytes: bytes.byteLength };
	}, i);
}

export async function tabletPhase(opts: { root: string; chromium: string; admin: string }): Promise<string[][]> {
	const rows: string[][] = [];
	const row = (measure: string, value: string, floor: string, ratio: number | null, goal: string, pass: boolean | null) =>
		rows.push([measure, value, floor, ratio === null ? '' : `${ratio.toFixed(2)} ×`, goal, pass === null ? '' : pass ? 'PASS' : 'MISS']);
	const dir = join(opts.root, 'tablet');
	mkdirSync(dir, { recursive: true });
	const video = join(dir, 'camera.y4m');
	writeBusyVideo(video, 12);
	const server = await untilUp(spawnServer(join(dir, 'data'), await freePort(), { ADMIN_KEY: opts.admin }));
	const floorDir = join(dir, 'floor');
	mkdirSync(floorDir);
	const floor = await startFloor(await freePort(), floorDir, video);
	const browser = await chromium.launch({
		executablePath: opts.chromium,
		args: ['--no-sandbox', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`]
	});
	try {
		const base = server.origin;
		const ruleset = presetById('czjpa-individual')!;
		const { eventId, token: organizer } = await api<{ eventId: string; token: string }>(base, 'POST', '/api/events', opts.admin, { event: { name: 'Photos bench, tablet', date: new Date().toISOString().slice(0, 10) } });
		const competitionId = 'tablet-c1';
		const heatId = 'tablet-h1';
		const entries = Array.from({ length: SEATS }, (_, s) => ({ id: `tablet-s${s + 1}`, competitionId, heatId, name: `Seat ${s + 1}`, members: [{ id: `tablet-s${s + 1}-m`, name: `Seat ${s + 1}`, country: 'CZ' }], table: '1', seat: String(s + 1) }));
		await api(base, 'POST', `/api/events/${eventId}/setup`, organizer, {
			rulesets: [ruleset],
			competitions: [{ id: competitionId, eventId, name: 'Individual', ruleset: { id: ruleset.id, version: ruleset.version } }],
			heats: [{ id: heatId, competitionId, name: 'Heat 1' }],
			entries
		});
		// Another tablet's heat, long over: every seat tallied, so every card offers a photo of it.
		const other = await api<{ token: string; device: { id: string } }>(base, 'POST', `/api/events/${eventId}/devices`, organizer, { role: 'judge', label: 'Table 1 B' });
		const log = new DeviceLog({ deviceId: `bench-other-${Date.now()}`, judge: 'Eva', competitionId, heatId });
		const start = Date.now() - ruleset.timeLimitMs - 10 * 60_000;
		log.start(start, entries.map((e) => e.id));
		for (const [i, e] of entries.entries()) log.tally(e.id, start + ruleset.timeLimitMs + 60_000 + i, [300 + i]);
		await api(base, 'POST', `/api/events/${eventId}/judge-events`, other.token, { events: log.events });
		const tablet = await api<{ pairUrl: string }>(base, 'POST', `/api/events/${eventId}/devices`, organizer, { role: 'judge', label: 'Table 1' });

		const context = await browser.newContext({ baseURL: base, permissions: ['camera'], viewport: { width: 1024, height: 768 } });
		await context.addInitScript(INSTRUMENT);
		const page = await context.newPage();
		await page.goto(tablet.pairUrl);
		await page.getByTestId('pair-done').waitFor();
		await page.evaluate(() => localStorage.setItem('puzzle-judge.judge', 'Jan'));
		await page.goto(`/station?competition=${competitionId}&heat=${heatId}&table=1`);
		const first = page.getByTestId('seat').filter({ has: page.getByRole('heading', { name: 'Seat 1' }) });
		await first.getByTestId('result').filter({ hasText: 'pieces counted' }).waitFor({ timeout: 60_000 });
		const cdp = await context.newCDPSession(page);
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
		const usageBefore = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

		await first.getByTestId('photo').click();
		const shutter = first.getByTestId('photo-shutter');
		await shutter.waitFor();
		await page.waitForFunction(() => !(document.querySelector('dialog[open] [data-testid="photo-shutter"]') as HTMLButtonElement | null)?.disabled, null, { timeout: 30_000 });
		const stored: number[] = [];
		const synced: number[] = [];
		const floorStored: number[] = [];
		const floorSent: number[] = [];
		const known = new Set<string>();
		let floorBytes = 0;
		for (let shot = 0; shot < SHOTS; shot++) {
			// A new picture each second: wait past the last one's second.
			await page.waitForTimeout(1100);
			const txBefore = await page.evaluate(() => (globalThis as unknown as { __photoBench: { log: unknown[] } }).__photoBench.log.length);
			await shutter.click();
			await page.waitForFunction(() => !(document.querySelector('dialog[open] [data-testid="photo-shutter"]') as HTMLButtonElement).disabled && !!document.querySelector('dialog[open] [data-testid="photo-count"]')?.textContent?.trim(), null, { timeout: 60_000 });
			const photos = await storedPhotos(page);
			const fresh = photos.filter((p) => !known.has(p.hash));
			for (const p of photos) known.add(p.hash);
			if (fresh.length !== 1) continue; // the same picture again: nothing new to time
			const hash = fresh[0]!.hash;
			const timing = await page.evaluate(
				({ txBefore }) => {
					const bench = (globalThis as unknown as { __photoBench: { log: { stores: string[]; complete: number }[]; shutters: number[] } }).__photoBench;
					const tx = bench.log.slice(txBefore).find((t) => t.stores.includes('photos') && t.stores.includes('photoBytes'));
					return { shutter: bench.shutters[bench.shutters.length - 1]!, stored: tx?.complete ?? NaN };
				},
				{ txBefore }
			);
			const sent = await page
				.waitForFunction(
					(hash) => {
						// The PUT's answer, a success (Chromium gives its status): the server holds the photo.
						const put = performance.getEntriesByType('resource').find((r) => r.name.includes(`/photos/${hash}?`)) as (PerformanceResourceTiming & { responseStatus?: number }) | undefined;
						if (put && put.responseEnd > 0 && !(put.responseStatus! >= 200 && put.responseStatus! < 300)) throw new Error(`the photo's PUT answered ${put.responseStatus}`);
						return put && put.responseEnd > 0 ? put.responseEnd : false;
					},
					hash,
					{ timeout: 60_000, polling: 50 }
				)
				.then((h) => h.jsonValue() as Promise<number>);
			stored.push(timing.stored - timing.shutter);
			synced.push(sent - timing.shutter);
			const f = await storedFloor(page, shot);
			floorStored.push(f.ms);
			floorBytes += f.bytes;
			floorSent.push(await uploadFloor(floor.base, randomBytes(fresh[0]!.bytes)));
		}
		const usageAfter = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
		const photos = await storedPhotos(page);
		const own = photos.reduce((a, p) => a + p.bytes + p.thumb, 0);
		const n = stored.length;
		const p50 = (xs: number[]) => quantile(xs, 0.5);
		const p95 = (xs: number[]) => quantile(xs, 0.95);
		const floorSynced = floorStored.map((x, i) => x + floorSent[i]!);
		console.log(`tablet: ${n} photos timed of ${SHOTS} shots at ${CPU_RATE}× CPU; ${photos.length} stored, avg ${kb(own / Math.max(1, photos.length))} with its thumbnail`);
		row(`shutter → stored, median (${CPU_RATE}×, ${n})`, ms(p50(stored)), ms(p50(floorStored)), p50(stored) / p50(floorStored), `≤ ${GOAL_STORED} × floor`, p50(stored) / p50(floorStored) <= GOAL_STORED);
		row(`shutter → stored, p95`, ms(p95(stored)), ms(p95(floorStored)), p95(stored) / p95(floorStored), '', null);
		row(`shutter → synced, median`, ms(p50(synced)), ms(p50(floorSynced)), p50(synced) / p50(floorSynced), `≤ ${GOAL_SYNCED} × floor`, p50(synced) / p50(floorSynced) <= GOAL_SYNCED);
		row(`shutter → synced, p95`, ms(p95(synced)), ms(p95(floorSynced)), p95(synced) / p95(floorSynced), '', null);
		// The floor's own puts are in the same origin's usage: taken out.
		const per100 = ((usageAfter - usageBefore - floorBytes) / Math.max(1, photos.length)) * 100;
		const own100 = (own / Math.max(1, photos.length)) * 100;
		row('IndexedDB per 100 photos', mb(per100), `${mb(own100)} (their bytes)`, per100 / own100, `≤ ${GOAL_IDB_OVERHEAD} ×`, per100 / own100 <= GOAL_IDB_OVERHEAD);
		await context.close();
	} finally {
		await browser.close();
		floor.child.kill();
		await server.stop();
	}
	return rows;
}
