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
 * The server process, the tablets and the checks are shared with the server kill test
 * (tests/kill/server-kill.ts): ./server-process.ts, ./tablets.ts, ./checks.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_EVENT_ID } from '$lib/server/demo';
import { openStore } from '$lib/server/db';
import { DB_FILE } from '$lib/server/store';
import { issueToken } from '$lib/server/tokens';
import { SyncApi } from '$lib/sync/client/api';
import { cursorKey } from '$lib/sync/client/pull';
import { followedCompetitions } from '$lib/sync/client/pull-scope';
import { Checker } from './checks';
import { envNumber } from './env';
import { FaultProxy, type FaultCounts } from './fault-proxy';
import { between, seededRandom } from './random';
import { freePort, HOST, ROOT, ServerProcess, sleep } from './server-process';
import { assignHeats, closeTablets, makeTablet, recordHeat, type Tablet } from './tablets';

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

const check = new Checker();
const fail = (message: string) => check.fail(message);

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
		tablets = await Promise.all(
			judgeTokens.map((token, i) =>
				makeTablet({
					index: i,
					label: `Chaos tablet ${i + 1}`,
					token,
					server: proxyOrigin,
					rng: seededRandom(SEED * 1000 + i),
					jitter: seededRandom(SEED * 1000 + 500 + i),
					backoff: BACKOFF
				})
			)
		);
		await assignHeats(tablets, SEED);
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
			const { events, cursor } = await check.pullAll(direct, DEMO_EVENT_ID, 5000);
			const problems: string[] = [];
			const state: number[] = [events.length, cursor];
			let waitingAnywhere = false;
			// A judge tablet pulls the competitions it follows (issue 18): here the one it judges.
			const scopeCursors = new Map<string, number>();
			for (const t of tablets) {
				const [waiting, held, followed] = await Promise.all([t.db.outbox.count(), t.db.events.count(), followedCompetitions(t.db)]);
				const want = events.filter((e) => followed.includes(e.competitionId)).length;
				state.push(waiting, held);
				if (waiting > 0) {
					waitingAnywhere = true;
					problems.push(`${t.label}: ${waiting} waiting (${t.engine.status.lastError ?? 'no error'})`);
				} else if (held !== want) problems.push(`${t.label}: holds ${held} events, the server ${want} of its competitions (${followed.join(', ')})`);
				else
					for (const competitionId of followed) {
						if (!scopeCursors.has(competitionId)) scopeCursors.set(competitionId, (await check.pullAll(direct, DEMO_EVENT_ID, 5000, [competitionId])).cursor);
						const stored = (await t.db.meta.get(cursorKey(t.pairing, { competitionId })))?.value;
						if (stored !== scopeCursors.get(competitionId)) problems.push(`${t.label}: cursor of ${competitionId} ${String(stored)}, the server's ${scopeCursors.get(competitionId)}`);
					}
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
		const pulled = await check.pullAll(direct, DEMO_EVENT_ID, 5000);
		const small = await check.pullAll(direct, DEMO_EVENT_ID, 97);
		const serverSet = check.byId(pulled.events, 'the server (pull)');
		check.compareSets(serverSet, check.byId(small.events, 'the server (pull, pages of 97)'), 'the server (one page)', 'the server (pages of 97)');
		if (small.events.map((e) => e.id).join('\n') !== pulled.events.map((e) => e.id).join('\n')) fail('the server pull in pages of 97 gives another order than in one page');

		// server_seq straight from SQLite (WAL: readable while the server runs).
		const rows = check.serverRows(join(server.dataDir, DB_FILE), DEMO_EVENT_ID, pulled.events);

		// The union of what the tablets recorded.
		const union = check.byId(
			tablets.flatMap((t) => t.recorded),
			'the tablets’ recordings'
		);
		check.compareSets(union, serverSet, 'the union of the tablets’ recordings', 'the server');

		// Every tablet: its events table, its outbox and rejected, its standings.
		const now = Math.max(...pulled.events.map((e) => e.at)) + 3_600_000;
		const setup = await direct.getSetup(DEMO_EVENT_ID);
		const expectedStandings = check.setupStandings(setup, pulled.events, now);
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
			// Issue 18: a judge tablet follows the competition it judges, and holds exactly its events.
			const followed = await followedCompetitions(t.db);
			if (followed.join() !== t.competitionId) fail(`${t.label} follows ${followed.join(', ') || 'nothing'}, not only the competition it judges (${t.competitionId})`);
			const inScope = <V>(m: Map<string, V>, keep: (k: string) => boolean) => new Map([...m].filter(([k]) => keep(k)));
			const scopeSet = check.byId(
				pulled.events.filter((e) => followed.includes(e.competitionId)),
				`the server's events of ${followed.join(', ')}`
			);
			check.compareSets(scopeSet, check.byId(events, `${t.label}'s events table`), `the server (${followed.join(', ')})`, `${t.label}'s events table`);
			const [waiting, rejected] = await Promise.all([t.db.outbox.count(), t.db.rejected.toArray()]);
			if (waiting) fail(`${t.label}: ${waiting} event(s) still in the outbox`);
			for (const r of rejected.slice(0, 3)) fail(`${t.label}: event ${r.id} rejected (${r.kind}): ${r.reason}`);
			if (rejected.length > 3) fail(`${t.label}: ${rejected.length} rejected events in all`);
			const mine = inScope(await check.deviceStandings(t.db, t.label, now), (id) => followed.includes(id));
			const compared = check.compareStandings(
				inScope(expectedStandings, (id) => followed.includes(id)),
				mine,
				'the server',
				`${t.label}'s`
			);
			standingsCompared += compared.compared;
			rowsCompared += compared.rows;
		}

		const c: FaultCounts = proxy.counts;
		const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
		const minDev = Math.min(...perDevice);
		const maxDev = Math.max(...perDevice);
		console.log('');
		console.log('chaos: summary');
		console.log(`  tablets                      ${TABLETS} (${tablets.filter((t) => t.quick).length} with a quick set-up)`);
		console.log(`  events recorded              ${union.size}`);
		console.log(`  events on the server         ${serverSet.size} (server_seq 1…${rows.lastSeq}, ${rows.rows} rows)`);
		console.log(`  events checked per device    ${minDev === maxDev ? minDev : `${minDev}…${maxDev}`} (× ${TABLETS} devices = ${perDevice.reduce((a, b) => a + b, 0)})`);
		console.log(`  standings compared           ${standingsCompared} competition standings (each device its own competition: judge tablets pull only the competitions they follow), ${rowsCompared} rows`);
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
		closeTablets(tablets);
		await proxy.close();
		await server.stop();
		if (check.failures.length === 0 && !keep) rmSync(dataDir, { recursive: true, force: true });
		else console.log(`chaos: data directory and server log kept in ${dataDir}`);
	}

	if (!check.report('chaos')) return 1;
	console.log('\nchaos: PASSED: the server holds every event, every tablet exactly the server’s events of its competition and the same standings; nothing lost, nothing doubled');
	return 0;
}

main().then(
	(code) => process.exit(code),
	(e) => {
		console.error(`chaos: could not run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
		process.exit(2);
	}
);
