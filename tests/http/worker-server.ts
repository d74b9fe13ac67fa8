import { inject } from 'vitest';
import { E2E_SERVERS_ENV } from '../e2e-servers';

/**
 * Setup file of vitest's `http` project: before each test file, in its worker, the servers that
 * tests/http/servers.ts started go where workerServer() (tests/e2e-servers.ts) reads them, so
 * that tests/sync-kit.ts's BASE, PORT, DB_FILE and DEMO_KEY are those of this worker's server.
 */
process.env[E2E_SERVERS_ENV] = JSON.stringify(inject('httpServers'));
