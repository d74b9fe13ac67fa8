/**
 * Sync benchmark: `npm run bench:sync`. See bench/README.md ("Sync benchmark") for the method
 * and the numbers.
 *
 * A reconnect storm: TABLETS simulated tablets (default 100) with EVENTS judge events each
 * (default 1,000, made with DeviceLog from a fixed seed; each tablet judges heats of one of the
 * demo event's nine competitions) come back online at once. Each pushes its log over real HTTP
 * in batches as the sync client does (≤ MAX_PUSH_EVENTS events and ≤ MAX_PUSH_BYTES of JSON a
 * request, one batch after the other), then pulls (limit 5,000 a page) until it holds what it
 * needs. Timed from the first push: ingest (the last push acknowledged, and events/s) and
 * converge (the last device holding its set: the same count and the same order-independent
 * hash of IDs as the generated events of that set).
 *
 * Three storms (BENCH_STORMS, default `judges,organizer`):
 *   judges     every tablet pulls the scope of its own competition (`&competitions=<id>`) from
 *              cursor 0 right after its push, and one organizer device pulls everything from
 *              the first push on; afterwards (untimed) every device's standings, computed with
 *              $lib/scoring from the events it received, must equal those computed from the
 *              server's full set;
 *   organizer  all tablets push, and one organizer device pulls everything (standings checked too);
 *   full       every tablet pulls everything (TABLETS × all events): the sync before scoped pulls.
 *
 * Ours: the production build (`node build`, adapter-node) on a free loopback port with a fresh
 * DATA_DIR per storm; one judge token per tablet and an organizer token, issued in-process with
 * issueToken on the same DATA_DIR before the server starts (the demo event is seeded then).
 * The reference peer: pouchdb-server (in memory, bench/peer, installed on demand with
 * `npm ci --prefix bench/peer`), restarted for each storm: the same events as documents
 * (_id = event ID) written with _bulk_docs in the same batches into one database, and pulled
 * with _changes?since=…&limit=5000&include_docs=true (a scope: `&filter=_selector&selector=
 * {"competitionId":…}`). Same concurrency, same HTTP client (Node's fetch, i.e. undici,
 * keep-alive). Request bodies are serialized before the clock starts (a tablet holds its
 * outbox); parsing pulled pages is part of every device's work.
 *
 * A device whose pull reaches the end (`more: false`, or a short _changes page) before every
 * tablet's push landed asks again after BENCH_POLL_MS (default 50 ms), from its cursor.
 *
 * Each storm is checked: every pushed event stored once (no duplicates, conflicts or refusals),
 * every event a scoped pull gives is of that scope, a full pull afterwards holds exactly the
 * generated IDs, every device's standings equal the server's; anything else throws. A storm not
 * converged after BENCH_DEADLINE_S (60 s) is stopped: its pulls in flight are abandoned, and the
 * side is not pulled again.
 *
 * Options (environment): BENCH_RUNS (3: storms per side and kind, alternating ours/peer),
 * BENCH_FULL_RUNS (1: runs of the full storm, when BENCH_STORMS names it), BENCH_TABLETS (100),
 * BENCH_EVENTS (1000 per tablet), BENCH_POLL_MS (50), BENCH_DEADLINE_S (60), BENCH_STORMS,
 * BENCH_SIDES (ours,peer; `ours` alone while developing: no ratios), BENCH_BUILD_DIR (build: the
 * directory of our production build, relative to the project, e.g. a second build for an A/B),
 * BENCH_SERVER_ARGS (Node options for our server, e.g. `--max-semi-space-size=64`), BENCH_PROFILE=1 (one storm of each kind in BENCH_STORMS against our server only, under
 * `node --cpu-prof`, and a summary of where its time went, per thread; BENCH_PROFILE_TOP: how
 * many functions by self time, 25).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DeviceLog } from '$lib/events/builder';
import { recordRealisticHeat } from './realistic-heat';
import { scoreCompetition, type CompetitionSetup } from '$lib/scoring';
import type { Entry } from '$lib/setup/schema';
import type { JudgeEvent } from '$lib/events/schema';
import { mulberry32 } from '$lib/random';
import { presetById } from '$lib/rules/presets';
import { openStore } from '$lib/server/db';
import { DEMO_EVENT_ID, demoSetup } from '$lib/server/demo';
import { issueToken } from '$lib/server/tokens';
import { MAX_PULL_LIMIT, MAX_PUSH_BYTES, MAX_PUSH_EVENTS, type PullResponse, type PushResponse } from '$lib/contract';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PEER_DIR = join(ROOT, 'bench/peer');
const PEER_BIN = join(PEER_DIR, 'node_modules/pouchdb-server/bin/pouchdb-server');

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** Runs of the "full" storm (every device pulls everything): minutes each, so fewer by default. */
const FULL_RUNS = Math.max(0, Number(process.env.BENCH_FULL_RUNS ?? 1));
/** A storm is stopped when its devices have not converged after this long (a bounded load). */
const DEADLINE_MS = Math.max(10, Number(process.env.BENCH_DEADLINE_S ?? 60)) * 1000;
const TABLETS = Math.max(1, Number(process.env.BENCH_TABLETS ?? 100));
const EVENTS = Math.max(1, Number(process.env.BENCH_EVENTS ?? 1000));
const POLL_MS = Math.max(0, Number(process.env.BENCH_POLL_MS ?? 50));
const STORMS = (process.env.BENCH_STORMS ?? 'judges,organizer').split(',').filter(Boolean) as StormKind[];
const PROFILE = process.env.BENCH_PROFILE === '1';
/** `ours` alone while developing (no peer, so no ratios); default both. */
const SIDES = (process.env.BENCH_SIDES ?? 'ours,peer').split(',').filter(Boolean);
/** Our production build (a directory relative to the project; `build` by default): another build can be compared. */
const BUILD_DIR = resolve(ROOT, process.env.BENCH_BUILD_DIR || 'build');
/** Node options for our server's process (space-separated), to measure e.g. a heap setting. */
const SERVER_ARGS = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
const SEED = 20261202;
const TOTAL = TABLETS * EVENTS;

const GOAL_CONVERGE_MS = 10_000;
const GOAL_PEER_RATIO = 5;

type StormKind = 'judges' | 'full' | 'organizer';
const KINDS: readonly StormKind[] = ['judges', 'full', 'organizer'];
for (const k of STORMS) if (!KINDS.includes(k)) throw new Error(`BENCH_STORMS: "${k}" is not one of ${KINDS.join(', ')}`);

// ---------------------------------------------------------------------------------------------
// Child processes and temporary directories, cleaned up on every exit (Ctrl-C included)

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

function cleanupSync(): void {
	for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
	children.clear();
	for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
	tempDirs.clear();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
	process.once(signal, () => {
		process.stderr.write(`\n${signal}: stopping the servers, removing the temporary directories\n`);
		cleanupSync();
		process.exit(130);
	});
process.once('exit', cleanupSync);

function tempDir(prefix: string): string {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	tempDirs.add(dir);
	return dir;
}
function removeTempDir(dir: string): void {
	rmSync(dir, { recursive: true, force: true });
	tempDirs.delete(dir);
}

async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

function startChild(args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): ChildProcess & { log: () => string } {
	const child = spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
	children.add(child);
	child.once('exit', () => children.delete(child));
	let out = '';
	const keep = (d: Buffer) => (out = (out + d.toString()).slice(-4000));
	child.stdout!.on('data', keep);
	child.stderr!.on('data', keep);
	return Object.assign(child, { log: () => out });
}

async function waitFor(url: string, child: ChildProcess & { log: () => string }, what: string): Promise<void> {
	const deadline = Date.now() + 30_000;
	for (;;) {
		try {
			const r = await fetch(url);
			await r.arrayBuffer();
			if (r.ok) return;
		} catch {
			// Not listening yet.
		}
		if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}): ${child.log()}`);
		if (Date.now() > deadline) throw new Error(`${what} did not answer within 30 s: ${child.log()}`);
		await sleep(100);
	}
}

async function stopChild(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((r) => child.once('exit', r));
	child.kill('SIGTERM');
	await Promise.race([exited, sleep(10_000)]);
	if (child.exitCode === null && child.signalCode === null) {
		child.kill('SIGKILL');
		await exited;
	}
}

/** CPU seconds (user + system) a child has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
	} catch {
		return NaN;
	}
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Requests retried after a connection reset (every push and pull is idempotent; devices retry). */
let retries = 0;

/**
 * fetch, retried up to 5 times when the connection fails before an answer (e.g. a keep-alive
 * socket the server closed just as it was reused, a race that heavy load makes likely).
 */
async function request(url: string, init?: RequestInit): Promise<Response> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await fetch(url, init);
		} catch (e) {
			if (attempt >= 5 || !(e instanceof TypeError)) throw e;
			retries++;
			await sleep(20 * attempt);
		}
	}
}

// ---------------------------------------------------------------------------------------------
// The tablets' logs

const MIN = 60_000;
const T0 = Date.UTC(2026, 4, 16, 8, 0, 0);

interface Tablet {
	index: number;
	label: string;
	/** The competition whose heats it judges: its scope in the `judges` storm. */
	competitionId: string;
	events: JudgeEvent[];
	/** Push bodies for our server, serialized: `{"events":[…]}`. */
	ourBodies: string[];
	/** The same batches as `_bulk_docs` bodies for the peer: `{"docs":[…]}`. */
	peerBodies: string[];
}

/** A random ID of UUID shape, from the seeded generator. */
function uuid(rand: () => number): string {
	let s = '';
	for (let i = 0; i < 32; i++) {
		s += Math.floor(rand() * 16).toString(16);
		if (i === 7 || i === 11 || i === 15 || i === 19) s += '-';
	}
	return s;
}

/**
 * One tablet's log: heats of its competition one after the other, each a common start, then per
 * seat pauses and assistance where the ruleset allows them, rejected finishes, a finish (hand
 * raised, check confirmed, acknowledged) or a tally at the limit, now and then a time
 * adjustment, an incident note, a disqualification or a correction; cut at exactly `count`.
 */
function tabletLog(index: number, count: number, competitionIds: readonly string[]): JudgeEvent[] {
	const rand = mulberry32((SEED + index * 7919) >>> 0);
	const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
	const competitionId = competitionIds[index % competitionIds.length]!;
	const ruleset = presetById(competitionId.slice(DEMO_EVENT_ID.length + 1))!;
	const deviceId = `tab-${uuid(rand).slice(0, 8)}`;
	const judge = `Judge ${index + 1}`;
	const events: JudgeEvent[] = [];
	let at = T0 + index * 7_000;
	for (let h = 1; events.length < count; h++) {
		const heatId = `${competitionId}-t${index + 1}-h${h}`;
		const log = new DeviceLog({ deviceId, judge, competitionId, heatId, firstSeq: events.length + 1 });
		const entryIds = Array.from({ length: int(4, 12) }, (_, k) => `${heatId}-e${k + 1}`);
		const limit = recordRealisticHeat(log, ruleset, entryIds, at, rand);
		events.push(...log.events);
		at = limit + 45 * MIN;
	}
	return events.slice(0, count);
}

/** Batches as the client sends them: ≤ MAX_PUSH_EVENTS events and ≤ MAX_PUSH_BYTES of JSON each. */
function batches(events: readonly JudgeEvent[]): JudgeEvent[][] {
	const out: JudgeEvent[][] = [];
	let batch: JudgeEvent[] = [];
	let bytes = '{"events":[]}'.length;
	for (const e of events) {
		const size = Buffer.byteLength(JSON.stringify(e)) + 1;
		if (batch.length > 0 && (batch.length >= MAX_PUSH_EVENTS || bytes + size > MAX_PUSH_BYTES)) {
			out.push(batch);
			batch = [];
			bytes = '{"events":[]}'.length;
		}
		batch.push(e);
		bytes += size;
	}
	if (batch.length) out.push(batch);
	return out;
}

function makeTablets(): Tablet[] {
	const competitionIds = demoSetup().competitions.map((c) => c.id);
	const tablets: Tablet[] = [];
	for (let i = 0; i < TABLETS; i++) {
		const events = tabletLog(i, EVENTS, competitionIds);
		const parts = batches(events);
		const ourBodies = parts.map((b) => JSON.stringify({ events: b }));
		for (const body of ourBodies) if (Buffer.byteLength(body) > MAX_PUSH_BYTES) throw new Error('a batch is over MAX_PUSH_BYTES');
		const peerBodies = parts.map((b) => JSON.stringify({ docs: b.map((e) => ({ _id: e.id, ...e })) }));
		tablets.push({ index: i, label: `T${i + 1}`, competitionId: competitionIds[i % competitionIds.length]!, events, ourBodies, peerBodies });
	}
	return tablets;
}

// ---------------------------------------------------------------------------------------------
// An order-independent hash of a set of IDs: two 32-bit FNV-1a variants, summed mod 2^32

function idHash(id: string): [number, number] {
	let a = 0x811c9dc5;
	let b = 0x01000193;
	for (let i = 0; i < id.length; i++) {
		const c = id.charCodeAt(i);
		a = Math.imul(a ^ c, 0x01000193);
		b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
	}
	return [a >>> 0, b >>> 0];
}

class IdDigest {
	count = 0;
	private a = 0;
	private b = 0;
	add(id: string): void {
		const [x, y] = idHash(id);
		this.a = (this.a + x) >>> 0;
		this.b = (this.b + y) >>> 0;
		this.count++;
	}
	get value(): string {
		return `${this.count}:${this.a.toString(16)}:${this.b.toString(16)}`;
	}
}

// ---------------------------------------------------------------------------------------------
// The two sides, behind one interface

interface Side {
	name: string;
	/** Push one serialized batch of tablet `t`; throws unless every event was taken exactly once. */
	push(t: Tablet, batch: number): Promise<void>;
	/**
	 * One pull page after `cursor`, of every event (`scope` null) or of one competition's: its
	 * events, the next cursor, whether more is waiting now, and the body as received (its text and
	 * size in bytes).
	 */
	pull(device: number, cursor: string, scope: string | null, signal?: AbortSignal): Promise<PullPage>;
	/** The judge events of a page's body (as `pull` gives them). */
	eventsOf(text: string): JudgeEvent[];
	/** The server's process, for its CPU time. */
	pid: number | undefined;
	stop(): Promise<void>;
}

interface PullPage {
	events: JudgeEvent[];
	cursor: string;
	more: boolean;
	text: string;
	bytes: number;
}

const ORGANIZER = -1;
const utf8 = new TextDecoder();

/** A response body as text, and its size on the wire (the same work as `Response.text()`). */
async function body(r: Response): Promise<{ text: string; bytes: number }> {
	const buf = await r.arrayBuffer();
	return { text: utf8.decode(buf), bytes: buf.byteLength };
}

async function startOurs(): Promise<Side> {
	const dataDir = tempDir('sync-bench-ours-');
	// Tokens issued in-process, before the server opens the database (it seeds the demo event).
	const store = openStore(dataDir);
	const tokens: string[] = [];
	let organizer: string;
	try {
		for (let i = 0; i < TABLETS; i++) tokens.push(issueToken(store, { eventId: DEMO_EVENT_ID, role: 'judge', label: `T${i + 1}`, now: Date.now() }).token);
		organizer = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'organizer', label: 'Organizer', now: Date.now() }).token;
	} finally {
		store.close();
	}
	const port = await freePort();
	const base = `http://127.0.0.1:${port}`;
	const profileDir = PROFILE ? join(dataDir, 'profile') : null;
	const args = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=500'] : []), ...SERVER_ARGS, BUILD_DIR];
	// BODY_SIZE_LIMIT unset: adapter-node's default (512 KiB), which MAX_PUSH_BYTES matches.
	const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir };
	delete env.BODY_SIZE_LIMIT;
	const child = startChild(args, { cwd: ROOT, env });
	await waitFor(`${base}/api/health`, child, 'our server');
	const auth = (device: number) => ({ authorization: `Bearer ${device === ORGANIZER ? organizer : tokens[device]}` });
	const url = `${base}/api/events/${DEMO_EVENT_ID}/judge-events`;
	return {
		name: 'ours',
		pid: child.pid,
		async push(t, batch) {
			const r = await request(url, { method: 'POST', headers: { ...auth(t.index), 'content-type': 'application/json' }, body: t.ourBodies[batch] });
			const text = await r.text();
			if (!r.ok) throw new Error(`ours: push ${t.label}/${batch} answered ${r.status}: ${text.slice(0, 300)}`);
			const res = JSON.parse(text) as PushResponse;
			const sent = batchSize(t, batch);
			// Duplicates are expected only when a retried push had reached the server before its connection reset.
			if (res.stored.length + res.duplicates.length !== sent || res.conflicts.length || res.refused.length || (res.duplicates.length && retries === 0))
				throw new Error(
					`ours: push ${t.label}/${batch}: ${res.stored.length} of ${sent} stored, ${res.duplicates.length} duplicates, ${res.conflicts.length} conflicts, ${res.refused.length} refused ${JSON.stringify(res.refused.slice(0, 2))}`
				);
		},
		async pull(device, cursor, scope, signal) {
			const r = await request(`${url}?after=${cursor}&limit=${MAX_PULL_LIMIT}${scope === null ? '' : `&competitions=${encodeURIComponent(scope)}`}`, { headers: auth(device), signal });
			const { text, bytes } = await body(r);
			if (!r.ok) throw new Error(`ours: pull answered ${r.status}: ${text.slice(0, 300)}`);
			const page = JSON.parse(text) as PullResponse;
			return { events: page.events as JudgeEvent[], cursor: String(page.cursor), more: page.more, text, bytes };
		},
		eventsOf: (text) => (JSON.parse(text) as PullResponse).events as JudgeEvent[],
		async stop() {
			await stopChild(child);
			if (profileDir) profiles.push(...readdirSync(profileDir).map((f) => readFileSync(join(profileDir, f), 'utf8')));
			removeTempDir(dataDir);
		}
	};
}

const profiles: string[] = [];
const batchSize = (t: Tablet, batch: number) => (JSON.parse(t.ourBodies[batch]!) as { events: unknown[] }).events.length;

type PeerChanges = { results: { id: string; doc: { _id: string; _rev: string } }[]; last_seq: number | string };

async function startPeer(): Promise<Side> {
	const dir = tempDir('sync-bench-peer-');
	// Request logging off (log level "warning"): our server logs nothing per request either.
	writeFileSync(join(dir, 'config.json'), JSON.stringify({ log: { level: 'warning' } }));
	const port = await freePort();
	const base = `http://127.0.0.1:${port}`;
	const child = startChild([PEER_BIN, '--in-memory', '--port', String(port), '--host', '127.0.0.1', '--no-stdout-logs', '--config', join(dir, 'config.json')], { cwd: dir });
	await waitFor(`${base}/`, child, 'pouchdb-server');
	const db = `${base}/judge-events`;
	const created = await fetch(db, { method: 'PUT' });
	if (created.status !== 201) throw new Error(`pouchdb-server: PUT database answered ${created.status}: ${await created.text()}`);
	return {
		name: 'peer',
		pid: child.pid,
		async push(t, batch) {
			const r = await request(`${db}/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: t.peerBodies[batch] });
			const text = await r.text();
			if (r.status !== 201) throw new Error(`peer: _bulk_docs ${t.label}/${batch} answered ${r.status}: ${text.slice(0, 300)}`);
			const res = JSON.parse(text) as { ok?: boolean; error?: string; id: string }[];
			// A conflict means the document is there already: expected only after a retried request.
			const failed = res.filter((x) => !x.ok && !(x.error === 'conflict' && retries > 0));
			const sent = batchSize(t, batch);
			if (failed.length || res.length !== sent) throw new Error(`peer: _bulk_docs ${t.label}/${batch}: ${res.length - failed.length} of ${sent} ok, ${JSON.stringify(failed.slice(0, 2))}`);
		},
		async pull(_device, cursor, scope, signal) {
			// A scope: the built-in selector filter of _changes (PouchDB ≥ 6), given in the query
			// (pouchdb-server 4.2.0 reads no selector from a POST body); `limit` counts the matching
			// changes, and `last_seq` moves past the ones it skipped.
			const filter = scope === null ? '' : `&filter=_selector&selector=${encodeURIComponent(JSON.stringify({ competitionId: scope }))}`;
			const r = await request(`${db}/_changes?since=${encodeURIComponent(cursor)}&limit=${MAX_PULL_LIMIT}&include_docs=true${filter}`, { signal });
			const { text, bytes } = await body(r);
			if (!r.ok) throw new Error(`peer: _changes answered ${r.status}: ${text.slice(0, 300)}`);
			const page = JSON.parse(text) as PeerChanges;
			return { events: page.results.map((x) => x.doc as unknown as JudgeEvent), cursor: String(page.last_seq), more: page.results.length === MAX_PULL_LIMIT, text, bytes };
		},
		// The documents without their _id and _rev: the events as pushed.
		eventsOf: (text) => (JSON.parse(text) as PeerChanges).results.map(({ doc: { _id, _rev, ...e } }) => e as unknown as JudgeEvent),
		async stop() {
			await stopChild(child);
			removeTempDir(dir);
		}
	};
}

// ---------------------------------------------------------------------------------------------
// The storm

interface StormResult {
	side: string;
	kind: StormKind;
	ingestMs: number;
	eventsPerS: number;
	/** NaN when the deadline stopped the storm first. */
	convergeMs: number;
	/** Devices that converged (before the deadline), of those that pull. */
	converged: number;
	pullers: number;
	/** Pull requests made by all devices, and how many found nothing new. */
	pulls: number;
	emptyPulls: number;
	/** Requests retried after a connection reset. */
	retries: number;
	/** CPU seconds of the server process during the storm, and of this process (all the devices). */
	serverCpuS: number;
	clientCpuS: number;
	/** What each device received in the storm's pulls: events and bytes (tablets; the organizer's device, when it pulls). */
	traffic: { tablets: { events: number; bytes: number }[]; organizer: { events: number; bytes: number } | null };
	/** Devices whose standings were checked against the server's after the storm (untimed), or null when not checked. */
	standingsChecked: number | null;
	/** Pulled in full again after the storm: exactly the pushed IDs (not done after the deadline stopped the storm). */
	verified: boolean;
}

/** What a device must end up holding: a count and the order-independent hash of the IDs. */
interface Want {
	count: number;
	value: string;
}

/** The pull bodies a device received in the storm, kept as text for the standings check after it. */
type Kept = Map<number, string[]>;

async function storm(side: Side, kind: StormKind, tablets: readonly Tablet[], all: Want, byCompetition: ReadonlyMap<string, Want>): Promise<StormResult & { kept: Kept }> {
	let pulls = 0;
	let emptyPulls = 0;
	let lastAck = 0;
	let pushesLeft = tablets.length;
	let converged = 0;
	let t0 = 0;
	// The full storm pulls 10 million events: too many to keep for the standings check.
	const keep = kind !== 'full';
	const kept: Kept = new Map();
	const received = new Map<number, { events: number; bytes: number }>();
	/**
	 * Pulls (everything, or one competition's events) until the device holds the set it wants:
	 * after `more: false` it asks again after POLL_MS, from its cursor.
	 */
	const converge = async (device: number, scope: string | null, want: Want): Promise<number> => {
		const digest = new IdDigest();
		const rx = { events: 0, bytes: 0 };
		received.set(device, rx);
		const texts: string[] = [];
		if (keep) kept.set(device, texts);
		let cursor = '0';
		for (;;) {
			if (deadline.signal.aborted) return NaN;
			const afterEveryPush = pushesLeft === 0;
			let page: PullPage;
			try {
				page = await side.pull(device, cursor, scope, deadline.signal);
			} catch (e) {
				if (deadline.signal.aborted) return NaN;
				throw e;
			}
			pulls++;
			rx.events += page.events.length;
			rx.bytes += page.bytes;
			if (keep) texts.push(page.text);
			if (page.events.length === 0) emptyPulls++;
			for (const e of page.events) {
				if (scope !== null && e.competitionId !== scope) throw new Error(`${side.name}: device ${device} pulled the scope ${scope} and received event ${e.id} of ${e.competitionId}`);
				digest.add(e.id);
			}
			cursor = page.cursor;
			if (digest.count > want.count) throw new Error(`${side.name}: device ${device} pulled ${digest.count} events, more than the ${want.count} it wants`);
			if (digest.count === want.count) {
				if (digest.value !== want.value) throw new Error(`${side.name}: device ${device} holds ${digest.value}, expected ${want.value}`);
				converged++;
				return performance.now();
			}
			if (!page.more) {
				if (afterEveryPush && page.events.length === 0) throw new Error(`${side.name}: device ${device} stuck at ${digest.count} of ${want.count} events after every push`);
				await sleep(POLL_MS);
			}
		}
	};
	const retries0 = retries;
	const serverCpu0 = cpuSeconds(side.pid);
	const clientCpu0 = process.cpuUsage();
	// At the deadline the pulls in flight are abandoned too: a slow side cannot stretch the storm.
	const deadline = new AbortController();
	const timer = setTimeout(() => deadline.abort(), DEADLINE_MS);
	t0 = performance.now();
	const devices = tablets.map(async (t) => {
		for (let b = 0; b < t.ourBodies.length; b++) await side.push(t, b);
		lastAck = Math.max(lastAck, performance.now());
		pushesLeft--;
		if (kind === 'full') return converge(t.index, null, all);
		if (kind === 'judges') return converge(t.index, t.competitionId, byCompetition.get(t.competitionId)!);
		return lastAck;
	});
	if (kind !== 'full') devices.push(converge(ORGANIZER, null, all));
	const done = await Promise.all(devices);
	clearTimeout(timer);
	const end = done.some(Number.isNaN) ? NaN : Math.max(...done);
	const clientCpu = process.cpuUsage(clientCpu0);
	const serverCpuS = cpuSeconds(side.pid) - serverCpu0;
	const ingestMs = lastAck - t0;
	return {
		side: side.name,
		kind,
		ingestMs,
		eventsPerS: TOTAL / (ingestMs / 1000),
		convergeMs: end - t0,
		converged,
		pullers: (kind === 'organizer' ? 0 : tablets.length) + (kind === 'full' ? 0 : 1),
		pulls,
		emptyPulls,
		retries: retries - retries0,
		serverCpuS,
		clientCpuS: (clientCpu.user + clientCpu.system) / 1e6,
		traffic: { tablets: tablets.filter((t) => received.has(t.index)).map((t) => received.get(t.index)!), organizer: received.get(ORGANIZER) ?? null },
		standingsChecked: null,
		verified: false,
		kept
	};
}

/**
 * After the storm: one full pull by a fresh device, with a Set: exactly the pushed IDs, each
 * once. Returns the server's events by competition.
 */
async function verify(side: Side, tablets: readonly Tablet[]): Promise<Map<string, JudgeEvent[]>> {
	const seen = new Set<string>();
	const byCompetition = new Map<string, JudgeEvent[]>();
	let cursor = '0';
	let n = 0;
	for (;;) {
		const page = await side.pull(ORGANIZER, cursor, null);
		for (const e of side.eventsOf(page.text)) {
			if (seen.has(e.id)) throw new Error(`${side.name}: event ${e.id} pulled twice`);
			seen.add(e.id);
			const list = byCompetition.get(e.competitionId);
			if (list) list.push(e);
			else byCompetition.set(e.competitionId, [e]);
		}
		n += page.events.length;
		cursor = page.cursor;
		if (!page.more) break;
	}
	if (n !== TOTAL) throw new Error(`${side.name}: the server holds ${n} events, not ${TOTAL}`);
	for (const t of tablets) for (const e of t.events) if (!seen.has(e.id)) throw new Error(`${side.name}: event ${e.id} of ${t.label} is missing`);
	return byCompetition;
}

// ---------------------------------------------------------------------------------------------
// Standings: every device's equal to the server's (after the storm, untimed)

/**
 * The set-up the standings are computed with: each demo competition with its ruleset, and an
 * entry for every entry the tablets' logs name (their heats and seats are made up by the bench,
 * not the demo event's: the standings of the demo's own entries would be empty).
 */
function competitionSetups(tablets: readonly Tablet[]): Map<string, CompetitionSetup> {
	const demo = demoSetup();
	const setups = new Map<string, CompetitionSetup>();
	for (const competition of demo.competitions) {
		const ruleset = demo.rulesets.find((r) => r.id === competition.ruleset.id && r.version === competition.ruleset.version)!;
		setups.set(competition.id, { competition, ruleset, entries: [] });
	}
	for (const t of tablets) {
		const setup = setups.get(t.competitionId)!;
		const entries = setup.entries as Entry[];
		const known = new Set(entries.map((e) => e.id));
		for (const e of t.events)
			if (e.entryId !== null && e.heatId !== null && !known.has(e.entryId)) {
				known.add(e.entryId);
				const size = setup.ruleset.unit.size.min;
				entries.push({ id: e.entryId, competitionId: t.competitionId, heatId: e.heatId, name: `Entry ${e.entryId}`, members: Array.from({ length: size }, (_, k) => ({ id: `${e.entryId}-m${k + 1}`, name: `Member ${k + 1}` })) });
			}
	}
	return setups;
}

/**
 * Standings of every competition a device pulled, from the events it received, deep-equal to
 * those from the server's full set (the shared scoring module, as the tablet computes them);
 * throws if not. A tablet must hold its own competition; the organizer's device every one.
 */
function checkStandings(side: Side, kind: StormKind, kept: Kept, tablets: readonly Tablet[], server: ReadonlyMap<string, JudgeEvent[]>, setups: ReadonlyMap<string, CompetitionSetup>, now: number): number {
	const reference = new Map<string, unknown>();
	const serverStandings = (c: string) => {
		if (!reference.has(c)) reference.set(c, scoreCompetition(setups.get(c)!, server.get(c) ?? [], now));
		return reference.get(c);
	};
	let checked = 0;
	for (const [device, texts] of kept) {
		const mine = new Map<string, JudgeEvent[]>();
		for (const text of texts)
			for (const e of side.eventsOf(text)) {
				const list = mine.get(e.competitionId);
				if (list) list.push(e);
				else mine.set(e.competitionId, [e]);
			}
		const wanted = device === ORGANIZER ? [...setups.keys()] : [tablets[device]!.competitionId];
		for (const c of wanted) {
			const standings = scoreCompetition(setups.get(c)!, mine.get(c) ?? [], now);
			if (standings.rows.length === 0) throw new Error(`${side.name} ${kind}: the standings of ${c} have no row`);
			if (!isDeepStrictEqual(standings, serverStandings(c))) throw new Error(`${side.name} ${kind}: device ${device === ORGANIZER ? 'organizer' : tablets[device]!.label}: the standings of ${c} differ from the server's`);
		}
		checked++;
	}
	return checked;
}

// ---------------------------------------------------------------------------------------------
// Set-up, statistics and output

function ensureBuild(): void {
	if (existsSync(join(BUILD_DIR, 'index.js'))) return;
	if (BUILD_DIR !== join(ROOT, 'build')) throw new Error(`BENCH_BUILD_DIR: no index.js in ${BUILD_DIR}`);
	process.stderr.write('no build/: running "npm run build"…\n');
	const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
	if (r.status !== 0) throw new Error(`npm run build failed (${r.status})`);
}

function ensurePeer(): void {
	if (existsSync(PEER_BIN)) return;
	process.stderr.write('bench/peer/node_modules is missing: installing the reference peer with "npm ci --prefix bench/peer --omit=optional" (about 30 s)…\n');
	const r = spawnSync('npm', ['ci', '--prefix', PEER_DIR, '--omit=optional', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
	if (r.status !== 0 || !existsSync(PEER_BIN)) throw new Error(`npm ci --prefix bench/peer failed (${r.status})`);
}

const median = (v: readonly number[]) => {
	const s = [...v].sort((a, b) => a - b);
	const m = s.length >> 1;
	return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const sec = (ms: number) => (Number.isNaN(ms) ? 'not converged' : `${(ms / 1000).toFixed(2)} s`);
/** A storm's converge time, or how far it got when the deadline stopped it. */
const conv = (r: StormResult) => (Number.isNaN(r.convergeMs) ? `> ${DEADLINE_MS / 1000} s (${r.converged} of ${r.pullers} devices by then)` : sec(r.convergeMs));
const rate = (v: number) => `${Math.round(v).toLocaleString('en-US')}/s`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

function table(header: string[], rows: string[][]): string {
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
	return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Self time by function, and the inclusive time of the functions that matter for a push or a pull. */
function summarizeProfile(json: string): string {
	type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
	const profile = JSON.parse(json) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const selfUs = new Map<number, number>();
	profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0)));
	const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${basename(n.callFrame.url) || ''}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`.trim();
	const self = new Map<string, number>();
	let total = 0;
	let idle = 0;
	for (const [id, us] of selfUs) {
		const n = byId.get(id)!;
		total += us;
		if (n.callFrame.functionName === '(idle)') idle += us;
		self.set(label(n), (self.get(label(n)) ?? 0) + us);
	}
	// Inclusive: a sample counts for a function when the function is on its stack (once).
	const watch: [string, (n: Node) => boolean][] = [
		['POST handler (push, whole)', (n) => n.callFrame.functionName === 'POST' && n.callFrame.url.includes('judge-events')],
		['  pushEvents (zod + store)', (n) => n.callFrame.functionName === 'pushEvents'],
		['  preparePush (validation thread: the fast check, zod for the rest)', (n) => n.callFrame.functionName === 'preparePush'],
		['    canonicalJudgeEventJson (the fast check)', (n) => n.callFrame.functionName === 'canonicalJudgeEventJson'],
		['    appendJudgeEvents (store)', (n) => n.callFrame.functionName === 'appendJudgeEvents'],
		['      canonicalJson', (n) => n.callFrame.functionName === 'canonicalJson'],
		['GET handler (pull, whole)', (n) => n.callFrame.functionName === 'GET' && n.callFrame.url.includes('judge-events')],
		['  judgeEventPageBytes (store: the page, joined by SQLite)', (n) => n.callFrame.functionName === 'judgeEventPageBytes'],
		['safeParse / parse (zod, anywhere)', (n) => /^(safeParse|parse|_parse|run)$/.test(n.callFrame.functionName) && n.callFrame.url.includes('zod')],
		// better-sqlite3's statements and V8's JSON.parse/stringify are native: their time is the self time of their JS caller.
		['the write transaction (sqliteTransaction, inclusive; its self time is BEGIN and COMMIT with the WAL fsync)', (n) => n.callFrame.functionName === 'sqliteTransaction'],
		['request.text() / response encoding (TextDecoder, TextEncoder)', (n) => /^(decode|encode|encodeUtf8String)$/.test(n.callFrame.functionName)],
		['garbage collector', (n) => n.callFrame.functionName === '(garbage collector)']
	];
	const inclusive = watch.map(() => 0);
	for (const [id, us] of selfUs) {
		const stack: Node[] = [];
		for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur)!);
		watch.forEach(([, match], i) => {
			if (stack.some(match)) inclusive[i]! += us;
		});
	}
	const busy = total - idle;
	const pct = (us: number) => `${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / busy).toFixed(1).padStart(5)} %`;
	const top = [...self].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_PROFILE_TOP ?? 25));
	return [
		`Server CPU profile: ${(total / 1e6).toFixed(2)} s sampled, ${(busy / 1e6).toFixed(2)} s busy (percentages of busy time)`,
		'Inclusive:',
		...watch.map(([name], i) => `  ${pct(inclusive[i]!)}  ${name}`),
		`Self time, top ${top.length}:`,
		...top.map(([k, us]) => `  ${pct(us)}  ${k}`)
	].join('\n');
}

async function main() {
	ensureBuild();
	if (!PROFILE) ensurePeer();
	const g0 = performance.now();
	const tablets = makeTablets();
	const all = new IdDigest();
	const ids = new Set<string>();
	let bytes = 0;
	let pushes = 0;
	for (const t of tablets) {
		for (const e of t.events) {
			all.add(e.id);
			ids.add(e.id);
		}
		bytes += t.ourBodies.reduce((a, b) => a + Buffer.byteLength(b), 0);
		pushes += t.ourBodies.length;
	}
	if (ids.size !== TOTAL) throw new Error(`generated ${ids.size} distinct IDs, not ${TOTAL}`);
	const types = new Map<string, number>();
	for (const t of tablets) for (const e of t.events) types.set(e.type, (types.get(e.type) ?? 0) + 1);
	const want: Want = { count: all.count, value: all.value };
	const byCompetition = new Map<string, Want>();
	for (const c of new Set(tablets.map((t) => t.competitionId))) {
		const d = new IdDigest();
		for (const t of tablets) if (t.competitionId === c) for (const e of t.events) d.add(e.id);
		byCompetition.set(c, { count: d.count, value: d.value });
	}
	const setups = competitionSetups(tablets);
	// The standings' moment: a day after the last event (every clock has stopped).
	let last = 0;
	for (const t of tablets) for (const e of t.events) last = Math.max(last, e.at);
	const standingsAt = last + 24 * 60 * MIN;
	/** One storm against one side, verified; the devices' standings checked against the server's when every device converged. */
	const runStorm = async (side: Side, kind: StormKind): Promise<StormResult> => {
		const { kept, ...r } = await storm(side, kind, tablets, want, byCompetition);
		// A side stopped at the deadline is still busy with the pulls it was asked for: its pushes
		// were checked one by one (every event taken), but it is not pulled again.
		if (Number.isNaN(r.convergeMs)) return r;
		const server = await verify(side, tablets);
		if (kept.size > 0) r.standingsChecked = checkStandings(side, kind, kept, tablets, server, setups, standingsAt);
		r.verified = true;
		return r;
	};
	process.stderr.write(
		`${TABLETS} tablets × ${EVENTS} events = ${TOTAL.toLocaleString('en-US')} events in ${pushes} pushes, ${(bytes / 1024 / 1024).toFixed(1)} MiB of JSON (made in ${((performance.now() - g0) / 1000).toFixed(1)} s)\n` +
			`mix: ${[...types].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${((100 * v) / TOTAL).toFixed(1)} %`).join(', ')}\n`
	);

	if (PROFILE) {
		for (const kind of STORMS) {
			const side = await startOurs();
			let r: StormResult;
			try {
				r = await runStorm(side, kind);
			} finally {
				await side.stop();
			}
			process.stdout.write(
				`\nProfiled storm "${kind}" (ours): ingest ${sec(r.ingestMs)} (${rate(r.eventsPerS)}), converged ${sec(r.convergeMs)}; ${r.pulls} pulls; CPU: server ${r.serverCpuS.toFixed(1)} s (${((r.serverCpuS * 1e6) / TOTAL).toFixed(1)} µs/event), devices ${r.clientCpuS.toFixed(1)} s\n`
			);
			for (const p of profiles.splice(0)) process.stdout.write(`${summarizeProfile(p)}\n`);
		}
		return;
	}

	const results: (StormResult & { run: number })[] = [];
	for (let run = 1; run <= Math.max(RUNS, FULL_RUNS); run++)
		for (const kind of STORMS.filter((k) => run <= (k === 'full' ? FULL_RUNS : RUNS)))
			for (const start of (run % 2 ? [startOurs, startPeer] : [startPeer, startOurs]).filter((f) => SIDES.includes(f === startOurs ? 'ours' : 'peer'))) {
				const side = await start();
				try {
					const r = await runStorm(side, kind);
					results.push({ ...r, run });
					process.stderr.write(
						`run ${run} ${kind.padEnd(9)} ${r.side.padEnd(4)}: ingest ${sec(r.ingestMs)} (${rate(r.eventsPerS)}), converged ${conv(r)}; ${r.pulls} pulls (${r.emptyPulls} empty), ${r.retries} retried; CPU: server ${r.serverCpuS.toFixed(1)} s (${((r.serverCpuS * 1e6) / TOTAL).toFixed(1)} µs/event), devices ${r.clientCpuS.toFixed(1)} s; ${r.verified ? 'verified' : 'stopped at the deadline: pushes checked, not pulled again'}${r.standingsChecked === null ? '' : `, standings of ${r.standingsChecked} devices equal the server's`}\n`
					);
				} finally {
					await side.stop();
				}
			}

	const of = (side: string, kind: StormKind) => results.filter((r) => r.side === side && r.kind === kind);
	/** Median; a storm that did not converge counts as +∞ (it took longer than the deadline). */
	const pick = (side: string, kind: StormKind, f: (r: StormResult) => number) => median(of(side, kind).map((r) => (Number.isNaN(f(r)) ? Infinity : f(r))));
	const convText = (side: string, kind: StormKind) => {
		const v = pick(side, kind, (r) => r.convergeMs);
		if (Number.isFinite(v)) return sec(v);
		const worst = of(side, kind).filter((r) => Number.isNaN(r.convergeMs));
		return `> ${DEADLINE_MS / 1000} s (stopped; ${worst.map((r) => `${r.converged}/${r.pullers}`).join(', ')} devices done)`;
	};
	const usPerEvent = (r: StormResult) => (r.serverCpuS * 1e6) / TOTAL;
	/** Each run of ours with the peer's run of the same number and storm: server CPU per event, and the peer's over ours. */
	const cpuPerEventRuns = (storms: StormKind[]) =>
		storms.flatMap((kind) =>
			of('ours', kind).map((o) => {
				const p = of('peer', kind).find((x) => x.run === o.run);
				const ours = usPerEvent(o);
				const peer = p ? usPerEvent(p) : null;
				return { run: o.run, kind, ours, peer, ratio: peer === null ? null : peer / ours };
			})
		);
	const ratio = (peer: number, ours: number) => (Number.isFinite(peer) && Number.isFinite(ours) ? `${(peer / ours).toFixed(2)}×` : Number.isFinite(ours) ? `> ${(DEADLINE_MS / ours).toFixed(2)}×` : '—');
	const label = (kind: StormKind) =>
		kind === 'full' ? `full: all ${TABLETS} devices pull all` : kind === 'judges' ? `judges: ${TABLETS} tablets pull their competition, 1 organizer all` : 'organizer: server + 1 organizer device';
	const runsOf = (kind: StormKind) => (kind === 'full' ? FULL_RUNS : RUNS);
	const kinds = STORMS.filter((k) => runsOf(k) > 0);
	const rows: string[][] = [];
	for (const kind of kinds) {
		const m = (side: string) => ({ ingest: pick(side, kind, (r) => r.ingestMs), eps: pick(side, kind, (r) => r.eventsPerS), conv: pick(side, kind, (r) => r.convergeMs), cpu: pick(side, kind, (r) => r.serverCpuS) });
		const ours = m('ours');
		const peer = m('peer');
		const l = `${label(kind)} (${runsOf(kind)} run${runsOf(kind) > 1 ? 's' : ''})`;
		rows.push(
			[l, 'ingest time (first push → last ack)', sec(ours.ingest), sec(peer.ingest), ratio(peer.ingest, ours.ingest)],
			[l, 'events/s ingested', rate(ours.eps), rate(peer.eps), `${ratio(peer.eps, ours.eps)} (ours ${ratio(ours.eps, peer.eps)} the peer)`],
			[l, 'time to converge (first push → last device)', convText('ours', kind), convText('peer', kind), ratio(peer.conv, ours.conv)],
			[l, 'server CPU time', `${ours.cpu.toFixed(1)} s`, `${peer.cpu.toFixed(1)} s`, ratio(peer.cpu, ours.cpu)]
		);
	}
	const out: string[] = [];
	const load = loadavg().map((l) => l.toFixed(2)).join(', ');
	out.push(
		'',
		`Sync benchmark · ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.versions.node} · ${cpus().length} cores · load ${load} at the end · ${TABLETS} tablets × ${EVENTS} events · medians, ours and the peer alternating`,
		'',
		table(['storm', 'measure', 'ours', 'peer (pouchdb-server)', 'peer / ours'], rows)
	);
	// Goals (issue 18): the judges' storm converges in ≤ 10 s with every device's standings equal
	// to the server's; ingest ≥ 5× the peer's events/s and converge ≥ 5× faster than the peer, in
	// the judges' and the organizer storm. The floor of a ratio is the peer's figure in the same run.
	const goalRows: string[][] = [];
	for (const kind of kinds) {
		const goal = kind !== 'full';
		const judge = (ok: boolean) => (goal ? verdict(ok) : 'no goal');
		const c = pick('ours', kind, (r) => r.convergeMs);
		const pc = pick('peer', kind, (r) => r.convergeMs);
		const eps = pick('ours', kind, (r) => r.eventsPerS);
		const peps = pick('peer', kind, (r) => r.eventsPerS);
		if (kind === 'judges') {
			const checked = of('ours', kind).every((r) => r.standingsChecked !== null);
			goalRows.push([`converged ≤ ${GOAL_CONVERGE_MS / 1000} s, every device's standings equal the server's`, kind, `${convText('ours', kind)}; standings ${checked ? 'equal' : 'not checked (not converged)'}`, `peer ${convText('peer', kind)}`, '', verdict(c <= GOAL_CONVERGE_MS && checked)]);
		}
		const speedup = eps / peps;
		goalRows.push([`ingest ≥ ${GOAL_PEER_RATIO}× the peer's events/s`, kind, rate(eps), rate(peps), `${speedup.toFixed(2)}×`, judge(speedup >= GOAL_PEER_RATIO)]);
		if (Number.isFinite(pc) || !Number.isFinite(c)) {
			const r = pc / c;
			goalRows.push([`converge ≥ ${GOAL_PEER_RATIO}× faster than the peer`, kind, convText('ours', kind), convText('peer', kind), Number.isFinite(r) ? `${r.toFixed(2)}×` : '—', judge(r >= GOAL_PEER_RATIO)]);
		} else {
			// The peer was stopped at the deadline in most runs: the ratio is at least deadline / ours.
			const r = DEADLINE_MS / c;
			goalRows.push([`converge ≥ ${GOAL_PEER_RATIO}× faster than the peer`, kind, convText('ours', kind), convText('peer', kind), `> ${r.toFixed(2)}× (a lower bound: the peer was stopped)`, goal ? (r >= GOAL_PEER_RATIO ? 'PASS' : 'unknown') : 'no goal']);
		}
	}
	// Goal (issue 34): the server's CPU per event ≥ 5× below the peer's in every run (run k of ours paired with run k of the peer).
	const cpuRuns = cpuPerEventRuns(kinds.filter((k) => k !== 'full'));
	for (const kind of kinds.filter((k) => k !== 'full')) {
		const paired = cpuRuns.filter((r) => r.kind === kind && r.ratio !== null);
		const worst = paired.length ? Math.min(...paired.map((r) => r.ratio!)) : NaN;
		goalRows.push([
			`server CPU per event ≥ ${GOAL_PEER_RATIO}× below the peer's, every run`,
			kind,
			`${median(cpuRuns.filter((r) => r.kind === kind).map((r) => r.ours))?.toFixed(1) ?? '—'} µs/event`,
			paired.length ? `${median(paired.map((r) => r.peer!)).toFixed(1)} µs/event` : '—',
			paired.length ? `worst run ${worst.toFixed(2)}× (${paired.map((r) => `${r.ratio!.toFixed(2)}×`).join(', ')})` : '—',
			paired.length ? verdict(worst >= GOAL_PEER_RATIO) : 'no peer'
		]);
	}
	out.push('', table(['goal (ours)', 'storm', 'ours (median)', 'floor: the peer, same run (median)', 'ours / floor', 'result'], goalRows));
	out.push(
		'',
		`Server CPU per event, run by run (server CPU s ÷ ${TOTAL.toLocaleString('en-US')} events ingested; run k of ours paired with run k of the peer; goal: peer / ours ≥ ${GOAL_PEER_RATIO}× in every run):`,
		table(
			['run', 'storm', 'ours', 'peer (pouchdb-server)', 'peer / ours', 'result'],
			cpuRuns.map((r) => [String(r.run), r.kind, `${r.ours.toFixed(1)} µs/event`, r.peer === null ? '—' : `${r.peer.toFixed(1)} µs/event`, r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`, r.ratio === null ? 'no peer' : verdict(r.ratio >= GOAL_PEER_RATIO)])
		)
	);
	// Traffic: what each device received in its pulls (events, bytes), over all runs of a storm.
	const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
	const n = (v: number) => Math.round(v).toLocaleString('en-US');
	const trafficRows: string[][] = [];
	for (const kind of kinds)
		for (const side of ['ours', 'peer']) {
			const tabs = of(side, kind).flatMap((r) => r.traffic.tablets);
			const orgs = of(side, kind).flatMap((r) => (r.traffic.organizer ? [r.traffic.organizer] : []));
			const cell = (list: { events: number; bytes: number }[]) =>
				list.length === 0 ? '—' : `${n(median(list.map((x) => x.events)))} ev, ${mib(median(list.map((x) => x.bytes)))} / ${n(Math.max(...list.map((x) => x.events)))} ev, ${mib(Math.max(...list.map((x) => x.bytes)))}`;
			trafficRows.push([kind, side, cell(tabs), cell(orgs)]);
		}
	out.push('', 'Traffic per device (pull bodies received, all runs; a stopped storm counts what had arrived):', table(['storm', 'side', 'tablet: median / max', 'organizer: median / max'], trafficRows));
	out.push(
		'',
		'Every storm:',
		table(
			['run', 'storm', 'side', 'ingest', 'events/s', 'converge', 'pulls (empty)', 'retried', 'server CPU', 'server CPU/event', 'devices CPU', 'standings equal'],
			results.map((r) => [String(r.run), r.kind, r.side, sec(r.ingestMs), rate(r.eventsPerS), conv(r), `${r.pulls} (${r.emptyPulls})`, String(r.retries), `${r.serverCpuS.toFixed(1)} s`, `${usPerEvent(r).toFixed(1)} µs`, `${r.clientCpuS.toFixed(1)} s`, r.standingsChecked === null ? '—' : `${r.standingsChecked} devices`])
		)
	);
	process.stdout.write(`${out.join('\n')}\n`);
}

try {
	await main();
} finally {
	cleanupSync();
}
