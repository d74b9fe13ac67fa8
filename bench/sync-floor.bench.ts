/**
 * The floor under `npm run bench:sync`: what storing 100,000 judge events costs in this
 * process with no HTTP at all — JSON.parse of the push bodies, one zod validation per event,
 * the stored text (JSON of zod's output), and the SQLite writes (WAL, synchronous = FULL) in 100
 * transactions — each step timed on its own, as µs per event — and, apart, reading everything
 * back as pull answers (pages of 5,000 joined by SQLite). The sync benchmark's goals ask for the whole
 * path, HTTP included; this says how much of it is left once the bare work is done.
 *
 *   npx tsx bench/sync-floor.bench.ts        (BENCH_RUNS=3)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DeviceLog } from '$lib/events/builder';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import { openStore } from '$lib/server/db';
import { DEMO_EVENT_ID } from '$lib/server/demo';

const TABLETS = 100;
const EVENTS = 1000;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const T0 = Date.UTC(2026, 4, 16, 9);

function bodies(run: number): string[] {
	const out: string[] = [];
	for (let t = 0; t < TABLETS; t++) {
		const competitionId = 'demo-czjpa-individual';
		// IDs as the tablets make them (device-seq), or random UUIDs as the sync benchmark's storm has them (BENCH_UUID=1).
		const newId = process.env.BENCH_UUID === '1' ? () => crypto.randomUUID() : undefined;
		const log = new DeviceLog({ deviceId: `floor-${run}-${t}`, judge: 'Eva', competitionId, heatId: `${competitionId}-h1`, newId });
		const entries = [1, 2, 3, 4, 5].map((i) => `${competitionId}-e${i}`);
		log.start(T0, entries);
		for (let i = 1; log.events.length < EVENTS; i++) {
			const hand = log.hand(entries[i % 5]!, T0 + i * 1000);
			if (i % 2 === 0) log.confirm(hand, T0 + i * 1000 + 500, i % 3);
			else log.pause(entries[i % 5]!, T0 + i * 1000 + 200, T0 + i * 1000 + 700);
		}
		out.push(JSON.stringify({ events: log.events.slice(0, EVENTS) }));
	}
	return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows: Record<string, number[]> = {
	'JSON.parse': [],
	'zod (once per event)': [],
	'JSON.stringify (stored text)': [],
	'SQLite (100 commits, FULL)': [],
	total: [],
	'pull pages of 5,000 (apart)': []
};

for (let run = 0; run < RUNS; run++) {
	const dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-floor-'));
	const store = openStore(dir);
	const texts = bodies(run);
	const n = TABLETS * EVENTS;

	let t = performance.now();
	const parsed = texts.map((s) => (JSON.parse(s) as { events: unknown[] }).events);
	const parseMs = performance.now() - t;

	t = performance.now();
	const valid = parsed.map((list) => list.map((e) => JudgeEventSchema.parse(e) as JudgeEvent));
	const zodMs = performance.now() - t;

	t = performance.now();
	let chars = 0;
	for (const list of valid) for (const e of list) chars += JSON.stringify(e).length;
	const textMs = performance.now() - t;

	// The store's own append (it makes the text again: subtracted below).
	t = performance.now();
	for (const list of valid) store.appendValidJudgeEvents(list, { eventId: DEMO_EVENT_ID, tokenId: 'floor', receivedAt: T0 });
	const sqliteMs = performance.now() - t - textMs;

	const us = (ms: number) => (ms * 1000) / n;
	rows['JSON.parse']!.push(us(parseMs));
	rows['zod (once per event)']!.push(us(zodMs));
	rows['JSON.stringify (stored text)']!.push(us(textMs));
	rows['SQLite (100 commits, FULL)']!.push(us(sqliteMs));
	rows.total!.push(us(parseMs + zodMs + textMs + sqliteMs));
	if (chars === 0) throw new Error('nothing serialized');

	t = performance.now();
	let pulled = 0;
	for (let cursor = 0, more = true; more; ) {
		const page = store.judgeEventPageBytes(DEMO_EVENT_ID, cursor, 5000);
		pulled += page.joined.length;
		({ cursor, more } = page);
	}
	rows['pull pages of 5,000 (apart)']!.push(us(performance.now() - t));
	if (pulled === 0) throw new Error('nothing pulled');
	const stored = store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, n + 1).events.length;
	if (stored !== n) throw new Error(`stored ${stored} of ${n}`);
	store.close();
	rmSync(dir, { recursive: true, force: true });
}

console.log(`Sync floor · ${TABLETS} × ${EVENTS} events, no HTTP · medians of ${RUNS} runs, µs per event`);
for (const [what, xs] of Object.entries(rows)) console.log(`  ${what.padEnd(30)} ${median(xs).toFixed(1).padStart(6)} µs`);
const total = median(rows.total!);
console.log(`  → at most ${Math.round(1e6 / total).toLocaleString('en')} events/s on one core before any HTTP`);
