/**
 * Live benchmark (issue 32): `npm run bench:live`. See bench/README.md ("Live benchmark") for
 * the method. A benchmark, not a test: goals are printed with PASS/MISS, never asserted.
 *
 * One production server (`node scripts/start.js`, 127.0.0.1, a fresh DATA_DIR), seeded through
 * its API: an event, one competition (czjpa-individual) shown live, three heats of TABLETS ×
 * SEATS entries (one per phase), TABLETS judge devices and a display. Then, in one run:
 *
 *   floor     a bare Node server (bench/live-floor-server.ts) relays one message to VIEWERS
 *             Server-Sent Events streams held by the viewers' process: send → receive;
 *   push      TABLETS tablets record realistic taps (bench/live-taps.ts) in heat 1, each tap a
 *             push of its new events (the outbox, as src/lib/sync/client does), the moment the
 *             server's answer arrived kept as the tap's time; each tablet holds the devices'
 *             announcement stream and pulls its competition when told. The organizer and the
 *             display (Node clients: the real AnnouncementFeed, a pull when told, the standings
 *             with the shared scorer, CompetitionScorer) and VIEWERS public viewers
 *             (bench/live-viewers.ts: the public live stream, and the competition's resource
 *             read with its ETag when told) note when each new result is visible;
 *   fallback  heat 2, no announcement stream anywhere (push down): the organizer and the display
 *             pull every 30 s (the sync engine's interval), the viewers read every
 *             LIVE_REFRESH_MS, each at its own phase;
 *   proxy     heat 3, the viewers reading every LIVE_REFRESH_MS: for PROXY_S seconds straight at
 *             the origin, then for PROXY_S through nginx (tests/fixtures/nginx-live.conf: the
 *             documented cache) with a counting relay (tests/live-proxy-relay.ts) between nginx
 *             and the origin: the origin's requests per second either way.
 *
 * A result is "visible" to a client when the standings it computed (devices) or the body it
 * received (viewers) show the entry's new result: the value the shared scorer gives after the
 * tap (a time), as `result` of the live row or the basis of the standings row.
 *
 * Options (environment): BENCH_TABLETS (20), BENCH_SEATS (3 per tablet and heat), BENCH_VIEWERS
 * (1000), BENCH_PUSH_S (40: seconds of taps in the push phase), BENCH_FALLBACK_S (8),
 * BENCH_PROXY_S (10), BENCH_FLOOR_MESSAGES (20), BENCH_PHASES (floor,push,fallback,proxy).
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_REFRESH_MS, type Announcement } from '$lib/contract';
import { CompetitionScorer, type CompetitionSetup, type StandingRow } from '$lib/scoring';
import { AnnouncementFeed } from '$lib/sync/client/announcement-feed';
import { realEnvironment } from '$lib/sync/client/environment';
import { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent } from '$lib/events/schema';
import { presetById } from '$lib/rules/presets';
import { standingResult } from '$lib/results/standing-result';
import { freePort, spawnServer, untilUp, type ServerProcess } from '../tests/server-spawn';
import { startNginx } from '../tests/live-proxy-nginx';
import { startCountingRelay } from '../tests/live-proxy-relay';
import { clock } from './live-clock';
import type { ViewerCommand, ViewerReport } from './live-viewers';
import { heatTaps, type Tap } from './live-taps';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const num = (name: string, fallback: number) => Math.max(0, Number(process.env[name] ?? fallback));
const TABLETS = num('BENCH_TABLETS', 20);
const SEATS = num('BENCH_SEATS', 3);
const VIEWERS = num('BENCH_VIEWERS', 1000);
const PUSH_S = num('BENCH_PUSH_S', 40);
const FALLBACK_S = num('BENCH_FALLBACK_S', 8);
const PROXY_S = num('BENCH_PROXY_S', 10);
const FLOOR_MESSAGES = num('BENCH_FLOOR_MESSAGES', 20);
const PHASES = (process.env.BENCH_PHASES ?? 'floor,push,fallback,proxy').split(',');
/** The sync engine's poll (src/lib/sync/client/engine.ts, `intervalMs` default): the devices' fallback. */
const DEVICE_POLL_MS = 30_000;
const GOAL_MS = 2_000;
const GOAL_FLOOR_RATIO = 3;
const ADMIN_KEY = 'bench-live-admin-key-0123456789abcdef';
const RULESET = presetById('czjpa-individual')!;

// ---------------------------------------------------------------------------------------------
// Processes, cleaned up on every exit

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];
process.once('exit', () => {
	for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
	process.once(signal, () => {
		for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
		process.exit(130);
	});

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await ok())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(50);
	}
}

function forkTs(file: string, env: NodeJS.ProcessEnv = process.env): ChildProcess {
	const child = fork(join(ROOT, 'bench', file), { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
	children.add(child);
	child.once('exit', () => children.delete(child));
	return child;
}

/** The viewers' process: started, given one command, asked for reports, stopped. */
class Viewers {
	readonly child = forkTs('live-viewers.ts');
	readonly #ready = new Promise<void>((ok) => this.child.once('message', () => ok()));
	async start(c: Omit<Extract<ViewerCommand, { kind: 'start' }>, 'kind'>): Promise<void> {
		await this.#ready;
		this.child.send({ kind: 'start', ...c } satisfies ViewerCommand);
	}
	report(kind: 'report' | 'stop' = 'report'): Promise<ViewerReport> {
		return new Promise((ok) => {
			const on = (m: ViewerReport) => {
				if (m.kind !== 'report') return;
				this.child.off('message', on);
				ok(m);
			};
			this.child.on('message', on);
			this.child.send({ kind } satisfies ViewerCommand);
		});
	}
	async stop(): Promise<ViewerReport> {
		const r = await this.report('stop');
		await new Promise((ok) => (this.child.exitCode === null ? this.child.once('exit', ok) : ok(null)));
		return r;
	}
}

/** From now on, the CPU the bench's own clients use: this process (tablets, organizer, display) and the viewers' process. */
function clientClock(viewers: Viewers | null): (v: Viewers | null) => string {
	const own = process.cpuUsage();
	const start = performance.now();
	const theirs = viewers ? procStat(viewers.child.pid!).ticks : 0;
	return (v) => {
		const secs = (performance.now() - start) / 1000;
		const mine = process.cpuUsage(own);
		const devices = (mine.user + mine.system) / 1e6 / secs;
		const viewing = v ? (procStat(v.child.pid!).ticks - theirs) / 100 / secs : 0;
		return `devices ${devices.toFixed(2)} s/s, viewers ${viewing.toFixed(2)} s/s`;
	};
}

/** CPU ticks (user + system) and resident memory of a process, from /proc (Linux). */
function procStat(pid: number): { ticks: number; rssBytes: number } {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return { ticks: Number(f[11]) + Number(f[12]), rssBytes: Number(f[21]) * 4096 };
}

/** Samples a process's CPU (seconds per second, USER_HZ = 100) and RSS once a second. */
class ProcSampler {
	readonly cpu: number[] = [];
	readonly rss: number[] = [];
	#timer: ReturnType<typeof setInterval> | null = null;
	constructor(readonly pid: number) {}
	start(): void {
		let last = procStat(this.pid);
		let lastAt = performance.now();
		this.#timer = setInterval(() => {
			const now = procStat(this.pid);
			const at = performance.now();
			this.cpu.push((now.ticks - last.ticks) / 100 / ((at - lastAt) / 1000));
			this.rss.push(now.rssBytes);
			last = now;
			lastAt = at;
		}, 1000);
	}
	stop(): void {
		if (this.#timer) clearInterval(this.#timer);
	}
}

// ---------------------------------------------------------------------------------------------
// The server and its event, through the API

interface Seeded {
	eventId: string;
	competitionId: string;
	organizer: string;
	display: string;
	judges: string[];
	setup: CompetitionSetup;
	heats: { heatId: string; entryIds: string[][] }[];
}

async function api<T>(base: string, method: string, path: string, token: string, json?: unknown): Promise<T> {
	const r = await fetch(`${base}${path}`, {
		method,
		headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
		body: json === undefined ? undefined : JSON.stringify(json)
	});
	const text = await r.text();
	if (!r.ok) throw new Error(`${method} ${path} answered ${r.status}: ${text.slice(0, 300)}`);
	return JSON.parse(text) as T;
}

async function seed(base: string): Promise<Seeded> {
	const created = await api<{ eventId: string; token: string }>(base, 'POST', '/api/events', ADMIN_KEY, { event: { name: 'Live bench', date: new Date().toISOString().slice(0, 10) } });
	const { eventId, token: organizer } = created;
	const competitionId = 'live-c1';
	const competition = { id: competitionId, eventId, name: 'Individual', ruleset: { id: RULESET.id, version: RULESET.version } };
	const heats = [1, 2, 3].map((h) => ({
		heatId: `live-h${h}`,
		entryIds: Array.from({ length: TABLETS }, (_, t) => Array.from({ length: SEATS }, (_, s) => `live-h${h}-t${t + 1}-s${s + 1}`))
	}));
	const entries = heats.flatMap(({ heatId, entryIds }) =>
		entryIds.flatMap((seats, t) =>
			seats.map((id, s) => ({ id, competitionId, heatId, name: `Competitor ${id.slice(5)}`, members: [{ id: `${id}-m`, name: `Competitor ${id.slice(5)}`, country: 'CZ' }], table: String(t + 1), seat: String(s + 1) }))
		)
	);
	await api(base, 'POST', `/api/events/${eventId}/setup`, organizer, {
		rulesets: [RULESET],
		competitions: [competition],
		heats: heats.map(({ heatId }, i) => ({ id: heatId, competitionId, name: `Heat ${i + 1}` })),
		entries
	});
	const judges: string[] = [];
	for (let t = 0; t < TABLETS; t++) judges.push((await api<{ token: string }>(base, 'POST', `/api/events/${eventId}/devices`, organizer, { role: 'judge', label: `Table ${t + 1}` })).token);
	const display = (await api<{ token: string }>(base, 'POST', `/api/events/${eventId}/devices`, organizer, { role: 'display', label: 'Hall screen' })).token;
	return { eventId, competitionId, organizer, display, judges, setup: { competition, ruleset: RULESET, entries }, heats };
}

/** Switches the competition live; false when this build has no live switch yet. */
async function switchLive(base: string, s: Seeded): Promise<boolean> {
	const r = await fetch(`${base}/api/events/${s.eventId}/competitions/${s.competitionId}/live`, {
		method: 'POST',
		headers: { authorization: `Bearer ${s.organizer}`, 'content-type': 'application/json', accept: 'application/json' },
		body: JSON.stringify({ show: true })
	});
	await r.arrayBuffer();
	return r.ok;
}

/** The public live resource answers (the public side is on this build). */
async function publicLive(base: string, s: Seeded): Promise<boolean> {
	const r = await fetch(`${base}${livePath(s)}`);
	await r.arrayBuffer();
	return r.ok;
}
const livePath = (s: Seeded) => `/api/public/events/${s.eventId}/live/${s.competitionId}`;
const liveStreamPath = (s: Seeded) => `/api/public/events/${s.eventId}/live-announcements`;

// ---------------------------------------------------------------------------------------------
// What each tap should make visible, by the shared scorer

/** A row's result as every surface shows it (standingResult: the live row's `result`): `time:ms`, `pieces:n`, or null. */
function resultKey(row: StandingRow): string | null {
	const result = standingResult(row.outcome);
	return result === null ? null : result.kind === 'time' ? `time:${result.ms}` : `pieces:${result.count}`;
}

/** Keeps every event pushed and says, after each tap, which entry's result it changed and to what. */
class Truth {
	readonly #scorer: CompetitionScorer;
	readonly #shown = new Map<string, string | null>();
	constructor(setup: CompetitionSetup) {
		this.#scorer = new CompetitionScorer(setup);
	}
	/** The new result `entryId` shows after `events`, or null when its result did not change to a new value. */
	after(events: JudgeEvent[], entryId: string | null): string | null {
		this.#scorer.add(events);
		if (entryId === null) return null;
		const row = this.#scorer.standings(Date.now()).rows.find((r) => r.entryId === entryId)!;
		const key = resultKey(row);
		const before = this.#shown.get(entryId) ?? null;
		this.#shown.set(entryId, key);
		return key !== null && key !== before ? `${entryId}|${key}` : null;
	}
}

// ---------------------------------------------------------------------------------------------
// The tablets, the organizer and the display

/** A measured tap: what it made visible (entry|result), and when the server acknowledged it. */
interface Measured {
	key: string;
	ackAt: number;
}

/** One tablet: its outbox, pushed after every tap (one push at a time, the rest after it), and its announcement stream. */
class Tablet {
	readonly #outbox: { event: JudgeEvent; entryId: string | null }[] = [];
	#pushing: Promise<void> | null = null;
	#feed: AnnouncementFeed | null = null;
	#cursor = 0;
	#pulling = false;
	#again = false;
	pushes = 0;
	/** The device's next sequence number: its events' IDs are `{deviceId}-{seq}`, across heats. */
	nextSeq = 1;
	constructor(
		readonly deviceId: string,
		readonly base: string,
		readonly s: Seeded,
		readonly token: string,
		readonly truth: Truth,
		public measured: Measured[]
	) {}

	listen(): void {
		this.#feed = new AnnouncementFeed({
			server: this.base,
			token: this.token,
			eventId: this.s.eventId,
			env: realEnvironment(),
			onAnnouncement: (a: Announcement) => a.competitions.includes(this.s.competitionId) && void this.#pull()
		});
		this.#feed.start();
	}
	get listening(): boolean {
		return this.#feed?.state === 'listening';
	}
	stopListening(): void {
		this.#feed?.stop();
		this.#feed = null;
	}

	tap(events: JudgeEvent[], entryId: string | null): void {
		for (const event of events) this.#outbox.push({ event, entryId });
		this.#pushing ??= this.#push().finally(() => (this.#pushing = null));
	}
	/** Resolves once the outbox is empty. */
	async drained(): Promise<void> {
		while (this.#pushing) await this.#pushing;
	}

	async #push(): Promise<void> {
		while (this.#outbox.length > 0) {
			const batch = this.#outbox.splice(0);
			const r = await api<{ stored: unknown[]; duplicates: unknown[] }>(this.base, 'POST', `/api/events/${this.s.eventId}/judge-events`, this.token, { events: batch.map((b) => b.event) });
			const ackAt = clock();
			this.pushes++;
			if (r.stored.length !== batch.length) throw new Error(`a push stored ${r.stored.length} of ${batch.length} events`);
			for (const { event, entryId } of batch) {
				const key = this.truth.after([event], entryId);
				if (key) this.measured.push({ key, ackAt });
			}
		}
	}

	/** A pull of its competition when told (one at a time, one more if told meanwhile), as a judge device does. */
	async #pull(): Promise<void> {
		if (this.#pulling) {
			this.#again = true;
			return;
		}
		this.#pulling = true;
		try {
			do {
				this.#again = false;
				for (let more = true; more; ) {
					const page = await api<{ cursor: number; more: boolean }>(
						this.base,
						'GET',
						`/api/events/${this.s.eventId}/judge-events?after=${this.#cursor}&limit=5000&competitions=${this.s.competitionId}`,
						this.token
					);
					({ cursor: this.#cursor, more } = page);
				}
			} while (this.#again);
		} finally {
			this.#pulling = false;
		}
	}
}

/** The organizer's screen or the room display, as a Node client: pulls when told (or every 30 s), scores, notes what it shows. */
class Screen {
	readonly #scorer: CompetitionScorer;
	#feed: AnnouncementFeed | null = null;
	#poll: ReturnType<typeof setTimeout> | null = null;
	#cursor = 0;
	#pulling = false;
	#again = false;
	pulls = 0;
	constructor(
		readonly name: string,
		readonly base: string,
		readonly s: Seeded,
		readonly token: string,
		readonly seen = new Map<string, number>()
	) {
		this.#scorer = new CompetitionScorer(s.setup);
	}

	listen(): void {
		this.#feed = new AnnouncementFeed({
			server: this.base,
			token: this.token,
			eventId: this.s.eventId,
			env: realEnvironment(),
			onAnnouncement: () => void this.pull(),
			// Listening again after a gap: pull what it missed.
			onState: (state) => state === 'listening' && void this.pull()
		});
		this.#feed.start();
	}
	get listening(): boolean {
		return this.#feed?.state === 'listening';
	}
	stopListening(): void {
		this.#feed?.stop();
		this.#feed = null;
	}
	/** Polls every `ms`, the first time after a random part of it (a device's timer has its own phase). */
	poll(ms: number): void {
		const tick = () => {
			void this.pull();
			this.#poll = setTimeout(tick, ms);
		};
		this.#poll = setTimeout(tick, Math.random() * ms);
	}
	stopPolling(): void {
		if (this.#poll) clearTimeout(this.#poll);
	}

	/** Pulls that failed (the device tries again at its next announcement or poll). */
	failures = 0;
	async pull(): Promise<void> {
		if (this.#pulling) {
			this.#again = true;
			return;
		}
		this.#pulling = true;
		try {
			await this.#pullAll();
		} catch {
			this.failures++;
		} finally {
			this.#pulling = false;
		}
	}

	async #pullAll(): Promise<void> {
		do {
			this.#again = false;
			const events: JudgeEvent[] = [];
			for (let more = true; more; ) {
				const page = await api<{ events: JudgeEvent[]; cursor: number; more: boolean }>(this.base, 'GET', `/api/events/${this.s.eventId}/judge-events?after=${this.#cursor}&limit=5000`, this.token);
				events.push(...page.events);
				({ cursor: this.#cursor, more } = page);
			}
			this.pulls++;
			if (events.length === 0) continue;
			this.#scorer.add(events);
			const standings = this.#scorer.standings(Date.now());
			const at = clock();
			for (const row of standings.rows) {
				const key = resultKey(row);
				if (key !== null && !this.seen.has(`${row.entryId}|${key}`)) this.seen.set(`${row.entryId}|${key}`, at);
			}
		} while (this.#again);
	}
}

/** Plays every tablet's taps of one heat over `seconds`, in real time; resolves when every push is acknowledged. */
async function playHeat(tablets: Tablet[], s: Seeded, heat: Seeded['heats'][number], seconds: number, seed: number): Promise<void> {
	const t0 = Date.now();
	await Promise.all(
		tablets.map(async (tablet, t) => {
			const log = new DeviceLog({ deviceId: tablet.deviceId, judge: `Judge ${t + 1}`, competitionId: s.competitionId, heatId: heat.heatId, firstSeq: tablet.nextSeq });
			const taps: Tap[] = heatTaps(log, { entryIds: heat.entryIds[t]!, ruleset: RULESET, seconds, seed: seed * 1000 + t });
			for (const tap of taps) {
				const wait = t0 + tap.offsetMs - Date.now();
				if (wait > 0) await sleep(wait);
				tablet.tap(tap.record(Date.now()), tap.entryId);
			}
			tablet.nextSeq += log.events.length;
			await tablet.drained();
		})
	);
}

// ---------------------------------------------------------------------------------------------
// Numbers

const quantile = (xs: number[], q: number) => {
	if (xs.length === 0) return NaN;
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const ms = (v: number) => (Number.isNaN(v) ? '—' : v === Infinity ? 'never' : v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

interface Latency {
	samples: number[];
	/** Samples of a client that never saw the result before the phase ended (counted as +∞). */
	missing: number;
	p50: number;
	p95: number;
	max: number;
}
function latency(measured: Measured[], seenAt: (key: string) => number[]): Latency {
	const samples: number[] = [];
	let missing = 0;
	for (const m of measured)
		for (const at of seenAt(m.key)) {
			if (Number.isNaN(at)) missing++;
			samples.push(Number.isNaN(at) ? Infinity : at - m.ackAt);
		}
	return { samples, missing, p50: quantile(samples, 0.5), p95: quantile(samples, 0.95), max: samples.length ? Math.max(...samples) : NaN };
}
const row = (what: string, l: Latency) => `  ${what.padEnd(34)} p50 ${ms(l.p50).padStart(7)}   p95 ${ms(l.p95).padStart(7)}   max ${ms(l.max).padStart(7)}   (${l.samples.length} samples${l.missing ? `, ${l.missing} never` : ''})`;

/** The viewers' first sightings, keyed `entry|result`, as the Truth's keys. */
function viewerSeen(report: ViewerReport): (key: string) => number[] {
	return (key) => report.seen[key] ?? new Array<number>(VIEWERS).fill(NaN);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
	if (!existsSync(join(ROOT, 'build/index.js'))) {
		process.stderr.write('no build/: running "npm run build"…\n');
		if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
	}
	const say = (line: string) => {
		process.stdout.write(`${line}\n`);
	};
	const started = Date.now();
	say(`Live benchmark · ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.versions.node} · ${cpus().length} cores · load ${loadavg()[0]!.toFixed(2)} at the start`);
	say(`${TABLETS} tablets × ${SEATS} seats a heat, an organizer, a display, ${VIEWERS} public viewers`);

	// The floor: a bare Node server relaying one message to VIEWERS streams.
	let floor: Latency | null = null;
	if (PHASES.includes('floor')) {
		const port = await freePort();
		const server = forkTs('live-floor-server.ts', { ...process.env, PORT: String(port) });
		await new Promise((ok) => server.once('message', ok));
		const viewers = new Viewers();
		await viewers.start({ mode: 'floor', base: `http://127.0.0.1:${port}`, path: '', streamPath: '/stream', competitionId: '', viewers: VIEWERS, pollMs: 0 });
		await until('the floor streams', async () => (await viewers.report()).open === VIEWERS);
		for (let i = 0; i < FLOOR_MESSAGES; i++) {
			await fetch(`http://127.0.0.1:${port}/send`, { method: 'POST' }).then((r) => r.arrayBuffer());
			await sleep(250);
		}
		await sleep(500);
		const r = await viewers.stop();
		server.kill('SIGKILL');
		const samples = r.delays;
		const missing = FLOOR_MESSAGES * VIEWERS - samples.length;
		floor = { samples, missing, p50: quantile(samples, 0.5), p95: quantile(samples, 0.95), max: Math.max(...samples) };
		say(row(`floor: send → receive (${FLOOR_MESSAGES} msgs)`, floor));
	}

	const dataDir = mkdtempSync(join(tmpdir(), 'live-bench-'));
	const port = await freePort();
	const server: ServerProcess = await untilUp(spawnServer(dataDir, port, { ADMIN_KEY, ORIGIN: `http://127.0.0.1:${port}` }));
	cleanups.push(async () => {
		await server.stop();
		rmSync(dataDir, { recursive: true, force: true });
	});
	const base = server.origin;
	const s = await seed(base);
	const live = (await switchLive(base, s)) && (await publicLive(base, s));
	if (!live) say('  (this build has no public live resource yet: the viewers are left out)');
	const truth = new Truth(s.setup);
	// One device per tablet for the whole run (its sequence numbers go on from heat to heat); each phase notes its own taps.
	const devices = s.judges.map((token, t) => new Tablet(`bench-tab-${t + 1}`, base, s, token, truth, []));
	const makeTablets = (measured: Measured[]) => devices.map((d) => ((d.measured = measured), d));
	const sampler = new ProcSampler(server.child.pid!);
	sampler.start();
	const organizer = new Screen('organizer', base, s, s.organizer);
	const display = new Screen('display', base, s, s.display);
	const goals: [string, string, string][] = [];

	// Push: every device holds its announcement stream, every viewer the public live stream.
	if (PHASES.includes('push')) {
		const measured: Measured[] = [];
		const tablets = makeTablets(measured);
		for (const d of [...tablets, organizer, display]) d.listen();
		const viewers = live ? new Viewers() : null;
		const clientCpuSeconds = clientClock(viewers);
		await viewers?.start({ mode: 'push', base, path: livePath(s), streamPath: liveStreamPath(s), competitionId: s.competitionId, viewers: VIEWERS, pollMs: 0 });
		await until('the devices’ streams', () => [...tablets, organizer, display].every((d) => d.listening));
		if (viewers) await until('the viewers’ streams', async () => (await viewers.report()).open === VIEWERS, 60_000);
		const cpuFrom = sampler.cpu.length;
		await playHeat(tablets, s, s.heats[0]!, PUSH_S, 1);
		await sleep(3000);
		const cpu = sampler.cpu.slice(cpuFrom);
		const clientCpu = clientCpuSeconds(viewers);
		const report = viewers ? await viewers.stop() : null;
		for (const d of [...tablets, organizer, display]) d.stopListening();
		const org = latency(measured, (k) => [organizer.seen.get(k) ?? NaN]);
		const disp = latency(measured, (k) => [display.seen.get(k) ?? NaN]);
		say(`push · heat 1: ${measured.length} new results from ${tablets.reduce((n, t) => n + t.pushes, 0)} pushes in ${PUSH_S} s; organizer ${organizer.pulls} pulls, display ${display.pulls}`);
		say(row('tap → organizer (standings)', org));
		say(row('tap → display (standings)', disp));
		const viewer = report ? latency(measured, viewerSeen(report)) : null;
		if (viewer && report) {
			say(row('tap → viewer (live resource)', viewer));
			say(`  viewers: ${report.requests} reads (${Object.entries(report.answers).map(([k, v]) => `${k}: ${v}`).join(', ')}), ${report.errors} errors`);
		}
		say(
			`  server CPU: ${(cpu.reduce((a, b) => a + b, 0) / Math.max(1, cpu.length)).toFixed(2)} s/s mean, ${Math.max(...cpu).toFixed(2)} s/s max (${cpu.length} s); RSS ${(Math.max(...sampler.rss) / 2 ** 20).toFixed(0)} MiB max · the simulated clients' CPU: ${clientCpu}`
		);
		if (viewer && floor) {
			goals.push([`p95 tap → viewer ≤ ${GOAL_MS / 1000} s`, ms(viewer.p95), verdict(viewer.p95 <= GOAL_MS)]);
			goals.push([`p95 tap → viewer ≤ ${GOAL_FLOOR_RATIO}× floor p95 (${ms(floor.p95)})`, `${(viewer.p95 / floor.p95).toFixed(1)}×`, verdict(viewer.p95 <= GOAL_FLOOR_RATIO * floor.p95)]);
		} else goals.push(['p95 tap → viewer', 'not measured (no public live on this build, or no floor)', '—']);
		goals.push([`p95 tap → organizer ≤ ${GOAL_MS / 1000} s`, ms(org.p95), verdict(org.p95 <= GOAL_MS)]);
		goals.push([`p95 tap → display ≤ ${GOAL_MS / 1000} s`, ms(disp.p95), verdict(disp.p95 <= GOAL_MS)]);
	}

	// Fallback: no stream anywhere; the devices poll every 30 s, the viewers every LIVE_REFRESH_MS.
	if (PHASES.includes('fallback')) {
		const measured: Measured[] = [];
		const tablets = makeTablets(measured);
		const viewers = live ? new Viewers() : null;
		await viewers?.start({ mode: 'poll', base, path: livePath(s), streamPath: '', competitionId: s.competitionId, viewers: VIEWERS, pollMs: LIVE_REFRESH_MS });
		// The devices reach the server through a relay that refuses the announcement streams (503):
		// their AnnouncementFeed backs off and retries, and their 30 s poll carries the sync alone.
		const gate = await startCountingRelay(base, { refuse: (p) => p.endsWith('/announcements') });
		const screens = [new Screen('organizer', gate.base, s, s.organizer, organizer.seen), new Screen('display', gate.base, s, s.display, display.seen)];
		await Promise.all(screens.map((d) => d.pull()));
		for (const d of screens) {
			d.listen();
			d.poll(DEVICE_POLL_MS);
		}
		await playHeat(tablets, s, s.heats[1]!, FALLBACK_S, 2);
		const lastAck = Math.max(...measured.map((m) => m.ackAt));
		const devicesDone = () => measured.every((m) => screens.every((d) => d.seen.has(m.key)));
		await until('the devices’ polls', devicesDone, DEVICE_POLL_MS + 10_000).catch(() => undefined);
		if (viewers) await sleep(Math.max(0, lastAck + LIVE_REFRESH_MS + 1000 - clock()));
		const report = viewers ? await viewers.stop() : null;
		for (const d of screens) {
			d.stopPolling();
			d.stopListening();
		}
		const refusedStreams = gate.refused() >= screens.length;
		await gate.close();
		const org = latency(measured, (k) => [organizer.seen.get(k) ?? NaN]);
		const disp = latency(measured, (k) => [display.seen.get(k) ?? NaN]);
		say(
			`fallback (push down: the devices' streams refused${refusedStreams ? '' : ' (NOT SEEN: a device was never refused)'}, they poll every ${DEVICE_POLL_MS / 1000} s; the viewers hold no stream and read every ${LIVE_REFRESH_MS / 1000} s) · heat 2: ${measured.length} new results`
		);
		say(row('tap → organizer (30 s poll)', org));
		say(row('tap → display (30 s poll)', disp));
		const slack = 1000;
		goals.push([`fallback: every tap → organizer and display within one device poll (${DEVICE_POLL_MS / 1000} s, + ${slack / 1000} s for the pull)`, `max ${ms(Math.max(org.max, disp.max))}`, verdict(Math.max(org.max, disp.max) <= DEVICE_POLL_MS + slack)]);
		if (report) {
			const viewer = latency(measured, viewerSeen(report));
			say(row(`tap → viewer (${LIVE_REFRESH_MS / 1000} s poll)`, viewer));
			say(`  viewers: ${report.requests} reads (${Object.entries(report.answers).map(([k, v]) => `${k}: ${v}`).join(', ')}), ${report.errors} errors`);
			goals.push([`fallback: every tap → viewer within one viewer poll (${LIVE_REFRESH_MS / 1000} s, + ${slack / 1000} s for the read)`, `max ${ms(viewer.max)}`, verdict(viewer.max <= LIVE_REFRESH_MS + slack)]);
		}
	}

	// Proxy: the origin's requests per second with VIEWERS polling viewers, straight and through nginx.
	if (PHASES.includes('proxy') && live) {
		const measured: Measured[] = [];
		const tablets = makeTablets(measured);
		const taps = playHeat(tablets, s, s.heats[2]!, 2 * PROXY_S + 4, 3);
		const isLive = (p: string) => p === livePath(s);
		const rows: string[] = [];
		for (const via of ['origin', 'nginx'] as const) {
			// Straight: every viewer's read is one the origin answers. Through nginx: the relay between nginx and the origin counts them.
			const relay = via === 'nginx' ? await startCountingRelay(base) : null;
			const nginx = relay ? await startNginx(relay.address, await freePort()) : null;
			const viewers = new Viewers();
			await viewers.start({ mode: 'poll', base: nginx ? nginx.base : base, path: livePath(s), streamPath: '', competitionId: s.competitionId, viewers: VIEWERS, pollMs: LIVE_REFRESH_MS });
			await sleep(LIVE_REFRESH_MS);
			const served = (r: ViewerReport) => (relay ? relay.count(isLive) : Object.values(r.answers).reduce((a, b) => a + b, 0));
			const first = await viewers.report();
			const [r0, o0, t0] = [first.requests, served(first), clock()];
			await sleep(PROXY_S * 1000);
			const last = await viewers.report();
			const [r1, o1, t1] = [last.requests, served(last), clock()];
			const report = await viewers.stop();
			await nginx?.stop();
			await relay?.close();
			const secs = (t1 - t0) / 1000;
			rows.push(
				`  ${via === 'origin' ? 'straight to the origin' : 'nginx cache in front  '}  viewers ${((r1 - r0) / secs).toFixed(0).padStart(5)} req/s → origin ${((o1 - o0) / secs).toFixed(1).padStart(6)} req/s   (answers: ${Object.entries(report.answers).map(([k, v]) => `${k}: ${v}`).join(', ')}; ${report.errors} errors)`
			);
		}
		await taps;
		say(`proxy · heat 3: ${VIEWERS} viewers reading every ${LIVE_REFRESH_MS / 1000} s for ${PROXY_S} s each way, ${measured.length} new results meanwhile`);
		for (const r of rows) say(r);
	}

	sampler.stop();
	const cpu = sampler.cpu;
	say(`server over the run: CPU ${(cpu.reduce((a, b) => a + b, 0) / Math.max(1, cpu.length)).toFixed(2)} s/s mean, ${Math.max(...cpu).toFixed(2)} max; RSS ${(Math.max(...sampler.rss) / 2 ** 20).toFixed(0)} MiB max, ${(sampler.rss.at(-1)! / 2 ** 20).toFixed(0)} MiB at the end`);
	say('');
	say('Goals:');
	for (const [what, value, result] of goals) say(`  ${result.padEnd(4)}  ${what}: ${value}`);
	say(`(${((Date.now() - started) / 1000).toFixed(0)} s in all; load ${loadavg()[0]!.toFixed(2)} at the end)`);
}

try {
	await main();
} finally {
	for (const c of cleanups.reverse()) await c();
}
