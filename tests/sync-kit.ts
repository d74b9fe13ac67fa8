import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { DeviceLog } from '../src/lib/events/builder';
import type { JudgeEvent } from '../src/lib/events/schema';
import { presetById } from '../src/lib/rules/presets';
import { workerServer } from './e2e-servers';

/**
 * Shared by the HTTP tests (tests/http, vitest) and the browser specs (Playwright): plain `fetch`
 * (undici, keep-alive) against this worker's production server (tests/e2e-servers.ts) on
 * 127.0.0.1, helpers that create events and devices through the API, and snapshots that
 * show whether a request stored or changed anything.
 */

const SERVER = workerServer();
export const PORT = SERVER.port;
export const BASE = SERVER.base;
/** This worker's server's database. */
export const DB_FILE = SERVER.dbFile;
/** The demo event's organizer key on this worker's server. */
export const DEMO_KEY = SERVER.demoKey;
/** Unique per run and per spec file: the data directory is shared by every spec of a worker. */
export const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
export const DAY = '2026-05-16';
export const T0 = Date.UTC(2026, 4, 16, 9);

export interface Answer {
	status: number;
	contentType: string;
	text: string;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	body: any;
}

export interface CallOptions {
	/** A device token (sent as `Authorization: Bearer …`). */
	token?: string;
	/** The raw Authorization header (wins over `token`; null: none). */
	authorization?: string | null;
	/** A value sent as JSON. */
	json?: unknown;
	/** A raw body, sent as it is. */
	body?: string;
	headers?: Record<string, string>;
	base?: string;
	signal?: AbortSignal;
	timeoutMs?: number;
}

/** One HTTP request; the answer's body parsed as JSON when it is JSON. */
export async function call(method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
	const headers: Record<string, string> = { accept: 'application/json' };
	const authorization = opts.authorization !== undefined ? opts.authorization : opts.token ? `Bearer ${opts.token}` : null;
	if (authorization !== null) headers.authorization = authorization;
	let body: string | undefined = opts.body;
	if (opts.json !== undefined) body = JSON.stringify(opts.json);
	if (body !== undefined) headers['content-type'] = 'application/json';
	Object.assign(headers, opts.headers ?? {});
	const res = await fetch(`${opts.base ?? BASE}${path}`, {
		method,
		headers,
		body,
		signal: opts.signal ?? AbortSignal.timeout(opts.timeoutMs ?? 30_000)
	});
	const text = await res.text();
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		parsed = undefined;
	}
	return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, body: parsed };
}

/** The answer must have this status; otherwise the error shows what the server said. */
export function expectStatus(a: Answer, status: number, what: string): Answer {
	if (a.status !== status) throw new Error(`${what}: expected ${status}, got ${a.status}: ${a.text.slice(0, 500)}`);
	return a;
}

export interface CreatedEvent {
	eventId: string;
	event: { id: string; name: string; date: string };
	device: { id: string; role: string; label: string };
	token: string;
}

export async function createEvent(name: string, base = BASE, adminKey?: string): Promise<CreatedEvent> {
	return expectStatus(await call('POST', '/api/events', { json: { event: { name, date: DAY } }, base, token: adminKey }), 201, `create event ${name}`).body;
}

export interface AddedDevice {
	device: { id: string; role: string; label: string };
	token: string;
	code: string;
	/** The QR code's link: server, event and token. */
	pairUrl: string;
}

/** Prints the table cards of a heat (the organizer's token): the secret of its first card's link. */
export async function printedCardSecret(eventId: string, orgToken: string, heatId: string, base = BASE): Promise<string> {
	const printed = expectStatus(await call('POST', `/api/events/${eventId}/cards`, { token: orgToken, json: { heatId }, base }), 201, 'print cards').body as { cards: { link: string }[] };
	return new URLSearchParams(new URL(printed.cards[0]!.link).hash.slice(1)).get('card')!;
}

/** A tablet scans a card: its judge token, bound to `deviceId` and scoped to the card's heat. */
export async function pairByCard(secret: string, deviceId: string, base = BASE): Promise<string> {
	return (expectStatus(await call('POST', '/api/pair/card', { json: { card: secret, deviceId }, base }), 200, 'pair by card').body as { token: string }).token;
}

export async function addDevice(eventId: string, orgToken: string, role: string, label: string, base = BASE): Promise<AddedDevice> {
	return expectStatus(await call('POST', `/api/events/${eventId}/devices`, { token: orgToken, json: { role, label }, base }), 201, `add ${role} ${label}`).body;
}

export async function revokeDevice(eventId: string, orgToken: string, id: string, base = BASE): Promise<void> {
	expectStatus(await call('DELETE', `/api/events/${eventId}/devices/${id}`, { token: orgToken, base }), 200, `revoke ${id}`);
}

export const RULESET = presetById('czjpa-individual')!;

/** An organizer's set-up for `eventId`: one competition, one heat, `seats` entries. */
export function setupOf(eventId: string, tag: string, seats = 4) {
	const competitionId = `${tag}-c1`;
	const heatId = `${tag}-h1`;
	return {
		competitionId,
		heatId,
		entryIds: Array.from({ length: seats }, (_, i) => `${tag}-e${i + 1}`),
		body: {
			rulesets: [RULESET],
			competitions: [{ id: competitionId, eventId, name: `Individual ${tag}`, ruleset: { id: RULESET.id, version: RULESET.version } }],
			heats: [{ id: heatId, competitionId, name: 'Heat 1' }],
			entries: Array.from({ length: seats }, (_, i) => ({
				id: `${tag}-e${i + 1}`,
				competitionId,
				heatId,
				name: `Competitor ${i + 1}`,
				members: [],
				table: '1',
				seat: String(i + 1)
			}))
		}
	};
}

export async function writeSetup(eventId: string, orgToken: string, body: unknown, base = BASE): Promise<void> {
	expectStatus(await call('POST', `/api/events/${eventId}/setup`, { token: orgToken, json: body, base }), 200, `set-up of ${eventId}`);
}

/** `n` valid judge events of one device: a start, then hands raised and checks, round the entries. */
export function judgeLog(deviceId: string, competitionId: string, heatId: string, entryIds: string[], n: number): JudgeEvent[] {
	const log = new DeviceLog({ deviceId, judge: 'Eva', competitionId, heatId });
	log.start(T0, entryIds);
	for (let i = 1; log.events.length < n; i++) log.hand(entryIds[i % entryIds.length]!, T0 + i * 1000);
	return log.events.slice(0, n);
}

export interface PullPage {
	events: JudgeEvent[];
	cursor: number;
	more: boolean;
}

/** Every judge event of the event, page by page; checks that the paging neither skips nor repeats. */
export async function pullAll(eventId: string, token: string, opts: { limit?: number; base?: string; after?: number } = {}): Promise<{ events: JudgeEvent[]; cursors: number[] }> {
	const events: JudgeEvent[] = [];
	const cursors: number[] = [];
	let cursor = opts.after ?? 0;
	for (;;) {
		const page: PullPage = expectStatus(
			await call('GET', `/api/events/${eventId}/judge-events?after=${cursor}&limit=${opts.limit ?? 5000}`, { token, base: opts.base }),
			200,
			`pull ${eventId}`
		).body;
		if (page.events.length > 0 && !(page.cursor > cursor)) throw new Error(`pull ${eventId}: the cursor did not advance (${cursor} → ${page.cursor})`);
		events.push(...page.events);
		cursor = page.cursor;
		cursors.push(cursor);
		if (!page.more) break;
	}
	return { events, cursors };
}

/** What the API shows of an event: its set-up, its judge events in order, its devices (without last contact). */
export async function snapshot(eventId: string, orgToken: string, base = BASE) {
	const setup = expectStatus(await call('GET', `/api/events/${eventId}/setup`, { token: orgToken, base }), 200, `setup of ${eventId}`).body;
	const { events } = await pullAll(eventId, orgToken, { base });
	const devices = expectStatus(await call('GET', `/api/events/${eventId}/devices`, { token: orgToken, base }), 200, `devices of ${eventId}`).body.devices.map(
		// lastSeenAt moves with every accepted push, even one whose events were all refused.
		({ lastSeenAt: _, ...d }: { lastSeenAt: number | null }) => d
	);
	return { setup, events, devices };
}

const TABLES = ['events', 'rulesets', 'competitions', 'heats', 'entries', 'judge_events', 'device_tokens', 'pairing_codes', 'token_devices', 'publications', 'competition_merges', 'heat_starts'];

/** Row counts of every table of the e2e server's database (read-only), and its highest server_seq. */
export function tableCounts(file = DB_FILE): Record<string, number> {
	const db = new Database(file, { readonly: true, fileMustExist: true });
	try {
		const counts: Record<string, number> = {};
		for (const t of TABLES) counts[t] = db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number;
		counts.max_server_seq = db.prepare('SELECT coalesce(max(server_seq), 0) FROM judge_events').pluck().get() as number;
		counts.revoked = db.prepare('SELECT count(*) FROM device_tokens WHERE revoked_at IS NOT NULL').pluck().get() as number;
		counts.used_codes = db.prepare('SELECT count(*) FROM pairing_codes WHERE used_at IS NOT NULL').pluck().get() as number;
		return counts;
	} finally {
		db.close();
	}
}

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
	const results: R[] = new Array(items.length);
	let next = 0;
	const worker = async () => {
		for (;;) {
			const i = next++;
			if (i >= items.length) return;
			results[i] = await fn(items[i]!, i);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
	return results;
}

/** A tablet's exported event file (docs/event-format.md), as src/lib/db/setup-store.ts exportEventFile writes it. */
export function eventFile(deviceId: string, setup: { events: unknown[]; rulesets: unknown[]; competitions: unknown[]; heats: unknown[]; entries: unknown[] }, log: unknown[]) {
	return { format: 'puzzle-judge-events', version: 1, exportedAt: T0 + 3_600_000, deviceId, setup, log };
}

/** A device token of the demo event on this worker's server, added by its organizer through the API. */
export async function demoToken(role: string, label: string): Promise<string> {
	return (await addDevice('demo', DEMO_KEY, role, label)).token;
}

export interface SecondServer {
	base: string;
	port: number;
	dataDir: string;
	/** Its database (for row counts). */
	dbFile: string;
	adminKey: string;
	/** What it printed (the demo event's organizer key among it). */
	output(): string;
	/** The demo event's organizer key, printed on its first start. */
	demoKey(): string;
	stop(): Promise<void>;
}

/**
 * Another production server (scripts/start.js) on a fresh data directory and a free port,
 * started with an ADMIN_KEY unless told otherwise: restores over HTTP need one.
 */
export async function startSecondServer(env: Record<string, string> = {}): Promise<SecondServer> {
	const dataDir = mkdtempSync(join(tmpdir(), 'pj-second-'));
	const port = await new Promise<number>((done) => {
		const srv = createServer();
		srv.listen(0, '127.0.0.1', () => {
			const p = (srv.address() as { port: number }).port;
			srv.close(() => done(p));
		});
	});
	const base = `http://127.0.0.1:${port}`;
	const adminKey = `second-admin-${RUN}-0123456789`;
	const server = spawn(process.execPath, ['scripts/start.js'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ORIGIN: base, ADMIN_KEY: adminKey, ...env }, stdio: 'pipe' });
	let output = '';
	server.stdout.on('data', (d) => (output += d));
	server.stderr.on('data', (d) => (output += d));
	for (let i = 0; ; i++) {
		const ok = await call('GET', '/api/health', { base, timeoutMs: 1000 }).then(
			(a) => a.status === 200,
			() => false
		);
		if (ok) break;
		if (i > 150 || server.exitCode !== null) throw new Error(`the second server did not start:\n${output}`);
		await new Promise((r) => setTimeout(r, 200));
	}
	return {
		base,
		port,
		dataDir,
		dbFile: join(dataDir, 'puzzle-judge.sqlite'),
		adminKey: env.ADMIN_KEY ?? adminKey,
		output: () => output,
		demoKey: () => {
			const key = /Organizer key of the demo event[^:]*: (\S+)/.exec(output)?.[1];
			if (!key) throw new Error(`no demo key in the second server's output:\n${output}`);
			return key;
		},
		stop: async () => {
			server.kill('SIGTERM');
			await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
			rmSync(dataDir, { recursive: true, force: true });
		}
	};
}

/** An event's backup file (NDJSON) as the server sends it, and its lines parsed. */
export async function backupOf(eventId: string, orgToken: string, base = BASE): Promise<{ text: string; lines: Record<string, unknown>[] }> {
	const a = expectStatus(await call('GET', `/api/events/${eventId}/backup`, { token: orgToken, base }), 200, `backup of ${eventId}`);
	if (!a.contentType.startsWith('application/x-ndjson')) throw new Error(`backup of ${eventId}: content type ${a.contentType}`);
	return { text: a.text, lines: a.text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/** POST /api/restore with a backup file's text (as curl --data-binary @FILE sends it). */
export function restore(text: string, opts: { base?: string; adminKey?: string | null } = {}): Promise<Answer> {
	return call('POST', '/api/restore', { body: text, base: opts.base, headers: { 'content-type': 'application/x-ndjson' }, ...(opts.adminKey ? { token: opts.adminKey } : {}), timeoutMs: 120_000 });
}

/** A version-2 backup's lines as the version-1 file (one JSON object) the server made before: a restore still reads it. */
export function asVersion1(lines: Record<string, unknown>[]): Record<string, unknown> {
	const of = (kind: string) => lines.filter((l) => l.kind === kind);
	const header = lines[0]!;
	return {
		format: header.format,
		version: 1,
		exportedAt: header.exportedAt,
		event: header.event,
		rulesets: of('ruleset').map((l) => l.ruleset),
		competitions: of('competition').map((l) => ({ ...(l.competition as object), origin: l.origin })),
		heats: of('heat').map((l) => l.heat),
		entries: of('entry').map((l) => l.entry),
		judgeEvents: of('judgeEvent').map((l) => ({ event: l.event, receivedAt: l.receivedAt, tokenId: l.tokenId })),
		devices: of('device').map((l) => l.device),
		publications: of('publication').map((l) => l.publication),
		merges: of('merge').map((l) => l.merge)
	};
}
