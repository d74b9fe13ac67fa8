/**
 * Scoring benchmark: `npm run bench:scoring` (tsx resolves `$lib` through tsconfig paths; run
 * `npx svelte-kit sync` first on a fresh clone).
 *
 * A deterministic synthetic competition (seeded PRNG): 2,000 entries in 20 heats of 100, and
 * exactly 100,000 events from 20 devices (one tablet per heat, a neighbour's now and then):
 * common starts with the preset's preview, pauses and assistance where the preset allows them
 * (with refused extra attempts), finishes with hand raised, rejected checks, confirmed checks
 * (some with missing pieces), tallies for unfinished entries, acknowledgements, incident notes,
 * time adjustments and a few corrections.
 *
 * Measured for es-adult-individual (pauses + assistance + preview: the heaviest fold) and
 * czjpa-individual:
 *   (a) standings from scratch: new CompetitionScorer, add every event, standings(now);
 *   (b) one more event: on a warmed scorer, add one new event (a hand raised or a tally of
 *       some entry, each iteration a different one), then standings(now);
 *   (c) baseline: sort the events with compareEvents and group them by entry in a Map, the
 *       least work any scorer must do.
 * Prints medians, p95, the ratio to the baseline and the goals. Timings are never asserted.
 *
 * Options (environment): BENCH_RUNS (default 15), BENCH_WARMUP (3), BENCH_INCREMENTAL (300),
 * BENCH_PRESETS (comma-separated preset IDs), BENCH_INPUT (clone | json | builder: the event
 * objects measured, default clone), BENCH_BUILDER_RUNS (5; 0 skips the reference rows
 * on DeviceLog-made objects), BENCH_PHASES=1 adds a breakdown of one run, BENCH_PROFILE=1
 * runs only (a) for a CPU profile (`node --cpu-prof --import tsx bench/scoring.bench.ts`).
 */
import { performance } from 'node:perf_hooks';
import { DeviceLog } from '$lib/events/builder';
import { mulberry32 } from '$lib/random';
import type { JudgeEvent } from '$lib/events/schema';
import { compareEvents } from '$lib/events/order';
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import { pauseAllowed } from '$lib/rules/ruleset-reading';
import type { Competition, Entry } from '$lib/setup/schema';
import { CompetitionScorer, type CompetitionSetup } from '$lib/scoring';

const ENTRIES = 2_000;
const HEATS = 20;
const DEVICES = 20;
const EVENTS = 100_000;
const SEED = 20250607;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const INCREMENTAL = Math.max(200, Number(process.env.BENCH_INCREMENTAL ?? 300));
const INPUT = process.env.BENCH_INPUT ?? 'clone';
/** Runs of the reference rows on DeviceLog-made objects (0: skip them). */
const BUILDER_RUNS = Number(process.env.BENCH_BUILDER_RUNS ?? 5);
const PRESET_IDS = (process.env.BENCH_PRESETS ?? 'es-adult-individual,czjpa-individual').split(',');
const GOAL_SCRATCH_MS = 100;
const GOAL_ONE_MORE_MS = 2;

const T0 = Date.UTC(2025, 5, 7, 8, 0, 0);
const MIN = 60_000;
const HEAT_GAP = 30 * MIN;

interface Synthetic {
	setup: CompetitionSetup;
	events: JudgeEvent[];
	/** After every limit and event: the final standings. */
	now: number;
	clockAt: (heat: number) => number;
}

function synthesize(ruleset: Ruleset): Synthetic {
	const rand = mulberry32(SEED);
	const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
	const chance = (p: number) => rand() < p;
	const competition: Competition = { id: 'bench', eventId: 'bench-day', name: 'Benchmark', ruleset: { id: ruleset.id, version: ruleset.version } };
	const entries: Entry[] = Array.from({ length: ENTRIES }, (_, i) => ({
		id: `e${i}`,
		competitionId: competition.id,
		heatId: `h${i % HEATS}`,
		name: `Competitor ${String(i).padStart(4, '0')}`,
		members: [{ id: `e${i}-m`, name: `Competitor ${i}` }]
	}));
	const setup: CompetitionSetup = { competition, ruleset, entries };

	// One log per device and heat; a device's sequence numbers stay unique across its logs.
	const logs = new Map<string, DeviceLog>();
	const log = (device: number, heat: number) => {
		const key = `${device}/${heat}`;
		let l = logs.get(key);
		if (!l)
			logs.set(key, (l = new DeviceLog({ deviceId: `tab-${device}`, judge: `judge ${device}`, competitionId: competition.id, heatId: `h${heat}`, firstSeq: heat * 1_000_000 + 1 })));
		return l;
	};
	const deviceFor = (heat: number) => (chance(0.1) ? (heat + 1) % DEVICES : heat % DEVICES);
	let count = 0;
	const L = ruleset.timeLimitMs;
	const heatAt = (h: number) => T0 + h * HEAT_GAP;
	const clockAt = (h: number) => heatAt(h) + ruleset.previewMs;
	const pauses = pauseAllowed(ruleset);
	const assistance = ruleset.assistance !== null;
	const pieces = ruleset.format.kind === 'single' ? ruleset.format.puzzle.pieces : 500;

	for (let h = 0; h < HEATS; h++) {
		log(h % DEVICES, h).start(heatAt(h), entries.filter((e) => e.heatId === `h${h}`).map((e) => e.id), ruleset.previewMs);
		count++;
	}

	// Per entry: the core of its log; extras fill up to EVENTS below.
	const finishAt = new Map<string, number>();
	const plans = entries.map((entry, i) => {
		const heat = i % HEATS;
		const clock = clockAt(heat);
		const finished = chance(0.7);
		const end = finished ? clock + int(20 * MIN, L - MIN) + int(0, 999) : clock + L;
		finishAt.set(entry.id, end);
		return { entry, heat, clock, finished, end };
	});
	for (const { entry, heat, clock, finished, end } of plans) {
		const id = entry.id;
		const within = () => clock + int(0, Math.max(1, end - clock - 1));
		if (pauses) {
			for (let k = int(0, 2); k > 0; k--) {
				const from = within();
				log(deviceFor(heat), heat).pause(id, from, from + int(30_000, 6 * MIN));
				count += 2;
			}
		}
		if (assistance) {
			for (let k = int(0, 3); k > 0; k--) {
				const from = within();
				log(deviceFor(heat), heat).assist(id, from, from + int(30_000, 5 * MIN));
				count += 2;
			}
		}
		for (let k = int(0, 2); k > 0; k--) {
			const d = log(deviceFor(heat), heat);
			const at = within();
			d.reject(d.hand(id, at), at + int(20_000, 90_000), 'pieces not joined');
			count += 2;
		}
		const d = log(deviceFor(heat), heat);
		if (finished) {
			const missing = chance(0.02) ? 1 : 0;
			const hand = d.hand(id, end);
			const check = d.confirm(hand, end + int(20_000, 90_000), missing);
			d.ack(id, check.at + int(5_000, 30_000));
			count += 3;
		} else {
			const groups = Array.from({ length: int(1, 8) }, () => int(1, Math.floor(pieces / 6)));
			const tally = d.tally(id, end + int(2 * MIN, 10 * MIN), groups);
			d.ack(id, tally.at + int(5_000, 30_000));
			count += 2;
		}
		if (chance(0.01)) {
			d.record('time.adjusted', end + 5 * MIN, id, { deltaMs: int(-30, 60) * 1000, reason: 'incident' });
			count++;
		}
	}

	// A few corrections: move a hand raised, or void a rejected check.
	const all = () => [...logs.values()].flatMap((l) => l.events);
	const candidates = all().filter((e) => e.type === 'hand.raised' || e.type === 'check.rejected');
	for (let k = 0; k < 40 && candidates.length > 0; k++) {
		const target = candidates[int(0, candidates.length - 1)]!;
		const heat = Number(target.heatId!.slice(1));
		const d = log((heat + 2) % DEVICES, heat);
		if (target.type === 'hand.raised') d.correct(target, target.at + 10 * MIN, 'tapped late', { type: 'hand.raised', at: target.at - int(1_000, 5_000), payload: {} });
		else d.correct(target, target.at + 10 * MIN, 'rejected by mistake');
		count++;
	}

	// Extras up to exactly EVENTS, round-robin over the entries, before each entry's finish:
	// rejected finishes, incident notes, and pause/assistance attempts beyond the caps (refused).
	const extras = pauses ? ['reject', 'note', 'pause', 'assist'] : assistance ? ['reject', 'note', 'assist'] : ['reject', 'note'];
	for (let k = 0; count < EVENTS; k++) {
		const { entry, heat, clock } = plans[k % plans.length]!;
		const end = finishAt.get(entry.id)!;
		const at = clock + int(0, Math.max(1, end - clock - 1));
		const d = log(deviceFor(heat), heat);
		const kind = extras[Math.floor(k / plans.length) % extras.length]!;
		const room = EVENTS - count;
		if (kind === 'note' || room < 2) {
			d.record('incident.noted', at, entry.id, { note: `note ${k}` });
			count++;
		} else if (kind === 'reject') {
			d.reject(d.hand(entry.id, at), at + int(20_000, 90_000));
			count += 2;
		} else if (kind === 'pause') {
			d.pause(entry.id, at, at + int(1_000, 60_000));
			count += 2;
		} else {
			d.assist(entry.id, at, at + int(1_000, 60_000));
			count += 2;
		}
	}
	const events = all();
	if (events.length !== EVENTS) throw new Error(`made ${events.length} events, not ${EVENTS}`);
	if (new Set(events.map((e) => e.deviceId)).size !== DEVICES) throw new Error('expected 20 devices');
	const now = events.reduce((m, e) => Math.max(m, e.at), clockAt(HEATS - 1) + L + 30 * MIN) + 3_600_000;
	return { setup, events, now, clockAt };
}

// ---------------------------------------------------------------- measuring

function quantile(sorted: number[], q: number): number {
	if (sorted.length === 0) return NaN;
	const pos = (sorted.length - 1) * q;
	const lo = Math.floor(pos);
	const hi = Math.ceil(pos);
	return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

interface Stat {
	median: number;
	p95: number;
	n: number;
}

function stat(samples: number[]): Stat {
	const s = samples.slice().sort((a, b) => a - b);
	return { median: quantile(s, 0.5), p95: quantile(s, 0.95), n: s.length };
}

function time(f: () => void): number {
	const t = performance.now();
	f();
	return performance.now() - t;
}

let sink = 0;

function baseline(events: readonly JudgeEvent[]): void {
	const sorted = events.slice().sort(compareEvents);
	const byEntry = new Map<string, JudgeEvent[]>();
	for (const e of sorted) {
		const key = e.entryId ?? `h:${e.heatId}`;
		const list = byEntry.get(key);
		if (list) list.push(e);
		else byEntry.set(key, [e]);
	}
	sink += byEntry.size;
}

function fromScratch(syn: Synthetic): void {
	const scorer = new CompetitionScorer(syn.setup);
	scorer.add(syn.events);
	sink += scorer.standings(syn.now).rows.length;
}

/** (b): each iteration adds a different new event to one warmed scorer, then asks for the standings. */
function oneMore(syn: Synthetic, iterations: number): number[] {
	const scorer = new CompetitionScorer(syn.setup);
	scorer.add(syn.events);
	scorer.standings(syn.now);
	const rand = mulberry32(SEED + 1);
	const extras = new Map<string, DeviceLog>();
	const extraLog = (heatId: string) => {
		let l = extras.get(heatId);
		if (!l)
			extras.set(heatId, (l = new DeviceLog({ deviceId: 'tab-extra', judge: 'bench', competitionId: syn.setup.competition.id, heatId, firstSeq: extras.size * 1_000_000 + 1 })));
		return l;
	};
	const samples: number[] = [];
	for (let k = 0; k < WARMUP * 10 + iterations; k++) {
		const entry = syn.setup.entries[Math.floor(rand() * syn.setup.entries.length)]!;
		const heat = Number(entry.heatId.slice(1));
		const log = extraLog(entry.heatId);
		const at = syn.clockAt(heat) + Math.floor(rand() * syn.setup.ruleset.timeLimitMs);
		const e =
			k % 2 === 0
				? log.record('hand.raised', at, entry.id, {})
				: log.record('tally.recorded', syn.setup.ruleset.timeLimitMs + syn.clockAt(heat) + 5 * MIN, entry.id, { groups: [20, 10, 5] });
		const ms = time(() => {
			scorer.add([e]);
			sink += scorer.standings(syn.now).rows.length;
		});
		if (k >= WARMUP * 10) samples.push(ms);
	}
	return samples;
}

/** One run split by phase (BENCH_PHASES=1), to see where the time goes. */
function phases(syn: Synthetic): Record<string, number> {
	const scorer = new CompetitionScorer(syn.setup);
	const out: Record<string, number> = {};
	out['add (bucketing)'] = time(() => scorer.add(syn.events));
	let o: unknown[] = [];
	out['outcomes (corrections + fold + evaluate)'] = time(() => (o = scorer.outcomes(syn.now)));
	out['outcomes again (evaluate only, cached folds)'] = time(() => (o = scorer.outcomes(syn.now)));
	out['conflicts()'] = time(() => scorer.conflicts());
	out['standings() on a warm scorer'] = time(() => scorer.standings(syn.now));
	sink += o.length;
	return out;
}

function fmt(ms: number): string {
	return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

function main(): void {
	console.log(`Scoring benchmark — Node ${process.version}, ${ENTRIES} entries, ${HEATS} heats, ${EVENTS} events, ${DEVICES} devices, seed ${SEED}`);
	console.log(`Input: ${INPUT === 'json' ? 'JSON-parsed' : INPUT === 'builder' ? 'DeviceLog-made' : 'structured-clone'} event objects.`);
	console.log(`(a) ${RUNS} runs after ${WARMUP} warm-up runs; (b) ${INCREMENTAL} iterations after ${WARMUP * 10} warm-up ones; (c) ${RUNS} runs\n`);
	const rows: string[][] = [];
	const misses: string[] = [];
	for (const id of PRESET_IDS) {
		const ruleset = presetById(id);
		if (!ruleset) throw new Error(`no preset ${id}`);
		const tBuild = performance.now();
		const built = synthesize(ruleset);
		const buildMs = performance.now() - tBuild;
		// The events as a device loads them (IndexedDB and postMessage use the structured clone), or
		// as the server parses them (BENCH_INPUT=json). The objects DeviceLog made, interleaved with
		// other allocations, are laid out much worse in memory (sorting them alone is several
		// times slower): the reference rows below show them.
		const events = INPUT === 'json' ? (JSON.parse(JSON.stringify(built.events)) as JudgeEvent[]) : INPUT === 'builder' ? built.events : structuredClone(built.events);
		const syn: Synthetic = { ...built, events };
		const types = new Map<string, number>();
		for (const e of syn.events) types.set(e.type, (types.get(e.type) ?? 0) + 1);
		const check = new CompetitionScorer(syn.setup);
		check.add(syn.events);
		const st = check.standings(syn.now);
		const statuses = new Map<string, number>();
		for (const r of st.rows) statuses.set(r.outcome.status, (statuses.get(r.outcome.status) ?? 0) + 1);
		console.log(`${id}: built in ${buildMs.toFixed(0)} ms; events ${[...types].map(([t, n]) => `${t} ${n}`).join(', ')}`);
		console.log(`  outcomes: ${[...statuses].map(([s, n]) => `${s} ${n}`).join(', ')}; conflicts ${st.conflicts.length}\n`);

		for (let i = 0; i < WARMUP; i++) {
			baseline(syn.events);
			fromScratch(syn);
		}
		const base: number[] = [];
		const scratch: number[] = [];
		for (let i = 0; i < RUNS; i++) {
			base.push(time(() => baseline(syn.events)));
			scratch.push(time(() => fromScratch(syn)));
		}
		const one = oneMore(syn, INCREMENTAL);
		const b = stat(base);
		const a = stat(scratch);
		const c = stat(one);
		rows.push([id, '(c) baseline: sort + group by entry', fmt(b.median), fmt(b.p95), '1.0', '—', '']);
		const verdict = (s: Stat, goal: number, what: string) => {
			const ok = s.median < goal;
			if (!ok) misses.push(`${id} ${what}`);
			return ok ? 'PASS' : 'MISS';
		};
		rows.push([id, '(a) standings from scratch', fmt(a.median), fmt(a.p95), (a.median / b.median).toFixed(1), `< ${GOAL_SCRATCH_MS} ms`, verdict(a, GOAL_SCRATCH_MS, '(a)')]);
		rows.push([id, '(b) one more event + standings', fmt(c.median), fmt(c.p95), (c.median / b.median).toFixed(2), `< ${GOAL_ONE_MORE_MS} ms`, verdict(c, GOAL_ONE_MORE_MS, '(b)')]);
		if (BUILDER_RUNS > 0) {
			// Reference: the same measures on the objects as DeviceLog made them.
			const rb: number[] = [];
			const ra: number[] = [];
			baseline(built.events);
			fromScratch(built);
			for (let i = 0; i < BUILDER_RUNS; i++) {
				rb.push(time(() => baseline(built.events)));
				ra.push(time(() => fromScratch(built)));
			}
			const sb = stat(rb);
			const sa = stat(ra);
			rows.push([id, '(c) baseline, on DeviceLog-made objects', fmt(sb.median), fmt(sb.p95), '1.0', '—', '(ref.)']);
			rows.push([id, '(a) from scratch, on DeviceLog-made objects', fmt(sa.median), fmt(sa.p95), (sa.median / sb.median).toFixed(1), '—', '(ref.)']);
		}
		if (process.env.BENCH_PHASES) {
			const p = phases(syn);
			console.log(`  one from-scratch run by phase: ${Object.entries(p).map(([k, v]) => `${k} ${fmt(v)} ms`).join('; ')}\n`);
		}
	}
	const head = ['preset', 'measure', 'median ms', 'p95 ms', '× baseline', 'goal (median)', 'result'];
	const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
	const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
	console.log(line(head));
	console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
	for (const r of rows) console.log(line(r));
	console.log(misses.length ? `\nMISS: ${misses.join(', ')}` : '\nAll goals met.');
	if (sink === -1) console.log(sink);
}

/** BENCH_PROFILE=1: only from-scratch runs of the first preset, for `node --cpu-prof`. */
function profileOnly(): void {
	const syn = synthesize(presetById(PRESET_IDS[0]!)!);
	const events = structuredClone(syn.events);
	for (let i = 0; i < RUNS; i++) fromScratch({ ...syn, events });
}

if (process.env.BENCH_PROFILE) profileOnly();
else main();
