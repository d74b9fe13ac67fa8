import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServers, type E2EServer } from '../e2e-servers';

/**
 * Global set-up of vitest's `http` project (vite.config.ts): one production server per vitest
 * worker (tests/e2e-servers.ts, as Playwright's, on data directories of its own:
 * tests/.tmp/http-data-N, N the worker's VITEST_POOL_ID), stopped once every file has run.
 *
 * The list reaches the workers through vitest's `provide`; tests/http/worker-server.ts (a setup
 * file, run in the worker before each test file) hands it to workerServer(), which tests/sync-kit.ts
 * reads. Build first (`npm run build`).
 */

declare module 'vitest' {
	export interface ProvidedContext {
		/** The servers of tests/http/servers.ts, the one of worker N (VITEST_POOL_ID) at N - 1. */
		httpServers: E2EServer[];
	}
}

export default async function startHttpServers(project: TestProject): Promise<() => Promise<void>> {
	// As vitest counts its workers (VITEST_POOL_ID runs from 1 to this).
	const workers = project.config.maxWorkers ?? project.globalConfig.maxWorkers;
	const { servers, stop } = await startServers(Array.from({ length: workers }, (_, i) => resolve(`tests/.tmp/http-data-${i + 1}`)));
	project.provide('httpServers', servers);
	return stop;
}
