/**
 * The organizer's standings after a sync (issue 32 #2): `npm run bench:organizer` (tsx resolves
 * `$lib` through tsconfig paths; run `npx svelte-kit sync` first on a fresh clone).
 *
 * One event of 10 competitions (5 × czjpa-individual, 5 × es-adult-individual), 40 heats of 40
 * seats each, and exactly 100,000 judge events from one tablet per heat, made from a seeded PRNG
 * with DeviceLog as judges tap them (a common start, pauses and assistance where the ruleset
 * allows them, rejected finishes, finishes with a check and an acknowledgement or a tally at the
 * limit, now and then an adjustment, an incident or a correction), stored in an IndexedDB
 * (fake-indexeddb under Node) as the organizer's device holds them. What is timed is the
 * organizer's view as its screen gets it (src/lib/organizer/organizer-view.ts, with the device's
 * own sources):
 *
 *   (s) from scratch: read the set-up and all 100,000 events from IndexedDB, score every
 *       competition (the CLI's path) — what every sync did before, twice (the double read);
 *       split into the IndexedDB read (asynchronous) and the scoring after it (one synchronous
 *       task: the longest the screen is blocked);
 *   (a) a sync that brought nothing: the kept view, told no events (in the app the device
 *       session does not even call it);
 *   (b) a sync that brought one event (a hand raised of a random seat of one competition);
 *   (c) a sync that brought 100 events of one competition (a heat's taps);
 *   floors (same run): the scorer's "one more event" path alone — on a warmed CompetitionScorer
 *       of the same competition, add the same 1 (b) or 100 (c) events, then standings(now): the
 *       least any update of that competition's standings must do.
 *
 * (a), (b) and (c) read nothing from IndexedDB and never await: each is one synchronous task,
 * so its time is the longest task it puts on the screen's main thread (the Svelte update of the
 * changed rows comes on top and is not measured here). The goals are ratios to the floors:
 * (b) ≤ 3 × its floor, (c) ≤ 3 × its floor, (a) ≤ 0.001 × (s); and every update under 50 ms,
 * the long-task threshold. Timings are never asserted.
 *
 * Options (environment): BENCH_RUNS (updates per case, default 60), BENCH_WARMUP (10),
 * BENCH_SCRATCH_RUNS (from-scratch builds, default 3, after one warm-up).
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { StationDb } from '$lib/db/station-db';
import { saveSetup, type SetupBundle } from '$lib/db/setup-store';
import { DeviceLog } from '$lib/events/builder';
import { recordRealisticHeat } from './realistic-heat';
import type { JudgeEvent } from '$lib/events/schema';
import { competitionsToScore } from '$lib/files/merge';
import { DEVICE_SOURCES, OrganizerViewKeeper, type OrganizerViewSources } from '$lib/organizer/organizer-view';
import { mulberry32 } from '$lib/random';
import { presetById } from '$lib/rules/presets';
import { CompetitionScorer } from '$lib/scoring';
import type { Competition, Entry, Heat } from '$lib/setup/schema';

const SEED = 20260516;
const EVENT_ID = 'bench-day';
const PRESETS = ['czjpa-individual', 'es-adult-individual'];
const COMPETITIONS = 10;
const HEATS = 40;
const SEATS = 40;
const EVENTS = 100_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const SCRATCH_RUNS = Number(process.env.BENCH_SCRATCH_RUNS ?? 3);
const LONG_TASK_MS = 50;

const T0 = Date.UTC(2026, 4, 16, 8, 0, 0);
const MIN = 60_000;

interface Generated {
	bundle: SetupBundle;
	events: JudgeEvent[];
	/** After every event and limit. */
	end: number;
	/** The seats of each competition, by heat: where the new taps go. */
	seats: Map<string, { heatId: string; entryIds: string[] }[]>;
}

function generate(): Generated {
	const rand = mulberry32(SEED);
	const rulesets = PRESETS.map((id) => presetById(id)!);
	const competitions: Competition[] = [];
	const heats: Heat[] = [];
	const entries: Entry[] = [];
	const seats = new Map<string, { heatId: string; entryIds: string[] }[]>();
	const logs: DeviceLog[] = [];
	const pending: (() => void)[] = [];
	let end = T0;
	for (let c = 0; c < COMPETITIONS; c++) {
		const ruleset = rulesets[c % rulesets.length]!;
		const competitionId = `comp-${c + 1}`;
		competitions.push({ id: competitionId, eventId: EVENT_ID, name: `Competition ${c + 1}`, ruleset: { id: ruleset.id, version: ruleset.version } });
		const list: { heatId: string; entryIds: string[] }[] = [];
		for (let h = 0; h < HEATS; h++) {
			const heatId = `${competitionId}-h${h + 1}`;
			heats.push({ id: heatId, competitionId, name: `Heat ${h + 1}` });
			const entryIds = Array.from({ length: SEATS }, (_, s) => `${heatId}-e${s + 1}`);
			for (const id of entryIds) entries.push({ id, competitionId, heatId, name: `Competitor ${id}`, members: [{ id: `${id}-m`, name: `Competitor ${id}` }] });
			list.push({ heatId, entryIds });
			const log = new DeviceLog({ deviceId: `tab-${c + 1}-${(h % 5) + 1}`, judge: `Judge ${c + 1}.${(h % 5) + 1}`, competitionId, heatId, firstSeq: h * 100_000 + 1 });
			logs.push(log);
			const at = T0 + h * (ruleset.timeLimitMs + 30 * MIN);
			end = Math.max(end, at + ruleset.previewMs + ruleset.timeLimitMs + 60 * MIN);
			pending.push(() => recordRealisticHeat(log, ruleset, entryIds, at, rand));
		}
		seats.set(competitionId, list);
	}
	for (const run of pending) run();
	const all = logs.flatMap((l) => l.events);
	if (all.length < EVENTS) throw new Error(`made ${all.length} events, fewer than ${EVENTS}`);
	// Exactly EVENTS: each heat's log cut by the same share, at its end (its latest taps).
	const keep = EVENTS / all.length;
	const events: JudgeEvent[] = [];
	for (const l of logs) events.push(...l.events.slice(0, Math.floor(l.events.length * keep)));
	for (const l of logs) {
		if (events.length >= EVENTS) break;
		const n = Math.floor(l.events.length * keep);
		if (n < l.events.length) events.push(l.events[n]!);
	}
	if (events.length !== EVENTS) throw new Error(`cut to ${events.length} events, not ${EVENTS}`);
	return { bundle: { days: [{ id: EVENT_ID, name: 'Benchmark day', date: '2026-05-16' }], rulesets, competitions, heats, entries }, events, end, seats };
}

// ---------------------------------------------------------------- measuring

function quantile(sorted: number[], q: number): number {
	if (sorted.length === 0) return NaN;
	const pos = (sorted.length - 1) * q;
	const lo = Math.floor(pos);
	const hi = Math.ceil(pos);
	return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

function stat(samples: number[]) {
	const s = samples.slice().sort((a, b) => a - b);
	return { median: quantile(s, 0.5), p95: quantile(s, 0.95), max: s.at(-1) ?? NaN };
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));

/** New taps of one competition's heat, as a tablet records them after the event read so far. */
class Taps {
	#n = 0;
	readonly #rand = mulberry32(SEED + 1);
	constructor(private readonly g: Generated) {}
	/** `count` hands raised of seats of one heat of `competitionId`. */
	of(competitionId: string, count: number): JudgeEvent[] {
		const heats = this.g.seats.get(competitionId)!;
		const heat = heats[Math.floor(this.#rand() * heats.length)]!;
		const log = new DeviceLog({ deviceId: `late-${++this.#n}`, judge: 'Late judge', competitionId, heatId: heat.heatId });
		for (let i = 0; i < count; i++) log.hand(heat.entryIds[Math.floor(this.#rand() * heat.entryIds.length)]!, this.g.end + this.#n * 1000 + i);
		// What IndexedDB hands back: structured-clone copies.
		return log.events.map((e) => structuredClone(e));
	}
}

async function main(): Promise<void> {
	console.log(`bench:organizer — ${COMPETITIONS} competitions × ${HEATS} heats × ${SEATS} seats, ${EVENTS.toLocaleString('en')} events; node ${process.version}`);
	let t = performance.now();
	const g = generate();
	const db = new StationDb(`bench-organizer-${process.pid}`);
	await saveSetup(db, g.bundle);
	for (let i = 0; i < g.events.length; i += 10_000) await db.events.bulkAdd(g.events.slice(i, i + 10_000));
	console.log(`made and stored in ${((performance.now() - t) / 1000).toFixed(1)} s (fake-indexeddb)`);

	// (s) from scratch, split into the reads and the synchronous scoring after them.
	let readDone = 0;
	const timedSources: OrganizerViewSources = {
		...DEVICE_SOURCES,
		read: async (d, id) => {
			const r = await DEVICE_SOURCES.read(d, id);
			readDone = Math.max(readDone, performance.now());
			return r;
		},
		setupExtras: async (d, id) => {
			const r = await DEVICE_SOURCES.setupExtras(d, id);
			readDone = Math.max(readDone, performance.now());
			return r;
		}
	};
	const scratch = { total: [] as number[], read: [] as number[], score: [] as number[] };
	let at = g.end;
	for (let i = 0; i < SCRATCH_RUNS + 1; i++) {
		readDone = 0;
		t = performance.now();
		const view = await new OrganizerViewKeeper(timedSources).view(db, EVENT_ID, at, null);
		const done = performance.now();
		if (view.eventCount !== EVENTS) throw new Error(`read ${view.eventCount} events`);
		if (i === 0) continue; // warm-up
		scratch.total.push(done - t);
		scratch.read.push(readDone - t);
		scratch.score.push(done - readDone);
	}

	// The kept view, as the organizer's screen holds it after its first read.
	const keeper = new OrganizerViewKeeper();
	let view = await keeper.view(db, EVENT_ID, at, null);
	const plans = new Map(competitionsToScore(view.merged).map((c) => [c.competition.id, c]));
	const floorScorers = new Map<string, CompetitionScorer>();
	for (const [id, c] of plans) {
		const s = new CompetitionScorer(c);
		s.add(c.events);
		s.standings(at);
		floorScorers.set(id, s);
	}
	const taps = new Taps(g);
	const competitionIds = [...plans.keys()];
	const rand = mulberry32(SEED + 2);

	const cases = { nothing: [] as number[], one: [] as number[], oneFloor: [] as number[], hundred: [] as number[], hundredFloor: [] as number[] };
	for (let i = 0; i < WARMUP + RUNS; i++) {
		const warm = i < WARMUP;
		at += 1000;
		// (a) nothing
		t = performance.now();
		const same = await keeper.view(db, EVENT_ID, at, []);
		const a = performance.now() - t;
		if (same !== view) throw new Error('an empty change made a new view');
		// (b) one event; the floor: the same event into a warmed scorer of its competition.
		for (const [count, into, floor] of [
			[1, cases.one, cases.oneFloor],
			[100, cases.hundred, cases.hundredFloor]
		] as const) {
			const competitionId = competitionIds[Math.floor(rand() * competitionIds.length)]!;
			const events = taps.of(competitionId, count);
			await db.events.bulkAdd(events); // the pull stores them; not part of the update
			t = performance.now();
			const next = await keeper.view(db, EVENT_ID, at, events);
			const took = performance.now() - t;
			if (next === view || next.standings.find((s) => s.competition.id === competitionId)!.standings.at !== at) throw new Error('the update did not score its competition');
			view = next;
			const scorer = floorScorers.get(competitionId)!;
			const copies = events.map((e) => structuredClone(e));
			t = performance.now();
			scorer.add(copies);
			scorer.standings(at);
			const f = performance.now() - t;
			if (!warm) {
				into.push(took);
				floor.push(f);
			}
		}
		if (!warm) cases.nothing.push(a);
	}
	// The kept view equals the view from scratch over the same events.
	const check = await new OrganizerViewKeeper().view(db, EVENT_ID, at, null);
	for (const s of check.standings) {
		const kept = view.standings.find((x) => x.competition.id === s.competition.id)!;
		const again = new CompetitionScorer(plans.get(s.competition.id)!);
		again.add(check.merged.log.filter((e) => e.competitionId === s.competition.id));
		if (JSON.stringify(kept.standings.rows.map((r) => [r.entryId, r.place])) !== JSON.stringify(again.standings(kept.standings.at).rows.map((r) => [r.entryId, r.place])))
			throw new Error(`kept standings of ${s.competition.id} differ from scratch`);
	}

	const s = { total: stat(scratch.total), read: stat(scratch.read), score: stat(scratch.score) };
	const rows: string[][] = [];
	const row = (what: string, st: ReturnType<typeof stat>, ratio: string, goal: string, ok: boolean | null) =>
		rows.push([what, fmt(st.median), fmt(st.p95), fmt(st.max), ratio, goal, ok === null ? '' : ok ? 'PASS' : 'MISS']);
	row('(s) from scratch, total', s.total, '1', '—', null);
	row('    … IndexedDB reads (async)', s.read, (s.read.median / s.total.median).toFixed(2), '—', null);
	row('    … scoring after them (one task)', s.score, (s.score.median / s.total.median).toFixed(2), `< ${LONG_TASK_MS} ms`, s.score.max < LONG_TASK_MS);
	const a = stat(cases.nothing);
	row('(a) sync brought nothing', a, (a.median / s.total.median).toExponential(1), '≤ 0.001 × (s)', a.median <= 0.001 * s.total.median);
	for (const [label, c, f] of [
		['(b) sync brought 1 event', cases.one, cases.oneFloor],
		['(c) sync brought 100 events of 1 competition', cases.hundred, cases.hundredFloor]
	] as const) {
		const cs = stat(c);
		const fs = stat(f);
		row(`    floor: scorer add(${label.startsWith('(b)') ? 1 : 100}) + standings`, fs, '1', '—', null);
		row(label, cs, `${(cs.median / fs.median).toFixed(2)} × floor; ${(cs.median / s.total.median).toExponential(1)} × (s)`, `≤ 3 × floor, max < ${LONG_TASK_MS} ms`, cs.median <= 3 * fs.median && cs.max < LONG_TASK_MS);
	}
	const head = ['measure', 'median ms', 'p95 ms', 'max ms', 'ratio', 'goal', ''];
	const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
	const line = (r: string[]) => r.map((c, i) => (i === 0 || i >= 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
	console.log(line(head));
	for (const r of rows) console.log(line(r));
	console.log(`(s): ${SCRATCH_RUNS} builds after 1 warm-up; (a)–(c): ${RUNS} updates each after ${WARMUP} warm-up; the kept standings were checked against scratch.`);
	db.close();
}

await main();
