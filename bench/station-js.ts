/**
 * (d) of the station benchmark: the JS that `/station` loads, gzipped. Used by
 * bench/station.bench.ts; also runs on its own against a running production server, for trying
 * changes in seconds: `node scripts/start.js` (PORT=…), then
 * `BENCH_BASE=http://127.0.0.1:3000 npx tsx bench/station-js.ts`.
 *
 * A fresh context with service workers blocked, online: every same-origin `.js` response, each
 * body gzipped with node:zlib (default level). "Initial" is what loads until the home (the quick
 * set-up) is on screen and the network is idle (nothing fetched for 500 ms: lazy code that the
 * page fetches after the first paint counts too); "heat" is what opening a heat adds. With a
 * build that has source maps (`BUILD_SOURCEMAP=1 npm run build`), the initial bytes are also
 * attributed to their sources (gzip size of each module's share, approximated by its share of the
 * raw bytes of its chunk).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The goal of the issue (#18): the initial `/station` load, gzipped. */
export const GOAL_STATION_JS_GZIP_BYTES = 100 * 1024;

export interface Script {
	url: string;
	bytes: number;
	gzip: number;
}

export interface StationScripts {
	/** Until the home is up and the network idle. */
	initial: Script[];
	/** What opening a heat adds (quick set-up, then the seat grid, network idle again). */
	heat: Script[];
	/** The floor: what the empty page of the same stack loads (null: no such page in this build). */
	floor: Script[] | null;
}

/** The floor page (bench/station-README.md): an empty prerendered page under the same layout and worker scope. */
const FLOOR_PATH = process.env.BENCH_FLOOR_PATH ?? '/station/floor';

const sum = (s: readonly Script[]) => s.reduce((a, x) => a + x.gzip, 0);
const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;

/** Records every same-origin JS response of `page`, its body gzipped. */
function recordScripts(page: Page, base: string): Map<string, Promise<Script | null>> {
	const seen = new Map<string, Promise<Script | null>>();
	page.on('response', (r) => {
		const url = new URL(r.url());
		if (url.origin !== base || !url.pathname.endsWith('.js') || seen.has(url.pathname)) return;
		seen.set(
			url.pathname,
			r.body().then(
				(body) => ({ url: url.pathname, bytes: body.length, gzip: gzipSync(body).length }),
				() => null
			)
		);
	});
	return seen;
}

async function settle(seen: Map<string, Promise<Script | null>>, keys: Iterable<string> = seen.keys()): Promise<Script[]> {
	const out: Script[] = [];
	for (const k of keys) {
		const s = await seen.get(k);
		if (s) out.push(s);
	}
	return out;
}

/** The floor page's JS, the same way (a fresh context, online, no worker), or null when the build has no floor page. */
async function floorScripts(browser: Browser, base: string): Promise<Script[] | null> {
	const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
	try {
		const page = await context.newPage();
		const seen = recordScripts(page, base);
		const response = await page.goto(`${base}${FLOOR_PATH}`);
		if (!response?.ok()) return null;
		await page.waitForLoadState('networkidle');
		return await settle(seen);
	} finally {
		await context.close();
	}
}

/** Every JS response of /station (and of opening a heat), online, without the worker; and the floor page's. */
export async function stationScripts(browser: Browser, base: string): Promise<StationScripts> {
	const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
	const page = await context.newPage();
	const seen = recordScripts(page, base);
	await page.goto(`${base}/station`);
	await page.getByTestId('quick-start').waitFor();
	await page.waitForLoadState('networkidle');
	const homeKeys = [...seen.keys()];
	await page.getByTestId('judge').fill('Bench');
	await page.getByTestId('quick-start').click();
	await page.getByTestId('seat').first().waitFor();
	await page.waitForLoadState('networkidle');
	const initial = await settle(seen, homeKeys);
	const heat = await settle(seen, [...seen.keys()].filter((k) => !homeKeys.includes(k)));
	await context.close();
	return { initial, heat, floor: await floorScripts(browser, base) };
}

/** The goal's row for the bench's table: measure, value, floor, goal, result. */
export function stationJsRow(s: StationScripts): [measure: string, value: string, floor: string, goal: string, result: string] {
	const initial = sum(s.initial);
	const floor = s.floor ? `${FLOOR_PATH} ${kib(sum(s.floor))}` : 'framework ≈ 61 KiB (no floor page in this build)';
	return ['(d) /station JS, gzipped (initial load)', kib(initial), floor, `≤ ${GOAL_STATION_JS_GZIP_BYTES / 1024} KiB`, initial <= GOAL_STATION_JS_GZIP_BYTES ? 'PASS' : 'MISS'];
}

/** Source-map attribution of one built chunk: gzip bytes per source, approximated. */
function attribute(file: string, gzip: number, into: Map<string, number>): boolean {
	const mapFile = `${file}.map`;
	if (!existsSync(mapFile)) return false;
	const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
	const code = readFileSync(file, 'utf8');
	const lines = code.split('\n');
	const perSource = new Array<number>(map.sources.length).fill(0);
	// Decode the VLQ mappings just enough to know which source each generated segment comes from.
	const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
	let source = 0;
	map.mappings.split(';').forEach((line, li) => {
		const text = lines[li] ?? '';
		const segs = line ? line.split(',') : [];
		let col = 0;
		const starts: { col: number; src: number }[] = [];
		for (const seg of segs) {
			const values: number[] = [];
			let v = 0;
			let shift = 0;
			for (const ch of seg) {
				const d = B64.indexOf(ch);
				v += (d & 31) << shift;
				if (d & 32) shift += 5;
				else {
					values.push(v & 1 ? -(v >> 1) : v >> 1);
					v = 0;
					shift = 0;
				}
			}
			col += values[0]!;
			if (values.length > 1) source += values[1]!;
			starts.push({ col, src: values.length > 1 ? source : -1 });
		}
		starts.forEach((s, i) => {
			const end = i + 1 < starts.length ? starts[i + 1]!.col : text.length;
			if (s.src >= 0) perSource[s.src]! += end - s.col;
		});
	});
	const raw = perSource.reduce((a, b) => a + b, 0) || 1;
	perSource.forEach((n, i) => {
		const name = groupOf(map.sources[i]!);
		into.set(name, (into.get(name) ?? 0) + (n / raw) * gzip);
	});
	return true;
}

/** A readable group for a source path: a package, or a folder of ours. */
function groupOf(source: string): string {
	const nm = source.lastIndexOf('node_modules/');
	if (nm >= 0) {
		const rest = source.slice(nm + 'node_modules/'.length).split('/');
		const pkg = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
		if (pkg === 'svelte') return `svelte/${rest[2] === 'internal' ? `internal/${rest[3]}` : rest[2]}`;
		return pkg;
	}
	const src = source.indexOf('src/');
	if (src >= 0) {
		const parts = source.slice(src).split('/');
		return parts.slice(0, Math.min(parts.length - 1, 4)).join('/') || source;
	}
	return source.replace(/^(\.\.\/)+/, '');
}

/** The lines the bench prints under its table: files, the heat's addition, the top sources. */
export function stationJsLines(s: StationScripts, top = 15): string[] {
	const out: string[] = [];
	const raw = s.initial.reduce((a, x) => a + x.bytes, 0);
	out.push(`/station JS, initial load: ${s.initial.length} files, ${kib(raw)} raw, ${sum(s.initial)} bytes gzipped (${kib(sum(s.initial))})`);
	for (const x of [...s.initial].sort((a, b) => b.gzip - a.gzip)) out.push(`  ${x.url}  ${x.bytes} B → ${x.gzip} B gz`);
	out.push(
		`opening a heat loads ${s.heat.length} more JS file(s), ${kib(sum(s.heat))} gzipped: heat total ${kib(sum(s.initial) + sum(s.heat))}`
	);
	for (const x of [...s.heat].sort((a, b) => b.gzip - a.gzip)) out.push(`  ${x.url}  ${x.bytes} B → ${x.gzip} B gz`);
	if (s.floor) {
		const extra = s.initial.filter((x) => !s.floor!.some((f) => f.url === x.url));
		out.push(`the floor page ${FLOOR_PATH} loads ${s.floor.length} JS files, ${kib(sum(s.floor))} gzipped; /station adds ${extra.length} files, ${kib(sum(extra))}`);
	}
	const groups = new Map<string, number>();
	const mapped = s.initial.filter((x) => attribute(join(ROOT, 'build/client', x.url), x.gzip, groups));
	if (mapped.length) {
		out.push(`initial load by source (source maps of ${mapped.length}/${s.initial.length} files, gzip bytes shared out by raw bytes):`);
		for (const [name, b] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`  ${kib(b).padStart(9)}  ${name}`);
	}
	return out;
}

// Run on its own: `BENCH_BASE=http://127.0.0.1:3000 npx tsx bench/station-js.ts`.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	const base = process.env.BENCH_BASE;
	if (!base) throw new Error('BENCH_BASE=http://host:port of a running production server');
	const browser = await chromium.launch({ executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
	try {
		const s = await stationScripts(browser, base);
		process.stdout.write(`${stationJsRow(s).join(' | ')}\n${stationJsLines(s, Number(process.env.BENCH_TOP ?? 25)).join('\n')}\n`);
	} finally {
		await browser.close();
	}
}
