/**
 * Judge-station benchmark: `npm run bench:station` (needs `npm run build` first; Debian's
 * Chromium at /usr/bin/chromium). See bench/station-README.md for the method and the numbers.
 *
 * Starts its own production server (`node scripts/start.js`, a free loopback port, a fresh
 * temporary data directory), opens /station in Chromium with the CPU throttled 4× through the
 * DevTools protocol (Emulation.setCPUThrottlingRate), and measures:
 *   (a) a "Hand raised" tap until its event is durable in IndexedDB, i.e. readable from a
 *       second IndexedDB connection after the app's strict-durability transaction committed;
 *   (b) beside it, in the same page and throttling, a bare IndexedDB put (no Dexie, no
 *       validation, one object store, durability 'strict'), timed the same way: the floor of (a);
 *       (a) and (b) at 4× and again without throttling, in the same invocation;
 *   (c) the offline cold start: the service worker active but stopped, the network off, a new
 *       page, until the quick set-up button (or, for a heat URL, the seat grid) is on screen;
 *       its floor, in turn with them: /station/floor, an empty page of the same stack;
 *   (d) the JS the /station page loads, each response body gzipped with node:zlib.
 * Prints medians, p95, the ratios to the floors and the goals. Nothing in the app is changed or
 * exposed for this: the bench reads IndexedDB itself and clicks the app's own buttons.
 *
 * Options (environment): BENCH_TAPS (default 200, at least 200), BENCH_WARMUP (20 taps and
 * puts not counted), BENCH_COLD (10 cold starts per URL, at least 10), BENCH_CPU_RATE (4),
 * BENCH_TAP_RATES (the rates (a)(b) run at: "4,1", i.e. BENCH_CPU_RATE then 1),
 * BENCH_CHROMIUM (/usr/bin/chromium), BENCH_TAPS_ONLY=1 (only (a) and (b), one line per rate),
 * BENCH_COLD_ONLY=1 (only (c), one line), BENCH_PROFILE=1 (only a CPU profile of one throttled
 * offline cold start, summed by script and function; BENCH_PROFILE=heat: of the heat's URL; =floor: of the floor page;
 * BENCH_PROFILE_OUT: a file to keep the profile in), BENCH_TRACE=N (N traced cold starts of the floor, home and heat in turn:
 * main-thread time by kind of work and the requests by type, BENCH_TRACE_URLS=1 by file), BENCH_COLD_EVENTS (events added to the heat
 * before (c) in BENCH_COLD_ONLY, BENCH_PROFILE and BENCH_COMPARE, by unthrottled taps: default 0, 0 and 400),
 * BENCH_COMPARE=dirA,dirB,… (only (c), for builds side by side: each dir holds a copy of `build/`
 * and `scripts/` with `package.json` and a `node_modules` link, see bench/station-README.md; one
 * server each, their floor, home and heat taken in turn, round after round).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { stationJsLines, stationJsRow, stationScripts } from './station-js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TAPS = Math.max(200, Number(process.env.BENCH_TAPS ?? 200));
const WARMUP = Math.max(0, Number(process.env.BENCH_WARMUP ?? 20));
const COLD = Math.max(10, Number(process.env.BENCH_COLD ?? 10));
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const TAP_RATES = [...new Set((process.env.BENCH_TAP_RATES ?? `${CPU_RATE},1`).split(',').map(Number))];
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const SEATS = 6;
const PROFILE = ['1', 'heat', 'floor'].includes(process.env.BENCH_PROFILE ?? '');
/** BENCH_PROFILE=heat: the profile and trace of the heat's URL (to its first seat card) instead of the home's. */
const PROFILE_HEAT = process.env.BENCH_PROFILE === 'heat';
/** BENCH_PROFILE=floor: of the floor page (what every page of the app pays). */
const PROFILE_FLOOR = process.env.BENCH_PROFILE === 'floor';
const KEEP_NAMES = 'globalThis.__name ??= (f) => f;';
const COMPARE = (process.env.BENCH_COMPARE ?? '').split(',').filter(Boolean);
const COLD_EVENTS = Number(process.env.BENCH_COLD_EVENTS ?? (COMPARE.length ? 400 : 0));

/**
 * Installed in every page before the app's scripts (the bench's instrumentation, the app is not
 * changed): each read-write IndexedDB transaction is logged with the moment it was created and
 * the moment its `complete` event reached the page. With durability 'strict', `complete` comes
 * after the data is flushed to disk: that is the moment the tap is durable. The listener is added
 * before Dexie sets its own handler, so it runs first and the app's work after the commit is not
 * counted.
 */
const TX_LOG = `(() => {
	const log = [];
	const waiters = new Set();
	Object.defineProperty(globalThis, '__stationBenchTx', { value: { log, waiters } });
	const transaction = IDBDatabase.prototype.transaction;
	IDBDatabase.prototype.transaction = function (names, mode, options) {
		const tx = transaction.call(this, names, mode, options);
		if (mode === 'readwrite') {
			const rec = { db: this.name, stores: [...tx.objectStoreNames], durability: tx.durability, created: performance.now(), complete: NaN };
			rec.done = new Promise((resolve) => tx.addEventListener('complete', () => { rec.complete = performance.now(); resolve(); }));
			log.push(rec);
			for (const w of waiters) w(rec);
		}
		return tx;
	};
})();`;

/** (a) p95 ÷ (b) p95, throttled (BENCH_CPU_RATE) and unthrottled. */
const GOAL_TAP_OVER_BARE = 1.5;
const GOAL_TAP_OVER_BARE_UNTHROTTLED = 1.2;
/** (c) the station's median ÷ the floor page's median, same run, same throttling. */
const GOAL_COLD_OVER_FLOOR = 1.3;
/** The home's goal since issue 34: its median ≤ 1.2 × the floor's. */
const GOAL_HOME_OVER_FLOOR = 1.2;
/** The floor of (c): an empty prerendered page of the same stack under the same worker (src/routes/station/floor). */
const FLOOR_PATH = '/station/floor';

// ---------------------------------------------------------------------------------------------
// Statistics and output

function quantile(values: readonly number[], q: number): number {
	const s = [...values].sort((a, b) => a - b);
	if (s.length === 0) return NaN;
	// Nearest rank: the smallest value with at least q of the values at or below it.
	return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}
const median = (v: readonly number[]) => quantile(v, 0.5);
const p95 = (v: readonly number[]) => quantile(v, 0.95);
const ms = (v: number) => (Number.isNaN(v) ? '—' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

function table(header: string[], rows: string[][]): string {
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
	return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// The server

async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

async function startServer(port: number, dataDir: string, root = ROOT): Promise<ChildProcess> {
	const server = spawn(process.execPath, [join(root, 'scripts/start.js')], {
		cwd: root,
		env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
		stdio: ['ignore', 'ignore', 'pipe']
	});
	let stderr = '';
	server.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
	const deadline = Date.now() + 30_000;
	for (;;) {
		try {
			if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
		} catch {
			// Not listening yet.
		}
		if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}): ${stderr}`);
		if (Date.now() > deadline) throw new Error(`the server did not answer within 30 s: ${stderr}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

async function stopServer(server: ChildProcess): Promise<void> {
	if (server.exitCode !== null || server.signalCode !== null) return;
	const exited = new Promise((r) => server.once('exit', r));
	server.kill('SIGTERM');
	await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
	if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
}

// ---------------------------------------------------------------------------------------------
// In the page

async function waitForServiceWorker(page: Page) {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

async function throttle(context: BrowserContext, page: Page, rate: number) {
	const cdp = await context.newCDPSession(page);
	await cdp.send('Emulation.setCPUThrottlingRate', { rate });
	return cdp;
}

interface TapSample {
	/** Tap → the app's read-write transaction on `events` completed (strict: on disk). */
	ms: number;
	/** Tap → that transaction created: the handler, validation and Dexie before IndexedDB. */
	beforeTxMs: number;
	/** Until the seat's status text read "Finished" (the DOM updated), for information. */
	shownMs: number;
	/** The transaction's durability as Chromium reports it. */
	durability: string;
	/** The transaction was created inside the button's click handler (before `click()` returned). */
	inHandler: boolean;
	/** DOM mutations in the page between the click and the transaction's creation (should be 0). */
	domBefore: number;
}
interface PutSample {
	/** put → its transaction's `complete` event. */
	ms: number;
	durability: string;
}

declare global {
	interface Window {
		__stationBench?: {
			tap(seat: number): Promise<TapSample>;
			bare(fromClick?: boolean): Promise<PutSample>;
		};
		__appeared?: { dom: number; frame?: number };
	}
}

/**
 * Bench helpers in the page's global scope (the bench's, not the app's): the tap as the app's
 * button receives it, and a bare database for the reference put. After each write a read from
 * another connection checks that the record is really there.
 */
async function installHelpers(page: Page): Promise<void> {
	await page.evaluate(async () => {
		type Rec = { db: string; stores: string[]; durability: string; created: number; complete: number; done: Promise<void> };
		const txLog = (globalThis as unknown as { __stationBenchTx: { log: Rec[]; waiters: Set<(r: Rec) => void> } }).__stationBenchTx;
		const open = (name: string, upgrade?: (db: IDBDatabase) => void) =>
			new Promise<IDBDatabase>((resolve, reject) => {
				const r = upgrade ? indexedDB.open(name, 1) : indexedDB.open(name);
				if (upgrade) r.onupgradeneeded = () => upgrade(r.result);
				r.onsuccess = () => resolve(r.result);
				r.onerror = () => reject(r.error);
			});
		const request = <T>(r: IDBRequest<T>) =>
			new Promise<T>((resolve, reject) => {
				r.onsuccess = () => resolve(r.result);
				r.onerror = () => reject(r.error);
			});
		const has = async (db: IDBDatabase, store: string, key: string) =>
			(await request(db.transaction(store, 'readonly').objectStore(store).getKey(key))) !== undefined;
		/** The next read-write transaction on `store` of database `db` created from now on; `created` runs at its creation. */
		const nextTx = (db: string, store: string, created: () => void = () => {}) =>
			new Promise<Rec>((resolve) => {
				const w = (r: Rec) => {
					if (r.db !== db || !r.stores.includes(store)) return;
					txLog.waiters.delete(w);
					created();
					resolve(r);
				};
				txLog.waiters.add(w);
			});

		const app = await open('puzzle-judge');
		const meta = async (key: string) => ((await request(app.transaction('meta', 'readonly').objectStore('meta').get(key))) as { value: unknown } | undefined)?.value;
		const deviceId = (await meta('deviceId')) as string;
		// A real event of the app as the model of the bare put's object (same shape and size).
		const events = (await request(app.transaction('events', 'readonly').objectStore('events').getAll())) as Record<string, unknown>[];
		const model = events.find((e) => e.type === 'hand.raised') ?? events[0]!;

		await new Promise<void>((resolve) => {
			const del = indexedDB.deleteDatabase('station-bench-bare');
			del.onsuccess = del.onerror = del.onblocked = () => resolve();
		});
		const bare = await open('station-bench-bare', (db) => {
			db.createObjectStore('events', { keyPath: 'id' });
			db.createObjectStore('meta', { keyPath: 'key' });
		});
		const bareReader = await open('station-bench-bare');
		let n = 0;

		window.__stationBench = {
			async tap(seatIndex) {
				// The app numbers on from the device's highest stored sequence number.
				// Read in a transaction that is over before the tap, so the app's write never waits for it.
				const readTx = app.transaction('events', 'readonly');
				const readDone = new Promise((resolve) => (readTx.oncomplete = resolve));
				const last = await request(readTx.objectStore('events').index('[deviceId+seq]').openCursor(IDBKeyRange.bound([deviceId, 0], [deviceId, Infinity]), 'prev'));
				await readDone;
				const key = `${deviceId}-${((last?.value as { seq: number } | undefined)?.seq ?? 0) + 1}`;
				const card = document.querySelectorAll('[data-testid="seat"]')[seatIndex]!;
				const button = card.querySelector<HTMLButtonElement>('[data-testid="hand"]');
				const status = card.querySelector('[data-testid="status"]')!;
				if (!button || button.disabled) throw new Error(`seat ${seatIndex}: "Hand raised" is not ready`);
				let shownMs = NaN;
				// What changed in the DOM before the app's transaction existed (taken at its creation),
				// and whether it was created while the click was still being handled.
				const dom = new MutationObserver(() => {});
				dom.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
				let clicking = false;
				let inHandler = false;
				let domBefore = -1;
				const tx = nextTx('puzzle-judge', 'events', () => {
					inHandler = clicking;
					domBefore = dom.takeRecords().length;
					dom.disconnect();
				});
				const t0 = performance.now();
				const shown = new Promise<void>((resolve) => {
					const mo = new MutationObserver(() => {
						if (status.textContent === 'Finished') {
							shownMs = performance.now() - t0;
							mo.disconnect();
							resolve();
						}
					});
					mo.observe(status, { childList: true, characterData: true, subtree: true });
				});
				clicking = true;
				button.click();
				clicking = false;
				const rec = await tx;
				await rec.done;
				if (!(await has(app, 'events', key))) throw new Error(`event ${key} not found after its transaction completed`);
				await shown;
				return { ms: rec.complete - t0, beforeTxMs: rec.created - t0, shownMs, durability: rec.durability, inHandler, domBefore };
			},
			async bare(fromClick = false) {
				const object = { ...model, id: `bare-${++n}`, seq: n };
				const t0 = performance.now();
				let tx!: IDBTransaction;
				let complete!: Promise<number>;
				const put = () => {
					tx = bare.transaction('events', 'readwrite', { durability: 'strict' });
					complete = new Promise<number>((resolve, reject) => {
						tx.oncomplete = () => resolve(performance.now() - t0);
						tx.onerror = () => reject(tx.error);
					});
					tx.objectStore('events').put(object);
					// As the app's write does (src/lib/db/issue-now.ts): nothing more comes, commit now.
					tx.commit?.();
				};
				if (fromClick) {
					const b = document.createElement('button');
					b.onclick = put;
					document.body.append(b);
					b.click();
					b.remove();
				} else put();
				const ms = await complete;
				if (!(await has(bareReader, 'events', object.id))) throw new Error(`bare ${object.id} not found after its transaction completed`);
				return { ms, durability: tx.durability };
			}
		};
	});
}

/** Waits until the seat's button with this test ID is there and enabled. */
async function seatButtonReady(page: Page, seat: number, testId: string) {
	await page.waitForFunction(
		([i, id]) => {
			const b = document.querySelectorAll('[data-testid="seat"]')[i as number]?.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);
			return !!b && !b.disabled;
		},
		[seat, testId] as const
	);
}

// ---------------------------------------------------------------------------------------------
// The measures

interface TapRun {
	rate: number;
	taps: TapSample[];
	puts: PutSample[];
	clickPuts: PutSample[];
}

/** (a) and (b) at one CPU throttling rate (the helpers installed first). */
async function measureTaps(context: BrowserContext, page: Page, rate: number): Promise<TapRun> {
	const cdp = await throttle(context, page, rate);
	const taps: TapSample[] = [];
	const puts: PutSample[] = [];
	const clickPuts: PutSample[] = [];
	try {
		for (let i = 0; i < WARMUP + TAPS; i++) {
			const seat = i % SEATS;
			await seatButtonReady(page, seat, 'hand');
			const tap = await page.evaluate((s) => window.__stationBench!.tap(s), seat);
			// The check fails: the seat runs on and can raise a hand again (CZ-GEN-FINISH).
			await seatButtonReady(page, seat, 'reject');
			await page.evaluate((s) => document.querySelectorAll('[data-testid="seat"]')[s]!.querySelector<HTMLButtonElement>('[data-testid="reject"]')!.click(), seat);
			await seatButtonReady(page, seat, 'hand');
			// The reference, interleaved so both see the same disk and the same moment.
			const put = await page.evaluate(() => window.__stationBench!.bare());
			const clickPut = await page.evaluate(() => window.__stationBench!.bare(true));
			if (i >= WARMUP) {
				taps.push(tap);
				puts.push(put);
				clickPuts.push(clickPut);
			}
		}
	} finally {
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
		await cdp.detach();
	}
	return { rate, taps, puts, clickPuts };
}

interface ColdStart {
	/** Navigation start → the element painted (the next frame after it entered the DOM). */
	ms: number;
	/** → the navigation response's end (the shell from the worker's cache). */
	responseEnd: number;
	/** → DOMContentLoaded handlers done (the app's module scripts ran). */
	domContentLoaded: number;
	/** → the element entered the DOM. */
	inDom: number;
}

/** Stops every service worker, so that the next start also pays for starting one, as after the tablet slept. */
async function stopWorkers(context: BrowserContext): Promise<void> {
	const helper = await context.newPage();
	const sw = await context.newCDPSession(helper);
	await sw.send('ServiceWorker.enable');
	await sw.send('ServiceWorker.stopAllWorkers');
	await sw.detach();
	await helper.close();
}

/** One offline start: the worker stopped first, a new page, navigation start → the element on screen. */
async function coldStart(context: BrowserContext, url: string, selector: string, rate: number): Promise<ColdStart> {
	await stopWorkers(context);

	const page = await context.newPage();
	await throttle(context, page, rate);
	await page.addInitScript((sel) => {
		const mo = new MutationObserver(() => {
			if (window.__appeared || !document.querySelector(sel)) return;
			const appeared = { dom: performance.now() } as { dom: number; frame?: number };
			window.__appeared = appeared;
			// The next frame: the element is painted.
			requestAnimationFrame(() => setTimeout(() => (appeared.frame = performance.now())));
			mo.disconnect();
		});
		mo.observe(document, { childList: true, subtree: true });
	}, selector);
	const response = await page.goto(url);
	if (!response?.fromServiceWorker()) throw new Error(`cold start: ${url} did not come from the service worker`);
	await page.waitForFunction(() => window.__appeared?.frame !== undefined, undefined, { timeout: 30_000 });
	const t = await page.evaluate(() => {
		const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
		return { ms: window.__appeared!.frame!, inDom: window.__appeared!.dom, responseEnd: nav.responseEnd, domContentLoaded: nav.domContentLoadedEventEnd };
	});
	await page.close();
	return t;
}

/** `runs` offline cold starts of one URL (after one that warms the disk cache, not counted). */
async function coldStarts(context: BrowserContext, url: string, selector: string, rate: number, runs: number): Promise<ColdStart[]> {
	const times: ColdStart[] = [];
	for (let i = 0; i < runs + 1; i++) {
		const t = await coldStart(context, url, selector, rate);
		if (i > 0) times.push(t); // the first one warms the disk cache
	}
	return times;
}

/**
 * `runs` offline cold starts of each target, taken in turn (target 1, 2, 3, 1, 2, 3 …) so that
 * the floor and the pages compared with it see the same moments of a shared machine; one round
 * first that warms the disk cache, not counted.
 */
async function coldRounds(context: BrowserContext, targets: readonly { url: string; selector: string }[], rate: number, runs: number): Promise<ColdStart[][]> {
	const times: ColdStart[][] = targets.map(() => []);
	for (let i = 0; i < runs + 1; i++) {
		for (const [k, { url, selector }] of targets.entries()) {
			const t = await coldStart(context, url, selector, rate);
			if (i > 0) times[k]!.push(t);
		}
	}
	return times;
}

/**
 * One throttled offline cold start traced (DevTools timeline): the main thread's self time by
 * kind of work (compiling, running scripts, style, layout, paint, …) from navigation to the
 * quick set-up in the DOM.
 */
async function traceColdStart(context: BrowserContext, url: string, testId = 'quick-start'): Promise<string> {
	const page = await context.newPage();
	const cdp = await throttle(context, page, CPU_RATE);
	type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string } } };
	const events: TraceEvent[] = [];
	cdp.on('Tracing.dataCollected', (d) => {
		events.push(...(d.value as unknown as TraceEvent[]));
	});
	const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
	await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
	await page.goto(url);
	await page.getByTestId(testId).first().waitFor({ state: 'attached' });
	await cdp.send('Tracing.end');
	await complete;
	await page.close();
	// The renderer's main thread is the one that parsed the page's HTML.
	const main = events.find((e) => e.name === 'ParseHTML');
	if (!main) return 'trace: no ParseHTML event';
	const own = events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
	const self = new Map<string, number>();
	// Self time: an event's duration less its direct children's (events nest by time).
	const stack: TraceEvent[] = [];
	for (const e of own) {
		while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
		const parent = stack.at(-1);
		if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
		self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
		stack.push(e);
	}
	const start = own[0]!.ts;
	const end = Math.max(...own.map((e) => e.ts + e.dur!));
	const rows = [...self].filter(([, us]) => us >= 5_000).sort((a, b) => b[1] - a[1]);
	return [
		`Main thread by kind of work (self time, ${((end - start) / 1000).toFixed(0)} ms traced):`,
		...rows.map(([name, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`)
	].join('\n');
}

/** Trace events, as the DevTools protocol reports them. */
type TraceEvent = { name: string; cat?: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string; fileName?: string }; fileName?: string; url?: string } };

/**
 * One throttled offline cold start traced (worker stopped first, as in (c)), to the element in the
 * DOM: the main thread's self time by kind of work, and by script (the time spent inside a
 * script's compile, evaluation and calls, nested work included), in ms.
 */
async function tracedStart(context: BrowserContext, url: string, selector: string): Promise<{ byKind: Map<string, number>; byScript: Map<string, number>; total: number; requests: Map<string, number> }> {
	await stopWorkers(context);
	const page = await context.newPage();
	const cdp = await throttle(context, page, CPU_RATE);
	const events: TraceEvent[] = [];
	cdp.on('Tracing.dataCollected', (d) => {
		events.push(...(d.value as unknown as TraceEvent[]));
	});
	// The page's requests until the element is in the DOM, by resource type.
	const requests = new Map<string, number>();
	let counting = true;
	page.on('request', (r) => {
		// BENCH_TRACE_URLS=1: each file apart (which files a page loads), else by type.
		const key = process.env.BENCH_TRACE_URLS === '1' ? `${r.resourceType()} ${new URL(r.url()).pathname}` : r.resourceType();
		if (counting) requests.set(key, (requests.get(key) ?? 0) + 1);
	});
	const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
	await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,disabled-by-default-devtools.timeline,disabled-by-default-v8.compile', transferMode: 'ReportEvents' });
	await page.goto(url);
	await page.locator(selector).first().waitFor({ state: 'attached' });
	counting = false;
	await cdp.send('Tracing.end');
	await complete;
	await page.close();
	// The page's main thread: of the threads that parsed HTML, the busiest (a navigation may change renderer).
	const busy = new Map<string, number>();
	for (const e of events) if (e.ph === 'X' && e.name === 'RunTask') busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
	const parsers = new Set(events.filter((e) => e.name === 'ParseHTML').map((e) => `${e.pid}:${e.tid}`));
	const thread = [...parsers].sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
	if (!thread) throw new Error('trace: no ParseHTML event');
	const own = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === thread && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
	const byKind = new Map<string, number>();
	const byScript = new Map<string, number>();
	const scriptOf = (e: TraceEvent) => {
		const u = e.args?.data?.url || e.args?.data?.fileName || e.args?.fileName || e.args?.url;
		return u ? u.split('/').pop()!.split('?')[0]! : undefined;
	};
	const stack: { e: TraceEvent; script?: string }[] = [];
	for (const e of own) {
		while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= e.ts) stack.pop();
		const parent = stack.at(-1);
		if (parent) byKind.set(parent.e.name, (byKind.get(parent.e.name) ?? 0) - e.dur! / 1000);
		byKind.set(e.name, (byKind.get(e.name) ?? 0) + e.dur! / 1000);
		// A script's time: the outermost event that names it (so nested calls are not counted twice).
		const script = scriptOf(e);
		const inScript = stack.some((x) => x.script !== undefined);
		if (script && !inScript) byScript.set(script, (byScript.get(script) ?? 0) + e.dur! / 1000);
		stack.push({ e, script: script ?? (inScript ? '' : undefined) });
	}
	const start = own[0]!.ts;
	const end = Math.max(...own.map((e) => e.ts + e.dur!));
	return { byKind, byScript, total: (end - start) / 1000, requests };
}

/**
 * BENCH_TRACE=N: N traced cold starts of the floor, the home and the heat in turn (one round
 * first, not counted); the mean main-thread time by kind of work and by script, side by side,
 * with what the heat spends beyond the floor: where the station's own cost is.
 */
async function traceRounds(context: BrowserContext, targets: readonly { url: string; selector: string }[], rounds: number): Promise<string> {
	const sums = targets.map(() => ({ byKind: new Map<string, number>(), byScript: new Map<string, number>(), requests: new Map<string, number>(), total: 0 }));
	for (let i = 0; i <= rounds; i++) {
		for (const [k, t] of targets.entries()) {
			const r = await tracedStart(context, t.url, t.selector);
			if (i === 0) continue;
			const s = sums[k]!;
			s.total += r.total / rounds;
			for (const [n, v] of r.byKind) s.byKind.set(n, (s.byKind.get(n) ?? 0) + v / rounds);
			for (const [n, v] of r.byScript) s.byScript.set(n, (s.byScript.get(n) ?? 0) + v / rounds);
			for (const [n, v] of r.requests) s.requests.set(n, (s.requests.get(n) ?? 0) + v / rounds);
		}
	}
	const side = (key: 'byKind' | 'byScript' | 'requests', min: number) => {
		const names = new Set(sums.flatMap((s) => [...s[key].keys()]));
		return [...names]
			.map((n) => [n, ...sums.map((s) => s[key].get(n) ?? 0)] as [string, ...number[]])
			.filter(([, ...v]) => Math.max(...v) >= min)
			.sort((a, b) => (b.at(-1) as number) - (b[1] as number) - ((a.at(-1) as number) - (a[1] as number)))
			.map(([n, ...v]) => `  ${v.map((x) => x.toFixed(0).padStart(6)).join(' ')}  ${(v.at(-1)! - v[0]!).toFixed(0).padStart(6)}  ${n}`);
	};
	return [
		`Traced offline cold starts at ${CPU_RATE}×, ${rounds} rounds (mean ms of main-thread time: floor, home, heat, heat − floor)`,
		`  ${sums.map((s) => s.total.toFixed(0).padStart(6)).join(' ')}  ${(sums.at(-1)!.total - sums[0]!.total).toFixed(0).padStart(6)}  traced span`,
		'Requests until the element is in the DOM, by type (mean count):',
		...side('requests', 0),
		'By kind of work (self time):',
		...side('byKind', 3),
		'By script (its compile, evaluation and calls, nested work included):',
		...side('byScript', 3)
	].join('\n');
}

/** One throttled offline cold start under the CPU profiler: where the main thread's time goes. */
async function profileColdStart(context: BrowserContext, url: string, testId = 'quick-start'): Promise<string> {
	await coldStarts(context, url, `[data-testid="${testId}"]`, CPU_RATE, 1);
	const page = await context.newPage();
	const cdp = await throttle(context, page, CPU_RATE);
	await cdp.send('Profiler.enable');
	await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
	// When the element enters the DOM (page clock), so that only the samples before it count.
	await page.addInitScript((sel) => {
		const mo = new MutationObserver(() => {
			if (!document.querySelector(sel)) return;
			(window as unknown as { __inDom: number }).__inDom = performance.now();
			mo.disconnect();
		});
		mo.observe(document, { childList: true, subtree: true });
	}, `[data-testid="${testId}"]`);
	await cdp.send('Profiler.start');
	await page.goto(url);
	// In the DOM, as (c) measures: on a tablet that holds heats the quick set-up is folded away.
	await page.getByTestId(testId).first().waitFor({ state: 'attached' });
	const [visible, now] = await page.evaluate(() => [(window as unknown as { __inDom: number }).__inDom, performance.now()]);
	const { profile } = await cdp.send('Profiler.stop');
	// The profile's clock ends about now: samples after the element entered the DOM are left out.
	const cutoff = profile.endTime - (now! - visible!) * 1000;
	if (process.env.BENCH_PROFILE_OUT) writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify({ profile, cutoff }));
	const hits = new Map<number, number>();
	const deltas = profile.timeDeltas ?? [];
	let t = profile.startTime;
	const perSample = deltas.reduce((a, b) => a + b, 0) / Math.max(1, deltas.length) / 1000;
	(profile.samples ?? []).forEach((id, i) => {
		t += deltas[i] ?? 0;
		if (t <= cutoff) hits.set(id, (hits.get(id) ?? 0) + 1);
	});
	const byScript = new Map<string, number>();
	const byFunction = new Map<string, number>();
	for (const node of profile.nodes) {
		const t = (hits.get(node.id) ?? 0) * perSample;
		const script = node.callFrame.url.split('/').pop() || node.callFrame.functionName || '(native)';
		byScript.set(script, (byScript.get(script) ?? 0) + t);
		const fn = `${script} ${node.callFrame.functionName || '(top level)'}`;
		byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
	}
	// Each module's top level (V8's nameless function at line 0) with what it calls: its evaluation's cost.
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const inclusive = (id: number): number => {
		const n = byId.get(id)!;
		return (hits.get(id) ?? 0) * perSample + (n.children ?? []).reduce((a, c) => a + inclusive(c), 0);
	};
	const topLevels = new Map<string, number>();
	for (const node of profile.nodes) {
		const f = node.callFrame;
		if (f.functionName !== '' || f.lineNumber !== 0 || f.columnNumber !== 0 || !f.url) continue;
		const script = f.url.split('/').pop()!;
		topLevels.set(script, (topLevels.get(script) ?? 0) + inclusive(node.id));
	}
	const top = (m: Map<string, number>, n: number) =>
		[...m]
			.sort((a, b) => b[1] - a[1])
			.slice(0, n)
			.map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
			.join('\n');
	await page.close();
	return `Offline cold start of ${url} at ${CPU_RATE}×: ${testId} in the DOM after ${visible.toFixed(0)} ms\nSelf time by script:\n${top(byScript, 10)}\nBy function:\n${top(byFunction, 15)}\nModule top levels (inclusive):\n${top(topLevels, 25)}`;
}

// ---------------------------------------------------------------------------------------------

/** A CZJPA heat of 6 seats, started, on a fresh /station of `base` (its worker active): its URL. */
async function setUpHeat(page: Page, base: string): Promise<string> {
	await page.goto(`${base}/station`);
	await waitForServiceWorker(page);
	// Every tap a "Hand raised", every check then rejected.
	await page.getByTestId('judge').fill('Bench');
	await page.getByTestId('preset').selectOption('czjpa-individual');
	await page.getByTestId('seat-count').fill(String(SEATS));
	await page.getByTestId('quick-start').click();
	await page.getByTestId('seat').nth(SEATS - 1).waitFor();
	await page.getByTestId('start').click();
	await page.getByTestId('time-left').waitFor();
	return page.url();
}

/**
 * About `n` more events in the open heat, unthrottled: "Hand raised" then "Not finished" on each
 * seat in turn (two events a pair), clicked inside the page, each button awaited enabled.
 */
async function addEvents(page: Page, n: number): Promise<void> {
	if (n <= 0) return;
	await page.evaluate(
		async ([pairs, seats]) => {
			const button = (seat: number, id: string) =>
				new Promise<HTMLButtonElement>((resolve, reject) => {
					const deadline = performance.now() + 10_000;
					const look = () => {
						const b = document.querySelectorAll('[data-testid="seat"]')[seat]?.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);
						if (b && !b.disabled) resolve(b);
						else if (performance.now() > deadline) reject(new Error(`seat ${seat}: no enabled ${id}`));
						else setTimeout(look, 1);
					};
					look();
				});
			const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
			for (let i = 0; i < pairs; i++) {
				(await button(i % seats, 'hand')).click();
				(await button(i % seats, 'reject')).click();
				// As (a) does: the seat's "Hand raised" back, and the screen settled, before the next tap.
				await button(i % seats, 'hand');
				await frame();
			}
		},
		[Math.ceil(n / 2), SEATS] as const
	);
}

/** Debian's Chromium, headless, without its background traffic. */
function launchBrowser(): Promise<Browser> {
	return chromium.launch({
		executablePath: CHROMIUM,
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
	});
}

/** An English context with the bench's init scripts: tsx (esbuild, keepNames) wraps named functions in `__name(...)`, so the functions passed to page.evaluate need it in the page too; and the transaction log. */
async function benchContext(browser: Browser): Promise<BrowserContext> {
	const context = await browser.newContext({ locale: 'en-US' });
	await context.addInitScript({ content: KEEP_NAMES });
	await context.addInitScript({ content: TX_LOG });
	return context;
}

/**
 * BENCH_COMPARE: builds side by side (only (c)). Each build has its own server and origin (so its
 * own worker and database) and its own heat of COLD_EVENTS events; then, round after round, the
 * floor, the home and the heat of each build in turn, so that every build sees the same moments
 * of the shared machine. One round first, not counted.
 */
async function compare(dirs: readonly string[]): Promise<void> {
	const servers: ChildProcess[] = [];
	const dataDirs: string[] = [];
	const browser = await launchBrowser();
	try {
		const context = await benchContext(browser);
		const targets: { url: string; selector: string }[] = [];
		for (const dir of dirs) {
			if (!existsSync(join(dir, 'build/index.js'))) throw new Error(`${dir}: no build/index.js`);
			const dataDir = mkdtempSync(join(tmpdir(), 'station-bench-'));
			dataDirs.push(dataDir);
			const port = await freePort();
			const base = `http://127.0.0.1:${port}`;
			servers.push(await startServer(port, dataDir, dir));
			const page = await context.newPage();
			const heatUrl = await setUpHeat(page, base);
			await addEvents(page, COLD_EVENTS);
			await page.close();
			targets.push(
				{ url: `${base}${FLOOR_PATH}`, selector: '[data-testid="floor"]' },
				{ url: `${base}/station`, selector: '[data-testid="quick-start"], [data-testid="seat"]' },
				{ url: heatUrl, selector: '[data-testid="seat"]' }
			);
		}
		await context.setOffline(true);
		process.stderr.write(`compare: ${dirs.length} builds × (floor, home, heat), ${COLD} rounds at ${CPU_RATE}×, heats of ≈ ${COLD_EVENTS} events…\n`);
		const times = (await coldRounds(context, targets, CPU_RATE, COLD)).map((c) => c.map((x) => x.ms));
		const out: string[] = [`cold start at ${CPU_RATE}×, ${COLD} rounds, builds in turn (median / p95 ms; × the same build's floor median; per round: heat ÷ floor of that round, median [min–max])`];
		dirs.forEach((dir, b) => {
			const [floor, home, heat] = [times[3 * b]!, times[3 * b + 1]!, times[3 * b + 2]!];
			const line = (c: number[]) => `${ms(median(c))} / ${ms(p95(c))}`;
			const over = (c: number[]) => `${(median(c) / median(floor)).toFixed(2)}×`;
			const perRound = (c: number[]) => {
				const r = c.map((t, i) => t / floor[i]!);
				return `${median(r).toFixed(2)}× [${Math.min(...r).toFixed(2)}–${Math.max(...r).toFixed(2)}]`;
			};
			out.push(`  ${dir}: floor ${line(floor)} · home ${line(home)} (${over(home)}; per round ${perRound(home)}) · seat grid ${line(heat)} (${over(heat)}; per round ${perRound(heat)})`);
			out.push(`    ms: floor [${floor.map((t) => t.toFixed(0)).join(', ')}]; home [${home.map((t) => t.toFixed(0)).join(', ')}]; seat grid [${heat.map((t) => t.toFixed(0)).join(', ')}]`);
			if (b === 0) return;
			// Paired with the first build, round by round (the two starts a few seconds apart).
			const paired = (k: number) => {
				const r = times[3 * b + k]!.map((t, i) => t / times[k]![i]!);
				const inner = `${quantile(r, 0.25).toFixed(2)}–${quantile(r, 0.75).toFixed(2)}`;
				return `${median(r).toFixed(2)}× (quartiles ${inner}, ${r.filter((x) => x < 1).length}/${r.length} rounds faster)`;
			};
			out.push(`    ÷ ${dirs[0]} in the same round: floor ${paired(0)} · home ${paired(1)} · seat grid ${paired(2)}`);
		});
		process.stdout.write(`${out.join('\n')}\n`);
	} finally {
		await browser.close();
		for (const s of servers) await stopServer(s);
		for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
	}
}

async function main() {
	if (COMPARE.length) return compare(COMPARE);
	if (!existsSync(join(ROOT, 'build/index.js'))) throw new Error('no production build: run "npm run build" first');
	const dataDir = mkdtempSync(join(tmpdir(), 'station-bench-'));
	const port = await freePort();
	const base = `http://127.0.0.1:${port}`;
	const server = await startServer(port, dataDir);
	const browser = await launchBrowser();
	try {
		const context = await benchContext(browser);
		const page = await context.newPage();
		const heatUrl = await setUpHeat(page, base);

		if (process.env.BENCH_TRACE) {
			await addEvents(page, COLD_EVENTS || 400);
			await page.close();
			await context.setOffline(true);
			const targets = [
				{ url: `${base}${FLOOR_PATH}`, selector: '[data-testid="floor"]' },
				{ url: `${base}/station`, selector: '[data-testid="quick-start"], [data-testid="seat"]' },
				{ url: heatUrl, selector: '[data-testid="seat"]' }
			];
			process.stdout.write(`${await traceRounds(context, targets, Math.max(1, Number(process.env.BENCH_TRACE)))}\n`);
			return;
		}
		if (PROFILE) {
			await addEvents(page, COLD_EVENTS);
			await page.close();
			await context.setOffline(true);
			const [url, testId] = PROFILE_HEAT ? [heatUrl, 'seat'] : PROFILE_FLOOR ? [`${base}${FLOOR_PATH}`, 'floor'] : [`${base}/station`, 'quick-start'];
			process.stdout.write(`${await profileColdStart(context, url, testId)}\n`);
			process.stdout.write(`${await traceColdStart(context, url, testId)}\n`);
			return;
		}

		const homeSelector = '[data-testid="quick-start"], [data-testid="seat"]';
		const coldTargets = [
			{ url: `${base}${FLOOR_PATH}`, selector: '[data-testid="floor"]' },
			{ url: `${base}/station`, selector: homeSelector },
			{ url: heatUrl, selector: '[data-testid="seat"]' }
		];
		if (process.env.BENCH_COLD_ONLY === '1') {
			await addEvents(page, COLD_EVENTS);
			await page.close();
			await context.setOffline(true);
			const [floor, home, heat] = await coldRounds(context, coldTargets, CPU_RATE, COLD);
			const line = (c: ColdStart[]) => `${ms(median(c.map((x) => x.ms)))} / ${ms(p95(c.map((x) => x.ms)))} ms`;
			const over = (c: ColdStart[]) => `${(median(c.map((x) => x.ms)) / median(floor!.map((x) => x.ms))).toFixed(2)}×`;
			process.stdout.write(`cold start at ${CPU_RATE}× → floor ${line(floor!)} · → home ${line(home!)} (${over(home!)}) · → seat grid ${line(heat!)} (${over(heat!)}) (median / p95; × the floor's median)\n`);
			return;
		}
		await installHelpers(page);
		const tapRuns: TapRun[] = [];
		const tapsAt = async (p: Page, rates: readonly number[]) => {
			for (const rate of rates) {
				process.stderr.write(`(a)(b) ${WARMUP} + ${TAPS} taps and bare puts at ${rate}× CPU throttling…\n`);
				tapRuns.push(await measureTaps(context, p, rate));
			}
		};
		if (process.env.BENCH_TAPS_ONLY === '1') {
			await tapsAt(page, TAP_RATES);
			for (const { rate, taps, puts, clickPuts } of tapRuns) {
				const t = taps.map((x) => x.ms);
				const b = puts.map((x) => x.ms);
				const c = taps.map((x) => x.beforeTxMs);
				process.stdout.write(
					`${rate}×: tap → durable ${ms(median(t))} / ${ms(p95(t))} ms · bare put ${ms(median(b))} / ${ms(p95(b))} ms · ratio ${(median(t) / median(b)).toFixed(2)}× / ${(p95(t) / p95(b)).toFixed(2)}× · tap → transaction ${ms(median(c))} / ${ms(p95(c))} ms, in the handler ${taps.filter((x) => x.inHandler).length}/${taps.length}, DOM changed before it ${taps.filter((x) => x.domBefore !== 0).length}/${taps.length} · bare put from a click ${ms(median(clickPuts.map((x) => x.ms)))} / ${ms(p95(clickPuts.map((x) => x.ms)))} ms (median / p95)\n`
				);
			}
			return;
		}
		// The first rate now; the others after (c), so that the cold starts open a heat of the
		// same size whatever the rates (one rate's taps: ≈ 440 events).
		await tapsAt(page, TAP_RATES.slice(0, 1));
		const events = await page.evaluate(
			() =>
				new Promise<number>((resolve) => {
					const r = indexedDB.open('puzzle-judge');
					r.onsuccess = () => {
						const c = r.result.transaction('events').objectStore('events').count();
						c.onsuccess = () => resolve(c.result);
					};
				})
		);
		await page.close();

		process.stderr.write(`(c) ${COLD} offline cold starts per URL, the floor's in turn with the station's…\n`);
		await context.setOffline(true);
		const [coldFloor, coldHome, coldHeat] = (await coldRounds(context, coldTargets, CPU_RATE, COLD)) as [ColdStart[], ColdStart[], ColdStart[]];
		// The same without throttling, for information.
		const [coldFloor1, coldHome1] = (await coldRounds(context, coldTargets.slice(0, 2), 1, COLD)) as [ColdStart[], ColdStart[]];
		await context.setOffline(false);

		if (TAP_RATES.length > 1) {
			// The same heat again, its seats still running, for the other rates.
			const again = await context.newPage();
			await again.goto(heatUrl);
			await again.getByTestId('seat').nth(SEATS - 1).waitFor();
			await installHelpers(again);
			await tapsAt(again, TAP_RATES.slice(1));
			await again.close();
		}
		await context.close();

		process.stderr.write('(d) the station JS…\n');
		const scripts = await stationScripts(browser, base);

		const cold = (c: ColdStart[], k: keyof ColdStart = 'ms') => c.map((x) => x[k]);
		const durabilities = [...new Set(tapRuns.flatMap((r) => [...r.taps.map((t) => `tap ${t.durability}`), ...r.puts.map((p) => `bare ${p.durability}`)]))];
		const floorMedian = median(cold(coldFloor));
		const overFloor = (c: ColdStart[]) => median(cold(c)) / floorMedian;

		const out: string[] = [];
		out.push(
			`Station benchmark · ${browser.version()} (${CHROMIUM}) · CPU throttled ${CPU_RATE}× (taps also at ${TAP_RATES.filter((r) => r !== CPU_RATE).join(', ') || '—'}×) · ${TAPS} taps (after ${WARMUP} warm-up) per rate · ${COLD} cold starts per URL · heat log ${events} events during (c)`,
			''
		);
		out.push(
			table(
				['measure', 'median', 'p95', 'floor', 'goal', 'result'],
				[
					...tapRuns.flatMap(({ rate, taps: t, puts, clickPuts }) => {
						const tapMs = t.map((x) => x.ms);
						const putMs = puts.map((x) => x.ms);
						const ratioP95 = p95(tapMs) / p95(putMs);
						const goal = rate === 1 ? GOAL_TAP_OVER_BARE_UNTHROTTLED : GOAL_TAP_OVER_BARE;
						return [
							[`(a) tap → event durable in IndexedDB, ${rate}×`, `${ms(median(tapMs))} ms`, `${ms(p95(tapMs))} ms`, '(b)', '', ''],
							[`(b) bare IndexedDB put, strict, ${rate}×`, `${ms(median(putMs))} ms`, `${ms(p95(putMs))} ms`, '', '', ''],
							[`(a)/(b) tap ÷ bare put, ${rate}×`, `${(median(tapMs) / median(putMs)).toFixed(2)}×`, `${ratioP95.toFixed(2)}×`, '', `p95 ≤ ${goal}×`, verdict(ratioP95 <= goal)],
							// The same put started from a click handler, as the tap is: faster than (b) since the
							// tap's write is issued in its handler, so the stricter floor is printed too.
							(() => {
								const clickMs = clickPuts.map((x) => x.ms);
								const r = p95(tapMs) / p95(clickMs);
								return [`(a)/(b′) tap ÷ bare put from a click handler, ${rate}×`, `${(median(tapMs) / median(clickMs)).toFixed(2)}×`, `${r.toFixed(2)}×`, `(b′) ${ms(median(clickMs))} / ${ms(p95(clickMs))} ms`, `p95 ≤ ${goal}×`, verdict(r <= goal)];
							})()
						];
					}),
					['(c) floor: empty page of the stack', `${ms(floorMedian)} ms`, `${ms(p95(cold(coldFloor)))} ms`, '', '', ''],
					['(c) offline cold start → quick set-up', `${ms(median(cold(coldHome)))} ms`, `${ms(p95(cold(coldHome)))} ms`, `${overFloor(coldHome).toFixed(2)}×`, `median ≤ ${GOAL_HOME_OVER_FLOOR}× floor`, verdict(overFloor(coldHome) <= GOAL_HOME_OVER_FLOOR)],
					['(c) offline cold start → seat grid', `${ms(median(cold(coldHeat)))} ms`, `${ms(p95(cold(coldHeat)))} ms`, `${overFloor(coldHeat).toFixed(2)}×`, `median ≤ ${GOAL_COLD_OVER_FLOOR}× floor`, verdict(overFloor(coldHeat) <= GOAL_COLD_OVER_FLOOR)],
					(([measure, value, floor, goal, result]) => [measure, value, '', floor, goal, result])(stationJsRow(scripts))
				]
			)
		);
		out.push('');
		out.push('For information:');
		out.push(
			table(
				['measure', 'median', 'p95', 'max'],
				[
					...tapRuns.flatMap(({ rate, taps: t, clickPuts }) => [
						[`tap → app transaction created, ${rate}×`, `${ms(median(t.map((x) => x.beforeTxMs)))} ms`, `${ms(p95(t.map((x) => x.beforeTxMs)))} ms`, `${ms(Math.max(...t.map((x) => x.beforeTxMs)))} ms`],
						[
							`bare put started from a click handler → durable, ${rate}×`,
							`${ms(median(clickPuts.map((p) => p.ms)))} ms`,
							`${ms(p95(clickPuts.map((p) => p.ms)))} ms`,
							`${ms(Math.max(...clickPuts.map((p) => p.ms)))} ms`
						],
						[`tap → status reads "Finished" (DOM), ${rate}×`, `${ms(median(t.map((x) => x.shownMs)))} ms`, `${ms(p95(t.map((x) => x.shownMs)))} ms`, `${ms(Math.max(...t.map((x) => x.shownMs)))} ms`]
					]),
					...(
						[
							['floor', coldFloor],
							['quick set-up', coldHome],
							['seat grid', coldHeat],
							['floor, no throttling', coldFloor1],
							['quick set-up, no throttling', coldHome1]
						] as const
					).flatMap(([label, c]) => [
						[`cold start (${label}) → shell response end`, `${ms(median(cold(c, 'responseEnd')))} ms`, `${ms(p95(cold(c, 'responseEnd')))} ms`, `${ms(Math.max(...cold(c, 'responseEnd')))} ms`],
						[`cold start (${label}) → DOMContentLoaded end`, `${ms(median(cold(c, 'domContentLoaded')))} ms`, `${ms(p95(cold(c, 'domContentLoaded')))} ms`, `${ms(Math.max(...cold(c, 'domContentLoaded')))} ms`],
						[`cold start (${label}) → element in DOM`, `${ms(median(cold(c, 'inDom')))} ms`, `${ms(p95(cold(c, 'inDom')))} ms`, `${ms(Math.max(...cold(c, 'inDom')))} ms`],
						[`cold start (${label}) → painted`, `${ms(median(cold(c)))} ms`, `${ms(p95(cold(c)))} ms`, `${ms(Math.max(...cold(c)))} ms`]
					])
				]
			)
		);
		out.push('');
		out.push(
			tapRuns
				.map(({ rate, taps: t }) => `${rate}×: the app's transaction created inside the tap's handler in ${t.filter((x) => x.inHandler).length}/${t.length} taps; the DOM changed before it in ${t.filter((x) => x.domBefore !== 0).length}/${t.length}`)
				.join('\n')
		);
		out.push('');
		out.push(...stationJsLines(scripts));
		out.push(`transaction durability seen: ${durabilities.join(', ')}`);
		out.push(`cold starts, ms: floor [${cold(coldFloor).map((t) => t.toFixed(0)).join(', ')}]; quick set-up [${cold(coldHome).map((t) => t.toFixed(0)).join(', ')}]; seat grid [${cold(coldHeat).map((t) => t.toFixed(0)).join(', ')}]`);
		process.stdout.write(`${out.join('\n')}\n`);
	} finally {
		await browser.close();
		await stopServer(server);
		rmSync(dataDir, { recursive: true, force: true });
	}
}

await main();
