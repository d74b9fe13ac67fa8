/**
 * Photos benchmark (issue 33): `npm run bench:photos` (needs `npm run build` first; Debian's
 * Chromium at /usr/bin/chromium). A benchmark, not a test: goals are printed with PASS/MISS,
 * never asserted. See bench/README.md ("Photos benchmark").
 *
 * Phases (BENCH_PHASES, default all of them, in this order):
 *
 *   tablet   the station in Chromium at 4× CPU throttle with a fake camera (bench/photos-tablet.ts):
 *            the shutter tap → the photo stored (its IndexedDB transaction committed) → synced
 *            (the server holds it); floors in the same page: the same frame drawn, encoded and
 *            put bare into IndexedDB, and the same bytes sent bare to the floor server; and the
 *            IndexedDB bytes per 100 photos (navigator.storage.estimate).
 *   server   100 photos uploaded one after another as a tablet sends them (PUT …/photos/{hash}),
 *            against the floor server (bench/photos-floor-server.ts: read, hash, insert the BLOB
 *            into SQLite, nothing else), interleaved photo by photo; the store's bytes on disk per
 *            100 photos against the photos' own bytes; a second upload of each stores nothing.
 *   backup   the event brought to BENCH_BACKUP_PHOTOS (1,000) photos; its backup streamed to a file
 *            (time, size, the server's peak memory) against the floor server streaming a file of
 *            that size; restored into a fresh server (POST /api/restore, the file streamed as the
 *            body: time, peak memory) against the floor server swallowing the same body.
 *   scale    the server brought to BENCH_SCALE_PHOTOS (10,000) photos (4 uploads at a time): the
 *            upload time of the last 100 against the first 100, an entry's list, a photo's bytes,
 *            the store's size.
 *
 * Options (environment): BENCH_PHASES, BENCH_CPU_RATE (4), BENCH_TABLET_PHOTOS (20),
 * BENCH_BACKUP_PHOTOS (1000), BENCH_SCALE_PHOTOS (10000), BENCH_CHROMIUM (/usr/bin/chromium).
 */
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PHOTO_MAX_EDGE, PHOTO_TARGET_BYTES } from '$lib/contract';
import { freePort, spawnServer, untilUp, type ServerProcess } from '../tests/server-spawn';
import { benchJpeg, distinctJpeg } from './photo-bytes';
import { ADMIN_KEY, api, dirBytes, kb, mb, memory, ms, quantile, rssSampler, seedPhotoEvent, sha256, startFloor, upload, uploadFloor, type PhotoEvent } from './photos-server';
import { tabletPhase } from './photos-tablet';

const num = (name: string, fallback: number) => Math.max(0, Number(process.env[name] ?? fallback));
const PHASES = (process.env.BENCH_PHASES ?? 'tablet,server,backup,scale').split(',');
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const BACKUP_PHOTOS = num('BENCH_BACKUP_PHOTOS', 1000);
const SCALE_PHOTOS = num('BENCH_SCALE_PHOTOS', 10_000);
const SERVER_PHOTOS = 100;

/** Goals, each a ratio to its floor in the same run. */
const GOAL_UPLOAD_P95 = 2;
const GOAL_STORE_OVERHEAD = 1.1;
const GOAL_BACKUP = 3;
const GOAL_RESTORE = 3;
/** Streamed: the server's memory grows by at most this share of the backup's size. */
const GOAL_MEMORY_SHARE = 0.25;
const GOAL_SCALE_P95 = 1.5;

const rows: string[][] = [];
const row = (measure: string, value: string, floor: string, ratio: number | null, goal: string, pass: boolean | null) =>
	rows.push([measure, value, floor, ratio === null ? '' : `${ratio.toFixed(2)} ×`, goal, pass === null ? '' : pass ? 'PASS' : 'MISS']);

function printRows(): void {
	const header = ['measure', 'value', 'floor', 'ratio', 'goal', ''];
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
	const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
	console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}`);
}

async function startApp(dataDir: string): Promise<ServerProcess> {
	mkdirSync(dataDir, { recursive: true });
	return untilUp(spawnServer(dataDir, await freePort(), { ADMIN_KEY }));
}

async function main(): Promise<void> {
	if (!existsSync('build/index.js')) throw new Error('run `npm run build` first');
	const root = mkdtempSync(join(tmpdir(), 'puzzle-judge-bench-photos-'));
	const servers: ServerProcess[] = [];
	const floors: { child: import('node:child_process').ChildProcess }[] = [];
	try {
		console.log(`Photos bench · ${new Date().toISOString()} · phases ${PHASES.join(', ')}`);
		const jpeg = await benchJpeg(CHROMIUM, PHOTO_MAX_EDGE, PHOTO_TARGET_BYTES);
		console.log(`a tablet's photo: ${PHOTO_MAX_EDGE} px, ${kb(jpeg.length)} JPEG (target ≤ ${kb(PHOTO_TARGET_BYTES)})`);

		if (PHASES.includes('tablet')) {
			const t = await tabletPhase({ root, chromium: CHROMIUM, admin: ADMIN_KEY });
			for (const r of t) rows.push(r);
		}

		const appDir = join(root, 'app');
		const app = await startApp(appDir);
		servers.push(app);
		const floorFile = join(root, 'floor-file.bin');
		const floorDir = join(root, 'floor');
		mkdirSync(floorDir);
		let ev: PhotoEvent | null = null;
		let uploaded = 0;
		const next = () => distinctJpeg(jpeg);

		if (PHASES.some((p) => ['server', 'backup', 'scale'].includes(p))) ev = await seedPhotoEvent(app.origin, Math.ceil(SCALE_PHOTOS / 80 / 3) + 1);

		if (PHASES.includes('server') && ev) {
			// Warm both up, then interleave: the app, the floor, photo by photo.
			await createWriteStream(floorFile).close();
			const floor = await startFloor(await freePort(), floorDir, floorFile);
			floors.push(floor);
			for (let i = 0; i < 5; i++) {
				await upload(app.origin, ev, next(), uploaded++);
				await uploadFloor(floor.base, next());
			}
			const before = dirBytes(appDir);
			const appMs: number[] = [];
			const floorMs: number[] = [];
			const sent: Buffer[] = [];
			for (let i = 0; i < SERVER_PHOTOS; i++) {
				const photo = next();
				sent.push(photo);
				appMs.push((await upload(app.origin, ev, photo, uploaded++)).ms);
				floorMs.push(await uploadFloor(floor.base, next()));
			}
			const p95 = quantile(appMs, 0.95);
			const f95 = quantile(floorMs, 0.95);
			row('upload p95 (100 photos, one at a time)', ms(p95), ms(f95), p95 / f95, `≤ ${GOAL_UPLOAD_P95} × floor`, p95 / f95 <= GOAL_UPLOAD_P95);
			row('upload median', ms(quantile(appMs, 0.5)), ms(quantile(floorMs, 0.5)), quantile(appMs, 0.5) / quantile(floorMs, 0.5), '', null);
			await api(app.origin, 'GET', '/api/health', ev.organizer);
			const grown = dirBytes(appDir) - before;
			const own = sent.reduce((a, b) => a + b.length, 0);
			row('server store per 100 photos', mb(grown), `${mb(own)} (the photos' bytes)`, grown / own, `≤ ${GOAL_STORE_OVERHEAD} ×`, grown / own <= GOAL_STORE_OVERHEAD);
			// The same photos again: nothing new.
			const sizeBefore = dirBytes(appDir);
			let storedAgain = 0;
			for (const [i, photo] of sent.slice(0, 20).entries()) if ((await upload(app.origin, ev, photo, i)).stored) storedAgain++;
			const again = dirBytes(appDir) - sizeBefore;
			row('20 photos sent again: stored anew', String(storedAgain), '0', null, '0, store unchanged', storedAgain === 0 && again < 64 * 1024);
			console.log(`  sent again: ${storedAgain} stored anew, the store grew by ${kb(again)}`);
		}

		if (PHASES.includes('backup') && ev) {
			while (uploaded < BACKUP_PHOTOS) await upload(app.origin, ev, next(), uploaded++);
			const file = join(root, 'backup.ndjson');
			const pid = app.child.pid!;
			const restBefore = memory(pid).rss;
			const peakOf = rssSampler(pid);
			let started = performance.now();
			const r = await fetch(`${app.origin}/api/events/${ev.eventId}/backup`, { headers: { authorization: `Bearer ${ev.organizer}` } });
			if (!r.ok || !r.body) throw new Error(`backup answered ${r.status}`);
			await pipeline(Readable.fromWeb(r.body as import('node:stream/web').ReadableStream), createWriteStream(file));
			const backupMs = performance.now() - started;
			const backupPeak = peakOf();
			const size = statSync(file).size;
			// Its floor: the same number of bytes streamed from a file by a bare server.
			const floorDir2 = join(root, 'floor2');
			mkdirSync(floorDir2);
			const floor = await startFloor(await freePort(), floorDir2, file);
			floors.push(floor);
			started = performance.now();
			const fr = await fetch(`${floor.base}/file`);
			await pipeline(Readable.fromWeb(fr.body as import('node:stream/web').ReadableStream), createWriteStream(join(root, 'floor-copy.bin')));
			const floorBackupMs = performance.now() - started;
			row(`backup of ${uploaded} photos (${mb(size)})`, ms(backupMs), ms(floorBackupMs), backupMs / floorBackupMs, `≤ ${GOAL_BACKUP} × floor`, backupMs / floorBackupMs <= GOAL_BACKUP);
			const backupGrowth = backupPeak - restBefore;
			row('server memory growth during the backup', mb(backupGrowth), `${mb(size)} (the file)`, backupGrowth / size, `≤ ${GOAL_MEMORY_SHARE} × file`, backupGrowth / size <= GOAL_MEMORY_SHARE);

			const target = await startApp(join(root, 'restored'));
			servers.push(target);
			const tPid = target.child.pid!;
			const tBefore = memory(tPid).rss;
			const tPeak = rssSampler(tPid);
			started = performance.now();
			const rr = await fetch(`${target.origin}/api/restore`, {
				method: 'POST',
				headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/x-ndjson', 'content-length': String(size) },
				body: Readable.toWeb(createReadStream(file)) as ReadableStream,
				duplex: 'half'
			} as RequestInit);
			const restoreText = await rr.text();
			const restoreMs = performance.now() - started;
			const restorePeak = tPeak();
			if (!rr.ok) throw new Error(`restore answered ${rr.status}: ${restoreText.slice(0, 300)}`);
			started = performance.now();
			const sr = await fetch(`${floor.base}/sink`, { method: 'POST', body: Readable.toWeb(createReadStream(file)) as ReadableStream, duplex: 'half' } as RequestInit);
			await sr.text();
			const sinkMs = performance.now() - started;
			row(`restore of ${uploaded} photos`, ms(restoreMs), ms(sinkMs), restoreMs / sinkMs, `≤ ${GOAL_RESTORE} × floor`, restoreMs / sinkMs <= GOAL_RESTORE);
			const restoreGrowth = restorePeak - tBefore;
			row('server memory growth during the restore', mb(restoreGrowth), `${mb(size)} (the file)`, restoreGrowth / size, `≤ ${GOAL_MEMORY_SHARE} × file`, restoreGrowth / size <= GOAL_MEMORY_SHARE);
			const list = await api<{ photos: { hash: string }[] }>(target.origin, 'GET', `/api/events/${ev.eventId}/photos`, ev.organizer);
			row('photos on the restored server', String(list.photos.length), String(uploaded), null, 'all of them', list.photos.length === uploaded);
			await target.stop();
			servers.splice(servers.indexOf(target), 1);
		}

		if (PHASES.includes('scale') && ev) {
			const first: number[] = [];
			const last: number[] = [];
			const firstStart = uploaded;
			const started = performance.now();
			const lanes = 4;
			let nextIndex = uploaded;
			await Promise.all(
				Array.from({ length: lanes }, async () => {
					while (nextIndex < SCALE_PHOTOS) {
						const i = nextIndex++;
						const took = (await upload(app.origin, ev!, next(), i)).ms;
						if (i - firstStart < 100) first.push(took);
						if (i >= SCALE_PHOTOS - 100) last.push(took);
						if (i % 1000 === 0) console.log(`  ${i} photos on the server`);
					}
				})
			);
			uploaded = SCALE_PHOTOS;
			const perSecond = (SCALE_PHOTOS - firstStart) / ((performance.now() - started) / 1000);
			const p95First = quantile(first, 0.95);
			const p95Last = quantile(last, 0.95);
			row(`upload p95, photos ${SCALE_PHOTOS - 99}–${SCALE_PHOTOS} (4 at a time)`, ms(p95Last), `${ms(p95First)} (the first 100)`, p95Last / p95First, `≤ ${GOAL_SCALE_P95} ×`, p95Last / p95First <= GOAL_SCALE_P95);
			row('uploads per second (4 at a time)', perSecond.toFixed(0), '', null, '', null);
			let t = performance.now();
			const listed = await api<{ photos: unknown[] }>(app.origin, 'GET', `/api/events/${ev.eventId}/photos?entryId=${ev.entries[7]!.id}`, ev.organizer);
			row(`an entry's list (${listed.photos.length} photos) among ${SCALE_PHOTOS}`, ms(performance.now() - t), '', null, '', null);
			const all = await api<{ photos: { hash: string }[] }>(app.origin, 'GET', `/api/events/${ev.eventId}/photos`, ev.organizer);
			t = performance.now();
			const one = await fetch(`${app.origin}/api/events/${ev.eventId}/photos/${all.photos[all.photos.length >> 1]!.hash}`, { headers: { authorization: `Bearer ${ev.organizer}` } });
			const bytes = Buffer.from(await one.arrayBuffer());
			row('one photo\'s bytes for the organizer', ms(performance.now() - t), '', null, sha256(bytes) === all.photos[all.photos.length >> 1]!.hash ? 'the right bytes' : 'WRONG BYTES', sha256(bytes) === all.photos[all.photos.length >> 1]!.hash);
			row(`server store with ${SCALE_PHOTOS} photos`, mb(dirBytes(appDir)), mb(SCALE_PHOTOS * (jpeg.length + 20)), dirBytes(appDir) / (SCALE_PHOTOS * (jpeg.length + 20)), `≤ ${GOAL_STORE_OVERHEAD} ×`, dirBytes(appDir) / (SCALE_PHOTOS * (jpeg.length + 20)) <= GOAL_STORE_OVERHEAD);
		}
		printRows();
	} finally {
		for (const s of servers) await s.stop().catch(() => {});
		for (const f of floors) f.child.kill();
		rmSync(root, { recursive: true, force: true });
	}
}

await main();
