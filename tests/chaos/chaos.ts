/**
 * Chaos test of sync: `npm run test:chaos` (needs `npm run build` first; scripts/test.sh does).
 *
 * Starts the real production server (`node scripts/start.js`, 127.0.0.1, a free port, a fresh
 * temporary DATA_DIR) and a fault-injecting proxy in front of it (tests/chaos/fault-proxy.ts:
 * drops 30 % of requests — half before the server, half after it answered —, duplicates 10 %,
 * reorders, delays up to 5 s, cuts connections mid-body). At least 20 simulated tablets — each
 * the real client code under Node: a StationDb over its own fake-indexeddb, an EventLog and a
 * SyncEngine whose fetch goes to the proxy — record heats (demo competitions, and competitions
 * set up on the tablet with the quick set-up) while syncing, and the server is killed with
 * SIGKILL and restarted several times. Then the network heals, every tablet syncs until its
 * outbox is empty and its pull cursor caught up, and the test checks that the server, the
 * union of what the tablets recorded and every tablet's own events table hold the same events
 * (IDs and canonical content, nothing lost, nothing doubled), that server_seq has no
 * duplicates, and that every tablet's standings (its own set-up and events, the shared scoring
 * module) equal the standings computed from the server's set-up and events.
 *
 * Environment: CHAOS_TABLETS (default 20, at least 20 unless CHAOS_ALLOW_FEW=1), CHAOS_EVENTS
 * (events per tablet, default 50), CHAOS_SEED (default 1), CHAOS_KILLS (server kills, default
 * 4), CHAOS_DROP / CHAOS_DUPLICATE / CHAOS_REORDER / CHAOS_DELAY / CHAOS_CUT (fault rates; drop
 * is split evenly between lost requests and lost answers, cut between requests and answers),
 * CHAOS_MAX_DELAY_MS (5000), CHAOS_KEEP=1 (keep the data directory and the server log).
 * Exit status 0 when everything matches, 1 on any mismatch (each one named), 2 on a setup error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StationDb } from '$lib/db/station-db';
import { EventLog, type EventDraft } from '$lib/db/event-log';
import { listSetup, loadCompetition, saveSetup } from '$lib/db/setup-store';
import { canonicalJson } from '$lib/events/order';
import type { JudgeEvent } from '$lib/events/schema';
import { scoreCompetition, type Standings } from '$lib/scoring';
import { openStore } from '$lib/server/db';
import { DB_FILE } from '$lib/server/store';
import { DEMO_EVENT_DATE, DEMO_EVENT_ID, demoSetup } from '$lib/server/demo';
import { issueToken } from '$lib/server/tokens';
import { quickSetup } from '$lib/station/quick-setup';
import { SyncApi } from '$lib/sync/client/api';
import { SyncEngine } from '$lib/sync/client/engine';
import { savePairing } from '$lib/sync/client/pairing';
import { cursorKey } from '$lib/sync/client/pull';
import type { Pairing, SetupResponse } from '$lib/sync/protocol';
import { FaultProxy, type FaultCounts } from './fault-proxy';
import { between, pick, seededRandom, type Rng } from './random';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const HOST = '127.0.0.1';

function envNumber(name: string, fallback: number): number {
	const v = process.env[name];
	if (v === undefined || v === '') return fallback;
	const n = Number(v);
	if (!Number.isFinite(n)) throw new Error(`${name}=${v} is not a number`);
	return n;
}

const TABLETS = envNumber('CHAOS_TABLETS', 20);
const EVENTS_PER_TABLET = envNumber('CHAOS_EVENTS', 50);
const SEED = envNumber('CHAOS_SEED', 1);
const KILLS = envNumber('CHAOS_KILLS', 4);
const DROP = envNumber('CHAOS_DROP', 0.3);
const CUT = envNumber('CHAOS_CUT', 0.08);
const RATES = {
	dropRequest: DROP / 2,
	dropResponse: DROP / 2,
	cutRequest: CUT / 2,
	cutResponse: CUT / 2,
	duplicate: envNumber('CHAOS_DUPLICATE', 0.1),
	reorder: envNumber('CHAOS_REORDER', 0.1),
	delay: envNumber('CHAOS_DELAY', 0.25),
	maxDelayMs: envNumber('CHAOS_MAX_DELAY_MS', 5000)
};
/** The engine's backoff here: 50 ms doubling to at most 3 s (full jitter), so that the run is quick. */
const BACKOFF = { backoffBaseMs: 50, backoffCapMs: 3000 };
/** How long the healed network gets to converge. */
const HEAL_TIMEOUT_MS = 60_000;

const failures: string[] = [];
function fail(message: string): void {
	failures.push(message);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// --- the server ------------------------------------------------------------------------

function freePort(): Promise<number> {
	return new Promise((resolvePort, reject) => {
		const s = createServer();
		s.once('error', reject);
		s.listen(0, HOST, () => {
			const { port } = s.address() as AddressInfo;
			s.close(() => resolvePort(port));
		});
	});
}

class ServerProcess {
	private child: ChildProcess | null = null;
	private exited: Promise<void> = Promise.resolve();
	starts = 0;
	kills = 0;
	private readonly log: WriteStream;

	constructor(
		readonly port: number,
		readonly dataDir: string,
		readonly logFile: string
	) {
		this.log = createWriteStream(logFile, { flags: 'a' });
	}

	get origin(): string {
		return `http://${HOST}:${this.port}`;
	}

	async start(): Promise<void> {
		this.starts++;
		this.log.write(`\n--- start ${this.starts} at ${new Date().toISOString()}\n`);
		const child = spawn(process.execPath, ['scripts/start.js'], {
			cwd: ROOT,
			env: { ...process.env, HOST, PORT: String(this.port), DATA_DIR: this.dataDir, NODE_ENV: 'production' },
			stdio: ['ignore', 'pipe', 'pipe']
		});
		this.child = child;
		child.stdout!.pipe(this.log, { end: false });
		child.stderr!.pipe(this.log, { end: false });
		this.exited = new Promise((r) => child.once('exit', () => r()));
		const deadline = Date.now() + 30_000;
		for (;;) {
			if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} on start ${this.starts} (log: ${this.logFile})`);
			try {
				const res = await fetch(`${this.origin}/api/health`, { signal: AbortSignal.timeout(1000) });
				if (res.ok) return;
			} catch {
				// not yet
			}
			if (Date.now() > deadline) throw new Error(`the server did not answer /api/health within 30 s (log: ${this.logFile})`);
			await sleep(50);
		}
	}

	/** SIGKILL: no shutdown handler runs, the store is not closed. */
	async kill(): Promise<void> {
		if (!this.child) return;
		this.kills++;
		this.log.write(`\n--- SIGKILL ${this.kills} at ${new Date().toISOString()}\n`);
		this.child.kill('SIGKILL');
		await this.exited;
		this.child = null;
	}

	async stop(): Promise<void> {
		if (!this.child) return;
		this.child.kill('SIGKILL');
		await this.exited;
		this.child = null;
		await new Promise<void>((r) => this.log.end(() => r()));
	}
}

// --- the tablets -----------------------------------------------------------------------

interface Tablet {
	index: number;
	label: string;
	db: StationDb;
	log: EventLog;
	engine: SyncEngine;
	pairing: Pairing;
	/** Everything EventLog.append returned on this tablet. */
	recorded: JudgeEvent[];
	/** What the tablet judges: a competition's heat and its seats there. */
	competitionId: string;
	heatId: string;
	seats: string[];
	quick: boolean;
	/** The heat's taps come from it (a seeded plan, the same for one seed); the engine's jitter has its own. */
	rng: Rng;
}

async function makeTablet(index: number, token: string, proxyOrigin: string, rng: Rng, jitter: Rng): Promise<Tablet> {
	const label = `Chaos tablet ${index + 1}`;
	const db = new StationDb(`chaos-tablet-${index}`, { indexedDB: new IDBFactory(), IDBKeyRange });
	await db.open();
	const pairing = await savePairing(db, { server: proxyOrigin, eventId: DEMO_EVENT_ID, role: 'judge', deviceLabel: label, token });
	const log = await EventLog.open(db);
	const engine = new SyncEngine({
		db,
		env: { fetch: (input, init) => globalThis.fetch(input, init), random: () => jitter() },
		...BACKOFF,
		intervalMs: 250,
		nudgeDelayMs: 100,
		clockEveryMs: 10_000,
		timeoutMs: 12_000
	});
	// As the station does: every recorded event nudges the engine.
	log.onAppend(() => void engine.eventsQueued());
	return { index, label, db, log, engine, pairing, recorded: [], competitionId: '', heatId: '', seats: [], quick: false, rng };
}

/** Which heat each tablet judges: the demo competitions' seats shared out, and every sixth tablet a quick set-up of its own. */
async function assignHeats(tablets: Tablet[]): Promise<void> {
	const demo = demoSetup();
	const judged = tablets.filter((t) => t.index % 6 !== 5);
	const byCompetition = new Map<string, Tablet[]>();
	judged.forEach((t, k) => {
		const competition = demo.competitions[k % demo.competitions.length]!;
		const list = byCompetition.get(competition.id) ?? [];
		list.push(t);
		byCompetition.set(competition.id, list);
	});
	for (const [competitionId, list] of byCompetition) {
		const entries = demo.entries.filter((e) => e.competitionId === competitionId);
		list.forEach((t, k) => {
			t.competitionId = competitionId;
			t.heatId = `${competitionId}-h1`;
			// Seats shared out round robin; a tablet that would get none judges the first seat too.
			t.seats = entries.filter((_, i) => i % list.length === k).map((e) => e.id);
			if (t.seats.length === 0) t.seats = [entries[0]!.id];
		});
	}
	for (const t of tablets.filter((t) => t.index % 6 === 5)) {
		const made = quickSetup({
			presetId: pick(t.rng, ['czjpa-individual', 'es-adult-individual']),
			competitionName: `Quick heat of ${t.label}`,
			seatNames: ['Ana', '', 'Petr', 'Lucie'].slice(0, between(t.rng, 2, 4)),
			table: String(t.index + 1),
			day: DEMO_EVENT_DATE,
			suffix: `chaos${t.index}s${SEED}`.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 16)
		});
		if (!made.ok) throw new Error(`quick set-up refused: ${JSON.stringify(made.issues)}`);
		await saveSetup(t.db, made.value.bundle);
		t.competitionId = made.value.competitionId;
		t.heatId = made.value.heatId;
		t.seats = made.value.bundle.entries.map((e) => e.id);
		t.quick = true;
	}
}

/** Records a heat as the station does, tap by tap with pauses between taps, until `count` events. */
async function recordHeat(t: Tablet, count: number, stopAt: () => boolean): Promise<void> {
	const { rng } = t;
	const judge = `Judge ${t.index + 1}`;
	const base = () => ({ at: Date.now(), mono: Math.round(performance.now() * 1000) / 1000, judge, competitionId: t.competitionId, heatId: t.heatId });
	const rec = async (draft: EventDraft): Promise<JudgeEvent> => {
		const e = await t.log.append(draft);
		t.recorded.push(e);
		await sleep(between(rng, 30, 600));
		return e;
	};
	const paused = new Set<string>();
	const correctable: JudgeEvent[] = [];
	await rec({ ...base(), entryId: null, type: 'heat.start', payload: { entryIds: t.seats, previewMs: 0 } });
	// Leave room for the finishes: pause.end, hand, check, acknowledgement per seat.
	const finishCost = t.seats.length * 4;
	while (t.recorded.length < count - finishCost && !stopAt()) {
		const seat = pick(rng, t.seats);
		const r = rng();
		if (paused.has(seat)) {
			await rec({ ...base(), entryId: seat, type: 'pause.end', payload: {} });
			paused.delete(seat);
		} else if (r < 0.35) {
			correctable.push(await rec({ ...base(), entryId: seat, type: 'pause.start', payload: {} }));
			paused.add(seat);
		} else if (r < 0.5) {
			correctable.push(await rec({ ...base(), entryId: null, type: 'incident.noted', payload: { note: `Table ${t.index + 1}: noise at seat ${seat}` } }));
		} else if (r < 0.65) {
			// A false finish: the hand is raised, the check fails, the clock goes on.
			const hand = await rec({ ...base(), entryId: seat, type: 'hand.raised', payload: {} });
			await rec({ ...base(), entryId: seat, type: 'check.rejected', payload: { ref: hand.id, reason: 'pieces missing' } });
		} else if (r < 0.8 && correctable.length) {
			// Undo: a correction voiding an earlier tap (its own seat's pause or a note).
			const target = correctable.splice(Math.floor(rng() * correctable.length), 1)[0]!;
			await rec({ ...base(), entryId: target.entryId, heatId: target.heatId, type: 'correction', payload: { supersedes: target.id, reason: 'tapped by mistake' } } as EventDraft);
		} else if (correctable.length) {
			// A correction replacing a note's text.
			const notes = correctable.filter((e) => e.type === 'incident.noted');
			if (notes.length) {
				const target = notes[Math.floor(rng() * notes.length)]!;
				correctable.splice(correctable.indexOf(target), 1);
				await rec({
					...base(),
					entryId: target.entryId,
					type: 'correction',
					payload: { supersedes: target.id, reason: 'wrong text', replacement: { type: 'incident.noted', at: target.at, payload: { note: 'Corrected note' } } }
				} as EventDraft);
			} else {
				await rec({ ...base(), entryId: seat, type: 'assist.start', payload: {} });
				await rec({ ...base(), entryId: seat, type: 'assist.end', payload: {} });
			}
		} else {
			await rec({ ...base(), entryId: null, type: 'incident.noted', payload: { note: `Table ${t.index + 1} all quiet` } });
		}
	}
	for (const seat of t.seats) {
		if (paused.has(seat)) await rec({ ...base(), entryId: seat, type: 'pause.end', payload: {} });
		// Some seats do not finish (the limit comes from the ruleset; the clock keeps running).
		if (rng() < 0.15) continue;
		const hand = await rec({ ...base(), entryId: seat, type: 'hand.raised', payload: {} });
		await rec({ ...base(), entryId: seat, type: 'check.confirmed', payload: { ref: hand.id, missingPieces: between(rng, 0, 2) } });
		if (rng() < 0.8) await rec({ ...base(), entryId: seat, type: 'record.acknowledged', payload: {} });
	}
}

// --- checking --------------------------------------------------------------------------

async function pullAll(api: SyncApi, pageSize: number): Promise<{ events: JudgeEvent[]; cursor: number; pages: number }> {
	const events: JudgeEvent[] = [];
	let cursor = 0;
	let pages = 0;
	for (;;) {
		const page = await api.pull(DEMO_EVENT_ID, cursor, pageSize);
		pages++;
		events.push(...(page.events as JudgeEvent[]));
		if (page.cursor < cursor) fail(`server pull: the cursor went back from ${cursor} to ${page.cursor}`);
		if (!page.more || page.cursor <= cursor) return { events, cursor: page.cursor, pages };
		cursor = page.cursor;
	}
}

function byId(events: readonly JudgeEvent[], where: string): Map<string, string> {
	const map = new Map<string, string>();
	for (const e of events) {
		if (map.has(e.id)) fail(`${where}: event ${e.id} appears twice`);
		map.set(e.id, canonicalJson(e));
	}
	return map;
}

function compareSets(expected: Map<string, string>, actual: Map<string, string>, expectedName: string, actualName: string): void {
	const missing = [...expected.keys()].filter((id) => !actual.has(id));
	const extra = [...actual.keys()].filter((id) => !expected.has(id));
	const differ = [...expected.keys()].filter((id) => actual.has(id) && actual.get(id) !== expected.get(id));
	const show = (ids: string[]) => ids.slice(0, 8).join(', ') + (ids.length > 8 ? ` … (${ids.length})` : '');
	if (missing.length) fail(`${actualName} lacks ${missing.length} event(s) of ${expectedName}: ${show(missing)}`);
	if (extra.length) fail(`${actualName} holds ${extra.length} event(s) that ${expectedName} does not: ${show(extra)}`);
	for (const id of differ.slice(0, 5)) fail(`${actualName}: event ${id} differs from ${expectedName}:\n    ${expectedName}: ${expected.get(id)}\n    ${actualName}: ${actual.get(id)}`);
	if (differ.length > 5) fail(`${actualName}: ${differ.length} events differ from ${expectedName} in all`);
}

/** Every competition's standings, by competition ID, canonical JSON. */
function serverStandings(setup: SetupResponse, events: readonly JudgeEvent[], now: number): Map<string, string> {
	const out = new Map<string, string>();
	const rulesets = new Map(setup.rulesets.map((r) => [`${r.id}@${r.version}`, r]));
	for (const competition of setup.competitions) {
		const ruleset = rulesets.get(`${competition.ruleset.id}@${competition.ruleset.version}`);
		if (!ruleset) {
			fail(`server set-up: competition ${competition.id} has no ruleset ${competition.ruleset.id}@${competition.ruleset.version}`);
			continue;
		}
		const entries = setup.entries.filter((e) => e.competitionId === competition.id);
		const standings = scoreCompetition({ competition, ruleset, entries }, events.filter((e) => e.competitionId === competition.id), now);
		out.set(competition.id, canonicalJson(standings));
	}
	return out;
}

async function deviceStandings(t: Tablet, now: number): Promise<Map<string, string>> {
	const out = new Map<string, string>();
	const { competitions } = await listSetup(t.db);
	for (const c of competitions) {
		const setup = await loadCompetition(t.db, c.id);
		if (!setup) {
			fail(`${t.label}: competition ${c.id} lacks its ruleset on the tablet`);
			continue;
		}
		const events = await t.db.events.where('competitionId').equals(c.id).toArray();
		const standings: Standings = scoreCompetition(setup, events, now);
		out.set(c.id, canonicalJson(standings));
	}
	return out;
}

// --- the run ---------------------------------------------------------------------------

async function main(): Promise<number> {
	const startedAt = Date.now();
	if (TABLETS < 20 && process.env.CHAOS_ALLOW_FEW !== '1') throw new Error(`CHAOS_TABLETS=${TABLETS}: the chaos test runs at least 20 tablets (CHAOS_ALLOW_FEW=1 to try fewer)`);
	if (!existsSync(join(ROOT, 'build', 'index.js'))) throw new Error('no build/: run "npm run build" first');
	const rng = seededRandom(SEED);
	const dataDir = mkdtempSync(join(tmpdir(), 'puzzle-judge-chaos-'));
	const port = await freePort();
	const server = new ServerProcess(port, join(dataDir, 'data'), join(dataDir, 'server.log'));
	const keep = process.env.CHAOS_KEEP === '1';
	console.log(`chaos: seed ${SEED}, ${TABLETS} tablets × ~${EVENTS_PER_TABLET} events, ${KILLS} server kills; data in ${dataDir}`);
	console.log(
		`chaos: faults: drop ${DROP * 100} % (half requests, half answers), cut ${CUT * 100} %, duplicate ${RATES.duplicate * 100} %, reorder ${RATES.reorder * 100} %, delay ${RATES.delay * 100} % up to ${RATES.maxDelayMs} ms`
	);

	// Tokens first, in-process, before the server runs (it seeds the demo event the same way).
	const store = openStore(server.dataDir);
	const organizer = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'organizer', label: 'Chaos organizer', now: Date.now() });
	const judgeTokens = Array.from({ length: TABLETS }, (_, i) => issueToken(store, { eventId: DEMO_EVENT_ID, role: 'judge', label: `Chaos tablet ${i + 1}`, now: Date.now() }).token);
	store.close();

	const proxy = new FaultProxy({ host: HOST, port }, { seed: SEED * 7919 + 1, rates: RATES });
	const proxyPort = await proxy.listen();
	const proxyOrigin = `http://${HOST}:${proxyPort}`;
	let tablets: Tablet[] = [];
	try {
		await server.start();
		tablets = await Promise.all(judgeTokens.map((token, i) => makeTablet(i, token, proxyOrigin, seededRandom(SEED * 1000 + i), seededRandom(SEED * 1000 + 500 + i))));
		await assignHeats(tablets);
		for (const t of tablets) await t.engine.start();

		// Record while the server is killed and restarted at random moments.
		const recordStart = Date.now();
		let killerError: unknown = null;
		const killer = (async () => {
			// Spread the kills over the expected recording time (about 0.33 s per event).
			const span = Math.max(8000, EVENTS_PER_TABLET * 330);
			const moments = Array.from({ length: KILLS }, () => 1000 + rng() * span).sort((a, b) => a - b);
			for (const at of moments) {
				const wait = recordStart + at - Date.now();
				if (wait > 0) await sleep(wait);
				await server.kill();
				await sleep(between(rng, 200, 2000));
				await server.start();
				console.log(`chaos: server killed (SIGKILL) and restarted at +${((Date.now() - recordStart) / 1000).toFixed(1)} s`);
			}
		})().catch((e: unknown) => {
			killerError = e;
		});
		const progress = setInterval(() => {
			const n = tablets.reduce((s, t) => s + t.recorded.length, 0);
			console.log(`chaos: +${((Date.now() - recordStart) / 1000).toFixed(0)} s: ${n} events recorded, ${proxy.counts.requests} requests, ${proxy.totalFaults} faults`);
		}, 5000);
		await Promise.all(tablets.map((t) => recordHeat(t, EVENTS_PER_TABLET, () => false)));
		await killer;
		clearInterval(progress);
		if (killerError) throw killerError;
		const recordedCount = tablets.reduce((s, t) => s + t.recorded.length, 0);
		console.log(`chaos: recording done in ${((Date.now() - recordStart) / 1000).toFixed(1)} s: ${recordedCount} events; healing the network`);

		// Heal: no more faults; sync every tablet until nothing moves.
		proxy.faultsOn = false;
		const direct = new SyncApi({ server: server.origin, token: organizer.token, fetch: (i, init) => globalThis.fetch(i, init), setTimeout, clearTimeout, timeoutMs: 30_000 });
		const healStart = Date.now();
		let rounds = 0;
		let stable = 0;
		let unchanged = 0;
		let lastState = '';
		let lastProblem = '';
		while (stable < 2) {
			if (Date.now() - healStart > HEAL_TIMEOUT_MS) {
				fail(`the tablets did not converge within ${HEAL_TIMEOUT_MS / 1000} s of a healed network: ${lastProblem}`);
				break;
			}
			rounds++;
			await Promise.all(tablets.map((t) => t.engine.syncNow()));
			const { events, cursor } = await pullAll(direct, 5000);
			const problems: string[] = [];
			const state: number[] = [events.length, cursor];
			let waitingAnywhere = false;
			for (const t of tablets) {
				const [waiting, held, stored] = await Promise.all([t.db.outbox.count(), t.db.events.count(), t.db.meta.get(cursorKey(t.pairing))]);
				state.push(waiting, held);
				if (waiting > 0) {
					waitingAnywhere = true;
					problems.push(`${t.label}: ${waiting} waiting (${t.engine.status.lastError ?? 'no error'})`);
				} else if (held !== events.length) problems.push(`${t.label}: holds ${held} events, the server ${events.length}`);
				else if (stored?.value !== cursor) problems.push(`${t.label}: cursor ${String(stored?.value)}, the server's ${cursor}`);
			}
			lastProblem = problems.slice(0, 3).join('; ') + (problems.length > 3 ? ` … (${problems.length} tablets)` : '');
			stable = problems.length === 0 ? stable + 1 : 0;
			// Nothing waits to be pushed and nothing moved for three rounds: more rounds will not help.
			unchanged = state.join() === lastState ? unchanged + 1 : 0;
			lastState = state.join();
			if (problems.length && !waitingAnywhere && unchanged >= 3) {
				fail(`the tablets stopped converging with nothing left to push: ${lastProblem}`);
				break;
			}
		}
		for (const t of tablets) t.engine.stop();
		await Promise.all(tablets.map((t) => t.engine.whenIdle()));
		console.log(`chaos: healed network: ${rounds} sync rounds in ${((Date.now() - healStart) / 1000).toFixed(1)} s; checking`);

		// The server's set: pulled directly (not through the proxy), in small pages too.
		const pulled = await pullAll(direct, 5000);
		const small = await pullAll(direct, 97);
		const serverSet = byId(pulled.events, 'the server (pull)');
		compareSets(serverSet, byId(small.events, 'the server (pull, pages of 97)'), 'the server (one page)', 'the server (pages of 97)');
		if (small.events.map((e) => e.id).join('\n') !== pulled.events.map((e) => e.id).join('\n')) fail('the server pull in pages of 97 gives another order than in one page');

		// server_seq straight from SQLite (WAL: readable while the server runs).
		const sqlite = new Database(join(server.dataDir, DB_FILE), { readonly: true, fileMustExist: true });
		const rows = sqlite.prepare('SELECT id, server_seq, event_id FROM judge_events ORDER BY server_seq').all() as { id: string; server_seq: number; event_id: string | null }[];
		sqlite.close();
		const seqs = new Set(rows.map((r) => r.server_seq));
		if (seqs.size !== rows.length) fail(`server_seq has ${rows.length - seqs.size} duplicate(s)`);
		if (new Set(rows.map((r) => r.id)).size !== rows.length) fail('judge_events holds an ID twice');
		for (let i = 1; i < rows.length; i++) if (rows[i]!.server_seq <= rows[i - 1]!.server_seq) fail(`server_seq not increasing at ${rows[i]!.id}`);
		const notDemo = rows.filter((r) => r.event_id !== DEMO_EVENT_ID);
		if (notDemo.length) fail(`${notDemo.length} judge event(s) stored under another event than "${DEMO_EVENT_ID}", e.g. ${notDemo[0]!.id} (${notDemo[0]!.event_id})`);
		if (rows.map((r) => r.id).join('\n') !== pulled.events.map((e) => e.id).join('\n')) fail('the pull order is not the server_seq order of judge_events');

		// The union of what the tablets recorded.
		const union = byId(
			tablets.flatMap((t) => t.recorded),
			'the tablets’ recordings'
		);
		compareSets(union, serverSet, 'the union of the tablets’ recordings', 'the server');

		// Every tablet: its events table, its outbox and rejected, its standings.
		const now = Math.max(...pulled.events.map((e) => e.at)) + 3_600_000;
		const setup = await direct.getSetup(DEMO_EVENT_ID);
		const expectedStandings = serverStandings(setup, pulled.events, now);
		const known = new Set(setup.competitions.map((c) => c.id));
		const orphans = pulled.events.filter((e) => !known.has(e.competitionId));
		if (orphans.length) fail(`${orphans.length} server event(s) of competitions missing from the server's set-up (a quick set-up not adopted?), e.g. ${orphans[0]!.id} of ${orphans[0]!.competitionId}`);
		for (const t of tablets.filter((t) => t.quick)) if (!known.has(t.competitionId)) fail(`the server did not adopt ${t.label}'s quick set-up ${t.competitionId}`);
		let standingsCompared = 0;
		let rowsCompared = 0;
		const perDevice: number[] = [];
		for (const t of tablets) {
			const events = await t.db.events.toArray();
			perDevice.push(events.length);
			compareSets(serverSet, byId(events, `${t.label}'s events table`), 'the server', `${t.label}'s events table`);
			const [waiting, rejected] = await Promise.all([t.db.outbox.count(), t.db.rejected.toArray()]);
			if (waiting) fail(`${t.label}: ${waiting} event(s) still in the outbox`);
			for (const r of rejected.slice(0, 3)) fail(`${t.label}: event ${r.id} rejected (${r.kind}): ${r.reason}`);
			if (rejected.length > 3) fail(`${t.label}: ${rejected.length} rejected events in all`);
			const mine = await deviceStandings(t, now);
			for (const id of expectedStandings.keys()) if (!mine.has(id)) fail(`${t.label}: no competition ${id} on the tablet`);
			for (const id of mine.keys()) if (!expectedStandings.has(id)) fail(`${t.label}: competition ${id} is not on the server`);
			for (const [id, json] of mine) {
				const expected = expectedStandings.get(id);
				if (expected === undefined) continue;
				standingsCompared++;
				rowsCompared += (JSON.parse(json) as Standings).rows.length;
				if (json !== expected) fail(`${t.label}: standings of ${id} differ from the server's:\n    server: ${expected.slice(0, 600)}\n    tablet: ${json.slice(0, 600)}`);
			}
		}

		const c: FaultCounts = proxy.counts;
		const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
		const minDev = Math.min(...perDevice);
		const maxDev = Math.max(...perDevice);
		console.log('');
		console.log('chaos: summary');
		console.log(`  tablets                      ${TABLETS} (${tablets.filter((t) => t.quick).length} with a quick set-up)`);
		console.log(`  events recorded              ${union.size}`);
		console.log(`  events on the server         ${serverSet.size} (server_seq 1…${rows.at(-1)?.server_seq ?? 0}, ${rows.length} rows)`);
		console.log(`  events checked per device    ${minDev === maxDev ? minDev : `${minDev}…${maxDev}`} (× ${TABLETS} devices = ${perDevice.reduce((a, b) => a + b, 0)})`);
		console.log(`  standings compared           ${standingsCompared} competition standings (${expectedStandings.size} competitions × ${TABLETS} devices), ${rowsCompared} rows`);
		console.log(`  requests through the proxy   ${c.requests} (${c.requestsUnderFaults} under faults)`);
		console.log(`  faults injected              ${proxy.totalFaults}`);
		console.log(`    dropped requests           ${c.droppedRequests}`);
		console.log(`    dropped responses          ${c.droppedResponses} (pushes stored and acknowledged, answer lost: ${c.droppedPushAcks})`);
		console.log(`    duplicated                 ${c.duplicated}`);
		console.log(`    reordered                  ${c.reordered}`);
		console.log(`    delayed                    ${c.delayed}`);
		console.log(`    cut mid-request            ${c.cutRequests}`);
		console.log(`    cut mid-response           ${c.cutResponses} (included in the lost push answers above)`);
		console.log(`  502 while the server was down ${c.serverUnreachable}`);
		console.log(`  server kills (SIGKILL)       ${server.kills} (${server.starts} starts)`);
		console.log(`  time taken                   ${seconds} s`);
		if (server.kills < Math.min(KILLS, 3)) fail(`only ${server.kills} server kills`);
		if (recordedCount !== union.size) fail(`recorded ${recordedCount} events but ${union.size} distinct IDs`);
	} finally {
		for (const t of tablets) {
			t.engine.stop();
			t.log.close();
			t.db.close();
		}
		await proxy.close();
		await server.stop();
		if (failures.length === 0 && !keep) rmSync(dataDir, { recursive: true, force: true });
		else console.log(`chaos: data directory and server log kept in ${dataDir}`);
	}

	if (failures.length) {
		console.error(`\nchaos: FAILED, ${failures.length} mismatch(es):`);
		for (const f of failures.slice(0, 60)) console.error(`  - ${f}`);
		if (failures.length > 60) console.error(`  … and ${failures.length - 60} more`);
		return 1;
	}
	console.log('\nchaos: PASSED: every device and the server hold the same events and the same standings; nothing lost, nothing doubled');
	return 0;
}

main().then(
	(code) => process.exit(code),
	(e) => {
		console.error(`chaos: could not run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
		process.exit(2);
	}
);
