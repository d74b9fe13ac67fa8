/**
 * A restore at the scale the goals name (issue 12, point 5), not part of `npm test` (it takes
 * a few minutes):
 *
 *   npm run build && npm run test:restore-scale [-- --events 500000]
 *
 * 1. Makes an event with 500,000 judge events (20 tablets) in a data directory of its own.
 * 2. Writes its backup to a file, as GET …/backup streams it.
 * 3. Restores the file with `npm run restore` into a fresh data directory (a child process).
 * 4. Restores it over HTTP into a fresh production server (scripts/start.js, with ADMIN_KEY),
 *    the file streamed as the body, and pulls every event back with a token of the backup.
 * Both restoring processes run with their JavaScript heap limited to 96 MB (--heap), about half
 * the file: a restore that held the file whole would run out of memory. Prints times, sizes and
 * the peak memory (RSS) of each, and checks that both copies hold every event, byte for byte, in order.
 * Exit status 0 when every check passed.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { DeviceLog } from '$lib/events/builder';
import { backupStream } from '$lib/server/backup';
import { openStore } from '$lib/server/db';
import { DEMO_EVENT_ID } from '$lib/server/demo';
import { Store } from '$lib/server/store';
import { issueToken } from '$lib/server/tokens';

const { values } = parseArgs({ options: { events: { type: 'string', default: '500000' }, heap: { type: 'string', default: '96' } } });
const EVENTS = Number(values.events);
/**
 * The restoring processes run with a JavaScript heap of at most this many MB (--max-old-space-size):
 * far less than the file, so that a restore that held the file whole would fail, not just use more memory.
 */
const HEAP_MB = Number(values.heap);
const LIMITED = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${HEAP_MB}`.trim() };
const TABLETS = 20;
const T0 = Date.UTC(2026, 4, 16, 9);
const COMPETITION = 'demo-czjpa-individual';
const HEAT = `${COMPETITION}-h1`;
const ENTRIES = [1, 2, 3, 4, 5].map((i) => `${COMPETITION}-e${i}`);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const n = (x: number) => x.toLocaleString('en-US');
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
	console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
	if (!ok) problems.push(what);
};

/** Every judge event of the event in server order, as one hash (and how many). */
function digest(store: Store): { count: number; hash: string } {
	const hash = createHash('sha256');
	let count = 0;
	for (const r of store.db.prepare('SELECT server_seq, json FROM judge_events WHERE event_id = ? ORDER BY server_seq').iterate(DEMO_EVENT_ID) as IterableIterator<{ server_seq: number; json: string }>) {
		hash.update(`${r.server_seq} ${r.json}\n`);
		count++;
	}
	return { count, hash: hash.digest('hex') };
}

function freePort(): Promise<number> {
	return new Promise((resolve) => {
		const srv = createServer();
		srv.listen(0, '127.0.0.1', () => {
			const port = (srv.address() as { port: number }).port;
			srv.close(() => resolve(port));
		});
	});
}

/** Resident memory of a running process now (Linux), in bytes. */
function rss(pid: number): number {
	const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
	return m ? Number(m[1]) * 1024 : NaN;
}

/** Peak resident memory of a running process (Linux), in bytes. */
function peakRss(pid: number): number {
	const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
	return m ? Number(m[1]) * 1024 : NaN;
}

async function main(): Promise<number> {
	const root = mkdtempSync(join(tmpdir(), 'puzzle-judge-restore-scale-'));
	try {
		// 1. The event.
		console.log(`1. An event with ${n(EVENTS)} judge events from ${TABLETS} tablets`);
		let started = Date.now();
		const source = openStore(join(root, 'source'));
		const org = issueToken(source, { eventId: DEMO_EVENT_ID, role: 'organizer', label: 'Desk', now: T0 });
		const judge = issueToken(source, { eventId: DEMO_EVENT_ID, role: 'judge', label: 'Tables', now: T0 });
		const perTablet = Math.ceil(EVENTS / TABLETS);
		let made = 0;
		for (let t = 0; t < TABLETS && made < EVENTS; t++) {
			const log = new DeviceLog({ deviceId: `scale-tab-${t}`, judge: `Judge ${t}`, competitionId: COMPETITION, heatId: HEAT });
			log.start(T0, ENTRIES);
			for (let i = 1; log.events.length < Math.min(perTablet, EVENTS - made); i++) log.hand(ENTRIES[i % ENTRIES.length]!, T0 + i * 10);
			for (let i = 0; i < log.events.length; i += 5000)
				source.appendValidJudgeEvents(log.events.slice(i, i + 5000), { eventId: DEMO_EVENT_ID, tokenId: judge.id, receivedAt: T0 + i });
			made += log.events.length;
		}
		const original = digest(source);
		console.log(`   ${n(original.count)} events stored in ${seconds(Date.now() - started)}`);

		// 2. Its backup.
		console.log('2. The backup, as GET /api/events/demo/backup streams it');
		started = Date.now();
		const file = join(root, 'demo-backup.ndjson');
		await pipeline(Readable.fromWeb(backupStream(source, DEMO_EVENT_ID, Date.now()) as import('node:stream/web').ReadableStream), createWriteStream(file));
		const size = statSync(file).size;
		console.log(`   ${mb(size)} written in ${seconds(Date.now() - started)}`);
		source.close();

		// 3. npm run restore.
		console.log(`3. npm run restore -- FILE, into a fresh data directory (JavaScript heap limited to ${HEAP_MB} MB)`);
		started = Date.now();
		const cliDir = join(root, 'cli');
		const cli = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
			const child = spawn('node_modules/.bin/tsx', ['scripts/restore.ts', file], { env: { ...process.env, ...LIMITED, DATA_DIR: cliDir } });
			let stdout = '';
			let stderr = '';
			child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
			child.stderr.setEncoding('utf8').on('data', (d: string) => {
				stderr += d;
				for (const line of d.split('\n').filter(Boolean)) console.log(`   | ${line}`);
			});
			child.on('error', reject);
			child.on('close', (status) => resolve({ status, stdout, stderr }));
		});
		const cliMs = Date.now() - started;
		check(cli.status === 0, `npm run restore exits 0 (${seconds(cliMs)})`);
		const cliPeak = /peak memory \(RSS\): ([\d.]+) MB/.exec(cli.stderr)?.[1];
		console.log(`   peak memory (RSS) of npm run restore: ${cliPeak} MB, for a file of ${mb(size)}`);
		const restored = Store.open(cliDir);
		const copy = digest(restored);
		restored.close();
		check(copy.count === original.count && copy.hash === original.hash, `the restored store holds the ${n(original.count)} events, the same bytes in the same order with the same numbers`);

		// 4. Over HTTP.
		if (!existsSync('build/index.js')) {
			console.log('4. (skipped: no build; run "npm run build" first)');
			problems.push('no build for the HTTP restore');
		} else {
			console.log(`4. POST /api/restore to a fresh production server with ADMIN_KEY (JavaScript heap limited to ${HEAP_MB} MB), the file streamed`);
			const port = await freePort();
			const adminKey = `scale-${Math.random().toString(36).slice(2)}-admin-key`;
			const server = spawn(process.execPath, ['scripts/start.js'], {
				env: { ...process.env, ...LIMITED, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(root, 'http'), ADMIN_KEY: adminKey, ORIGIN: `http://127.0.0.1:${port}` },
				stdio: ['ignore', 'pipe', 'pipe']
			});
			let log = '';
			server.stdout!.on('data', (d) => (log += d));
			server.stderr!.on('data', (d) => (log += d));
			try {
				for (let i = 0; ; i++) {
					const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
					if (up) break;
					if (i > 150 || server.exitCode !== null) throw new Error(`the server did not start:\n${log}`);
					await new Promise((r) => setTimeout(r, 200));
				}
				const idleRss = peakRss(server.pid!);
				started = Date.now();
				let sent = 0;
				let lastReport = 0;
				const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
					const req = request(
						{ host: '127.0.0.1', port, method: 'POST', path: '/api/restore', headers: { 'content-type': 'application/x-ndjson', 'content-length': String(size), authorization: `Bearer ${adminKey}` } },
						(res) => {
							let body = '';
							res.setEncoding('utf8').on('data', (d: string) => (body += d));
							res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
						}
					);
					req.on('error', reject);
					const body = createReadStream(file, { highWaterMark: 1024 * 1024 });
					body.on('data', (chunk) => {
						sent += chunk.length;
						if (Date.now() - lastReport > 1000) {
							lastReport = Date.now();
							console.log(`   | uploaded ${mb(sent)} of ${mb(size)}; the server's memory (RSS) now ${mb(rss(server.pid!))}`);
						}
					});
					body.pipe(req);
				});
				const httpMs = Date.now() - started;
				check(answer.status === 201, `201 in ${seconds(httpMs)}: ${answer.body.slice(0, 300)}`);
				const serverPeak = peakRss(server.pid!);
				// A copy of the body kept in memory (as Paraglide's clone of every request once did) grows with the file.
				check(serverPeak - idleRss < size / 2, `the server's peak memory (RSS) ${mb(serverPeak)}, ${mb(idleRss)} before the restore: it grew by less than half the file (${mb(size)})`);
				// Every event back over the API, with the organizer's token from the backup.
				started = Date.now();
				const hash = createHash('sha256');
				let count = 0;
				let store = '';
				for (let after = 0; ; ) {
					const page = (await (await fetch(`http://127.0.0.1:${port}/api/events/${DEMO_EVENT_ID}/judge-events?after=${after}&limit=5000`, { headers: { authorization: `Bearer ${org.token}` } })).json()) as {
						events: unknown[];
						cursor: number;
						more: boolean;
						store: string;
					};
					count += page.events.length;
					store = page.store;
					for (const e of page.events) hash.update(JSON.stringify(e));
					after = page.cursor;
					if (!page.more) break;
				}
				check(count === original.count, `pulled ${n(count)} events back with a token of the backup in ${seconds(Date.now() - started)}`);
				const sourceAgain = Store.open(join(root, 'source'));
				const expected = createHash('sha256');
				for (const j of sourceAgain.db.prepare('SELECT json FROM judge_events WHERE event_id = ? ORDER BY server_seq').pluck().iterate(DEMO_EVENT_ID) as IterableIterator<string>) expected.update(j);
				check(hash.digest('hex') === expected.digest('hex'), 'the same events, the same bytes, in the same order');
				check(store !== sourceAgain.storeId && /^[0-9a-f]{32}$/.test(store), `the pull answers carry the restored server's own store identity (${store.slice(0, 8)}…, not the source's ${sourceAgain.storeId.slice(0, 8)}…): tablets start over`);
				sourceAgain.close();
			} finally {
				server.kill('SIGTERM');
				await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
			}
		}
		console.log(problems.length === 0 ? 'restore at scale: every check passed' : `restore at scale: ${problems.length} check(s) failed`);
		return problems.length === 0 ? 0 : 1;
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
}

process.exitCode = await main();
