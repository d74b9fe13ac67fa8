import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { freePort, spawnServer, untilUp, type ServerProcess } from './server-spawn';

/**
 * One production server per test worker, each on a free port of 127.0.0.1 with a data
 * directory of its own: the files of one worker run one after another against their server, the
 * workers never share a store, a port or the demo event.
 *
 * Playwright's global set-up (playwright.config.ts) starts them and hands their addresses to
 * the workers in E2E_SERVERS (a worker process inherits the runner's environment); a worker
 * takes the server of its parallel index (TEST_PARALLEL_INDEX, stable across worker restarts).
 * Vitest's `http` project (tests/http/servers.ts) starts its own the same way, on other data
 * directories, and its workers take the server of their VITEST_POOL_ID (1 to maxWorkers).
 */

export interface E2EServer {
	port: number;
	/** http://127.0.0.1:PORT */
	base: string;
	dataDir: string;
	/** Its SQLite database, for the specs that read row counts. */
	dbFile: string;
	/** The demo event's organizer key, printed on the server's first start. */
	demoKey: string;
}

/** The environment variable that holds the servers (JSON, an array of E2EServer) in a worker. */
export const E2E_SERVERS_ENV = 'E2E_SERVERS';

const dataDirOf = (index: number) => resolve(`tests/.tmp/e2e-data-${index}`);

/** This worker's place among the servers: Playwright's parallel index, or vitest's pool ID (1 to maxWorkers) less one. */
function workerIndex(): number {
	if (process.env.TEST_PARALLEL_INDEX !== undefined) return Number(process.env.TEST_PARALLEL_INDEX);
	if (process.env.VITEST_POOL_ID !== undefined) return Number(process.env.VITEST_POOL_ID) - 1;
	return 0;
}

/** The server of this worker (of worker 0 outside a worker, e.g. while Playwright reads its config). */
export function workerServer(): E2EServer {
	const all = process.env[E2E_SERVERS_ENV];
	if (!all)
		throw new Error(
			`${E2E_SERVERS_ENV} is not set: run the browser tests with "npx playwright test" and the HTTP tests with "npx vitest run --project http" (their global set-ups start the servers)`
		);
	const servers = JSON.parse(all) as E2EServer[];
	const index = workerIndex();
	const server = servers[index];
	if (!server) throw new Error(`no e2e server for worker index ${index} (${servers.length} started)`);
	return server;
}

/** The base URL for playwright.config.ts: the worker's server, none in the runner's own process. */
export function workerBaseURL(): string | undefined {
	return process.env[E2E_SERVERS_ENV] ? workerServer().base : undefined;
}

async function startOne(dataDir: string): Promise<{ server: E2EServer; process: ServerProcess }> {
	rmSync(dataDir, { recursive: true, force: true });
	// No ORIGIN (clean): the server takes the origin's scheme from the connection, so the pairing
	// links it hands out say http:// (tests/http/pair-origin.test.ts).
	const child = spawnServer(dataDir, await freePort(), {}, { clean: true });
	try {
		await untilUp(child);
	} catch (e) {
		await child.kill();
		throw e;
	}
	const demoKey = /Organizer key of the demo event[^:]*: (\S+)/.exec(child.output())?.[1];
	if (!demoKey) {
		await child.stop();
		throw new Error(`the server on ${dataDir} printed no demo key:\n${child.output()}`);
	}
	const port = Number(new URL(child.origin).port);
	return { server: { port, base: child.origin, dataDir, dbFile: resolve(dataDir, 'puzzle-judge.sqlite'), demoKey }, process: child };
}

/**
 * A production server on each of `dataDirs` (emptied first), started side by side: all of them or
 * none (when one fails, the others are stopped). Fails at once without a production build.
 */
export async function startServers(dataDirs: readonly string[]): Promise<{ servers: E2EServer[]; stop: () => Promise<void> }> {
	const build = resolve('build/index.js');
	if (!existsSync(build)) throw new Error(`no production build (${build} is missing): run npm run build first`);
	const tries = await Promise.allSettled(dataDirs.map(startOne));
	const started = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
	const stop = async () => {
		await Promise.all(started.map((s) => s.process.stop()));
	};
	const failed = tries.find((t) => t.status === 'rejected');
	if (failed) {
		await stop();
		throw failed.reason;
	}
	return { servers: started.map((s) => s.server), stop };
}

/** Playwright's global set-up: a server per worker; returns the teardown that stops them. */
export default async function startE2EServers(config: FullConfig): Promise<() => Promise<void>> {
	const { servers, stop } = await startServers(Array.from({ length: config.workers }, (_, i) => dataDirOf(i)));
	process.env[E2E_SERVERS_ENV] = JSON.stringify(servers);
	return stop;
}
