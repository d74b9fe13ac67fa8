import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A production server of its own (`scripts/start.js` on 127.0.0.1, a fresh data directory), for
 * the specs that need another configuration than the shared e2e server's (ORIGIN, proxy headers,
 * a short body timeout) or must read what the server logs.
 */
export interface ServerProcess {
	port: number;
	base: string;
	/** Everything the server wrote to stdout and stderr so far. */
	output(): string;
	stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
	const s = createServer();
	await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
	const p = (s.address() as AddressInfo).port;
	await new Promise((ok) => s.close(ok));
	return p;
}

export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
	const dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-server-'));
	const port = await freePort();
	const base = `http://127.0.0.1:${port}`;
	// The environment of the shared e2e server is not inherited: only what is given here counts.
	const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['ORIGIN', 'PROTOCOL_HEADER', 'HOST_HEADER', 'PORT', 'HOST', 'DATA_DIR', 'ADMIN_KEY'].includes(k)));
	const child: ChildProcess = spawn(process.execPath, ['scripts/start.js'], {
		env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let output = '';
	child.stdout!.on('data', (d) => (output += d));
	child.stderr!.on('data', (d) => (output += d));
	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) {
			const exited = new Promise((r) => child.once('exit', r));
			child.kill('SIGTERM');
			await exited;
		}
		rmSync(dir, { recursive: true, force: true });
	};
	const deadline = Date.now() + 30_000;
	for (;;) {
		const up = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
			(r) => r.ok,
			() => false
		);
		if (up) return { port, base, output: () => output, stop };
		if (child.exitCode !== null || Date.now() > deadline) {
			await stop();
			throw new Error(`the server did not start:\n${output}`);
		}
		await new Promise((r) => setTimeout(r, 200));
	}
}
