import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { freePort, spawnServer, untilUp, type ServerProcess } from './server-spawn';

/**
 * One production server per Playwright worker, each on a free port of 127.0.0.1 with a data
 * directory of its own: the specs of one worker run one after another against their server, the
 * two workers never share a store, a port or the demo event.
 *
 * Playwright's global set-up (playwright.config.ts) starts them and hands their addresses to
 * the workers in E2E_SERVERS (a worker process inherits the runner's environment); a worker
 * takes the server of its parallel index (TEST_PARALLEL_INDEX, stable across worker restarts).
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

const ENV = 'E2E_SERVERS';

const dataDirOf = (index: number) => resolve(`tests/.tmp/e2e-data-${index}`);

/** The server of this worker (of worker 0 outside a worker, e.g. while Playwright reads its config). */
export function workerServer(): E2EServer {
	const all = process.env[ENV];
	if (!all) throw new Error(`${ENV} is not set: run the browser tests with "npx playwright test" (its global set-up starts the servers)`);
	const servers = JSON.parse(all) as E2EServer[];
	const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
	const server = servers[index];
	if (!server) throw new Error(`no e2e server for parallel index ${index} (${servers.length} started)`);
	return server;
}

/** The base URL for playwright.config.ts: the worker's server, none in the runner's own process. */
export function workerBaseURL(): string | undefined {
	return process.env[ENV] ? workerServer().base : undefined;
}

async function startOne(index: number): Promise<{ server: E2EServer; process: ServerProcess }> {
	const dataDir = dataDirOf(index);
	rmSync(dataDir, { recursive: true, force: true });
	// No ORIGIN (clean): the server takes the origin's scheme from the connection, so the pairing
	// links it hands out say http:// (tests/pair-origin.spec.ts).
	const child = await untilUp(spawnServer(dataDir, await freePort(), {}, { clean: true }));
	const demoKey = /Organizer key of the demo event[^:]*: (\S+)/.exec(child.output())?.[1];
	if (!demoKey) throw new Error(`e2e server ${index} printed no demo key:\n${child.output()}`);
	const port = Number(new URL(child.origin).port);
	return { server: { port, base: child.origin, dataDir, dbFile: resolve(dataDir, 'puzzle-judge.sqlite'), demoKey }, process: child };
}

/** Playwright's global set-up: a server per worker; returns the teardown that stops them. */
export default async function startE2EServers(config: FullConfig): Promise<() => Promise<void>> {
	const tries = await Promise.allSettled(Array.from({ length: config.workers }, (_, i) => startOne(i)));
	const started = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
	const failed = tries.find((t) => t.status === 'rejected');
	if (failed) {
		await Promise.all(started.map((s) => s.process.stop()));
		throw failed.reason;
	}
	process.env[ENV] = JSON.stringify(started.map((s) => s.server));
	return async () => {
		await Promise.all(started.map((s) => s.process.stop()));
	};
}
