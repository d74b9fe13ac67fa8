import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer, untilUp } from './server-spawn';

export { freePort };

/**
 * A production server of its own on a fresh data directory, for the specs that need another
 * configuration than the shared e2e server's (ORIGIN, proxy headers, a short body timeout) or
 * must read what the server logs. Only the settings given here count (none is inherited).
 */
export interface FreshServer {
	port: number;
	base: string;
	/** Everything the server wrote to stdout and stderr so far. */
	output(): string;
	/** Stops it (SIGTERM) and removes its data directory. */
	stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<FreshServer> {
	const dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-server-'));
	const port = await freePort();
	const server = spawnServer(join(dir, 'data'), port, env, { clean: true });
	const stop = async () => {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	};
	try {
		await untilUp(server);
	} catch (e) {
		await stop();
		throw e;
	}
	return { port, base: `http://127.0.0.1:${port}`, output: server.output, stop };
}
