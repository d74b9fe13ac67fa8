/**
 * Server kill test: `npm run test:kill` (needs `npm run build` first; not part of `npm test`).
 *
 * Starts the real production server (`node scripts/start.js`, 127.0.0.1, a free port, a fresh
 * temporary DATA_DIR) and 20 simulated tablets — the real client code under Node, as in the
 * chaos test (tests/chaos/tablets.ts): a StationDb over its own fake-indexeddb, an EventLog and a
 * SyncEngine pushing straight to the server — that record heats tap by tap while the server is
 * SIGKILLed at random moments, 100 times (some of them while it is still starting), and started
 * again each time. A push whose answer a kill swallowed stays in the tablet's outbox and is
 * pushed again. Then every tablet syncs until its outbox is empty, and the test checks:
 *
 * - every event the server acknowledged to a tablet (stored, or already stored) is on the server,
 *   and the server's pull gives it byte for byte as the tablet pushed it (lost: must be 0);
 * - every event a tablet recorded is on the server (the re-pushes delivered the rest), nothing
 *   else is, nothing twice, and server_seq (read from SQLite) has no duplicates;
 * - the standings of every competition folded from scratch by the shared scorer are equal on
 *   the events pulled from the server and on the events the tablets hold.
 *
 * It prints kills, acknowledged and lost, and exits 0 when nothing is lost or changed, 1 on any
 * loss or mismatch (each one named), 2 on a setup error.
 *
 * Environment: KILL_COUNT (server kills, default 100), KILL_TABLETS (default 20), KILL_SEED
 * (default 1), KILL_MIN_UP_MS / KILL_MAX_UP_MS (how long the server serves between kills, default
 * 200–1500 ms), KILL_DURING_START (the share of kills that come while the server starts, default
 * 0.1), KILL_KEEP=1 (keep the data directory and the server log). `KILL_COUNT=10` takes well
 * under a minute.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JudgeEvent } from '$lib/events/schema';
import { openStore } from '$lib/server/db';
import { DEMO_EVENT_ID } from '$lib/server/demo';
import { DB_FILE } from '$lib/server/store';
import { issueToken } from '$lib/server/tokens';
import { SyncApi } from '$lib/sync/client/api';
import { Checker } from '../chaos/checks';
import { envNumber } from '../chaos/env';
import { between, seededRandom } from '../chaos/random';
import { freePort, ROOT, ServerProcess, sleep } from '../chaos/server-process';
import { assignHeats, closeTablets, makeTablet, recordHeat, type Tablet } from '../chaos/tablets';
import { PushLedger } from './push-ledger';

const KILLS = envNumber('KILL_COUNT', 100);
const TABLETS = envNumber('KILL_TABLETS', 20);
const SEED = envNumber('KILL_SEED', 1);
const MIN_UP_MS = envNumber('KILL_MIN_UP_MS', 200);
const MAX_UP_MS = envNumber('KILL_MAX_UP_MS', 1500);
const DURING_START = envNumber('KILL_DURING_START', 0.1);
/** The engine's backoff: 50 ms doubling to at most 1 s, so that the tablets are back soon after each restart. */
const BACKOFF = { backoffBaseMs: 50, backoffCapMs: 1000 };
/** How long the tablets get to push what is left once the kills are over. */
const SETTLE_TIMEOUT_MS = 60_000;

const check = new Checker();
const fail = (message: string) => check.fail(message);

/** Every tablet syncs until no outbox holds anything (or the time is up). */
async function settle(tablets: readonly Tablet[]): Promise<number> {
	const deadline = Date.now() + SETTLE_TIMEOUT_MS;
	let rounds = 0;
	for (;;) {
		rounds++;
		await Promise.all(tablets.map((t) => t.engine.syncNow()));
		const waiting = (await Promise.all(tablets.map((t) => t.db.outbox.count()))).reduce((a, b) => a + b, 0);
		if (waiting === 0) return rounds;
		if (Date.now() > deadline) {
			const stuck = tablets.filter((t) => t.engine.status.waiting > 0).map((t) => `${t.label} (${t.engine.status.lastError ?? 'no error'})`);
			fail(`${waiting} event(s) still waiting to be pushed ${SETTLE_TIMEOUT_MS / 1000} s after the last kill: ${stuck.slice(0, 3).join('; ')}`);
			return rounds;
		}
		await sleep(100);
	}
}

async function main(): Promise<number> {
	const startedAt = Date.now();
	if (!existsSync(join(ROOT, 'build', 'handler.js'))) throw new Error('no build/: run "npm run build" first');
	if (KILLS < 1 || TABLETS < 1 || MIN_UP_MS > MAX_UP_MS) throw new Error('KILL_COUNT and KILL_TABLETS must be at least 1, KILL_MIN_UP_MS at most KILL_MAX_UP_MS');
	const rng = seededRandom(SEED);
	const dataDir = mkdtempSync(join(tmpdir(), 'puzzle-judge-kill-'));
	const server = new ServerProcess(await freePort(), join(dataDir, 'data'), join(dataDir, 'server.log'));
	const keep = process.env.KILL_KEEP === '1';
	console.log(`kill: seed ${SEED}, ${TABLETS} tablets pushing, ${KILLS} server kills (SIGKILL) after ${MIN_UP_MS}–${MAX_UP_MS} ms of service each; data in ${dataDir}`);

	// Tokens first, in-process, before the server runs (it seeds the demo event the same way).
	const store = openStore(server.dataDir);
	const organizer = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'organizer', label: 'Kill test organizer', now: Date.now() });
	const labels = Array.from({ length: TABLETS }, (_, i) => `Kill tablet ${i + 1}`);
	const tokens = labels.map((label) => issueToken(store, { eventId: DEMO_EVENT_ID, role: 'judge', label, now: Date.now() }).token);
	store.close();

	const ledger = new PushLedger();
	let tablets: Tablet[] = [];
	let startupKills = 0;
	let killsInFlight = 0;
	try {
		await server.start();
		tablets = await Promise.all(
			labels.map((label, i) =>
				makeTablet({
					index: i,
					label,
					token: tokens[i]!,
					server: server.origin,
					rng: seededRandom(SEED * 1000 + i),
					jitter: seededRandom(SEED * 1000 + 500 + i),
					backoff: BACKOFF,
					fetch: ledger.fetchFor(label)
				})
			)
		);
		await assignHeats(tablets, SEED);
		for (const t of tablets) await t.engine.start();

		// The tablets record until the last kill is over; the server dies under them again and again.
		let killing = true;
		const recording = Promise.all(tablets.map((t) => recordHeat(t, Number.POSITIVE_INFINITY, () => !killing)));
		const kill = async () => {
			if (ledger.inFlight > 0) killsInFlight++;
			await server.kill();
		};
		const progress = setInterval(() => {
			const recorded = tablets.reduce((s, t) => s + t.recorded.length, 0);
			console.log(`kill: +${((Date.now() - startedAt) / 1000).toFixed(0)} s: ${server.kills} kills, ${recorded} events recorded, ${ledger.acknowledged.size} acknowledged`);
		}, 10_000);
		try {
			while (server.kills < KILLS) {
				await sleep(between(rng, MIN_UP_MS, MAX_UP_MS));
				await kill();
				server.launch();
				if (server.kills < KILLS && rng() < DURING_START) {
					// While it starts: before it listens, while it opens (and recovers) its store, or just after.
					await sleep(between(rng, 0, 600));
					await kill();
					startupKills++;
					server.launch();
				}
				await server.waitUntilUp();
			}
		} finally {
			killing = false;
			clearInterval(progress);
		}
		await recording;
		const recordedCount = tablets.reduce((s, t) => s + t.recorded.length, 0);
		console.log(`kill: ${server.kills} kills done at +${((Date.now() - startedAt) / 1000).toFixed(1)} s; ${recordedCount} events recorded; the tablets push what is left`);
		const rounds = await settle(tablets);
		for (const t of tablets) t.engine.stop();
		await Promise.all(tablets.map((t) => t.engine.whenIdle()));

		// The server's events, pulled directly; each one's bytes as the server sent them (the
		// answer is the stored JSON joined: stringifying a parsed event gives its text back).
		const direct = new SyncApi({ server: server.origin, token: organizer.token, fetch: (i, init) => globalThis.fetch(i, init), setTimeout, clearTimeout, timeoutMs: 60_000 });
		const pulled = await check.pullAll(direct, DEMO_EVENT_ID, 5000);
		const serverBytes = new Map(pulled.events.map((e) => [e.id, JSON.stringify(e)]));
		const serverSet = check.byId(pulled.events, 'the server (pull)');
		const rows = check.serverRows(join(server.dataDir, DB_FILE), DEMO_EVENT_ID, pulled.events);

		// Every acknowledged event there, byte for byte.
		const lost: string[] = [];
		const changed: string[] = [];
		for (const [id, ack] of ledger.acknowledged) {
			const bytes = serverBytes.get(id);
			if (bytes === undefined) lost.push(id);
			else if (bytes !== ack.pushed) changed.push(id);
		}
		for (const id of lost.slice(0, 10)) fail(`lost: event ${id}, acknowledged to ${ledger.acknowledged.get(id)!.tablet}, is not on the server`);
		for (const id of changed.slice(0, 5)) fail(`changed: event ${id} differs from what ${ledger.acknowledged.get(id)!.tablet} pushed:\n    pushed: ${ledger.acknowledged.get(id)!.pushed}\n    pulled: ${serverBytes.get(id)}`);
		if (changed.length > 5) fail(`changed: ${changed.length} acknowledged events differ from what was pushed`);
		for (const id of ledger.changedOnRepush.slice(0, 5)) fail(`event ${id} was acknowledged twice for different bytes`);
		for (const what of ledger.notTaken.slice(0, 5)) fail(`the server did not take an event: ${what}`);
		if (ledger.notTaken.length > 5) fail(`the server did not take ${ledger.notTaken.length} events in all`);

		// Every recorded event there (the re-pushes delivered what was not acknowledged), nothing else.
		const union = check.byId(
			tablets.flatMap((t) => t.recorded),
			'the tablets’ recordings'
		);
		check.compareSets(union, serverSet, 'the union of the tablets’ recordings', 'the server');
		if (recordedCount !== union.size) fail(`recorded ${recordedCount} events but ${union.size} distinct IDs`);
		const unacknowledged = [...union.keys()].filter((id) => !ledger.acknowledged.has(id));
		if (unacknowledged.length) fail(`${unacknowledged.length} recorded event(s) never acknowledged, e.g. ${unacknowledged.slice(0, 3).join(', ')}`);

		// The events the tablets hold: each tablet's own, from its IndexedDB.
		const held = (await Promise.all(tablets.map(async (t) => (await t.db.events.toArray()).filter((e) => e.deviceId === t.recorded[0]?.deviceId)))).flat() as JudgeEvent[];
		check.compareSets(union, check.byId(held, 'the tablets’ events tables'), 'the union of the tablets’ recordings', 'the tablets’ events tables');

		// The standings, folded from scratch by the shared scorer on both.
		const now = Math.max(...pulled.events.map((e) => e.at)) + 3_600_000;
		const setup = await direct.getSetup(DEMO_EVENT_ID);
		const standings = check.compareStandings(check.setupStandings(setup, held, now), check.setupStandings(setup, pulled.events, now), 'the tablets’ events', 'the server’s events');
		if (standings.compared === 0) fail('no standings compared');

		const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
		console.log('');
		console.log('kill: summary');
		console.log(`  tablets                    ${TABLETS} (${tablets.filter((t) => t.quick).length} with a quick set-up)`);
		console.log(`  kills (SIGKILL)            ${server.kills} (${startupKills} while the server started, ${killsInFlight} with pushes in flight; ${server.starts} starts)`);
		console.log(`  events recorded            ${union.size}`);
		console.log(`  pushes                     ${ledger.pushes} (${ledger.answered} answered, ${ledger.cutOff} cut off by a kill, ${ledger.refused} refused while the server was down)`);
		console.log(`  acknowledged               ${ledger.acknowledged.size} (${ledger.afterLostAnswer.size} after an unanswered push, ${ledger.duplicates} answered "already stored")`);
		console.log(`  on the server              ${serverSet.size} (server_seq 1…${rows.lastSeq}, ${rows.rows} rows)`);
		console.log(`  lost                       ${lost.length}`);
		console.log(`  changed                    ${changed.length} (acknowledged events whose pulled bytes differ from the pushed)`);
		console.log(`  standings                  ${standings.compared} competitions, ${standings.rows} rows, ${check.failures.some((f) => f.includes('standings of')) ? 'DIFFERENT' : 'equal'}`);
		console.log(`  settling after the kills   ${rounds} sync round(s)`);
		console.log(`  time taken                 ${seconds} s`);
		if (server.kills !== KILLS) fail(`${server.kills} kills instead of ${KILLS}`);
	} finally {
		closeTablets(tablets);
		await server.stop();
		if (check.failures.length === 0 && !keep) rmSync(dataDir, { recursive: true, force: true });
		else console.log(`kill: data directory and server log kept in ${dataDir}`);
	}

	if (!check.report('kill')) return 1;
	console.log('\nkill: PASSED: every acknowledged event is on the server byte for byte, every recorded event arrived, the standings are equal');
	return 0;
}

main().then(
	(code) => process.exit(code),
	(e) => {
		console.error(`kill: could not run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
		process.exit(2);
	}
);
