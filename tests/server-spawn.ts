import { spawn, type ChildProcess } from 'node:child_process';
// (tests/server-process.ts starts a server with a fresh data directory of its own; this one uses the caller's, for restarts on the same store.)
import { createServer, type AddressInfo } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
	const s = createServer();
	await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
	const p = (s.address() as AddressInfo).port;
	await new Promise((ok) => s.close(ok));
	return p;
}

export interface ServerProcess {
	child: ChildProcess;
	origin: string;
	/** Everything it printed so far (stdout and stderr). */
	output: () => string;
	/** Resolves with the exit code once it exited. */
	exited: Promise<number | null>;
	/** SIGKILL, and wait for the exit. */
	kill: () => Promise<void>;
}

/** `node scripts/start.js` (the production build) on 127.0.0.1:`port` with DATA_DIR `dataDir`; not waited for. */
export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): ServerProcess {
	const origin = `http://127.0.0.1:${port}`;
	const child = spawn(process.execPath, ['scripts/start.js'], {
		env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ORIGIN: origin, ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let output = '';
	child.stdout!.on('data', (d) => (output += d));
	child.stderr!.on('data', (d) => (output += d));
	const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
	return {
		child,
		origin,
		output: () => output,
		exited,
		kill: async () => {
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
			await exited;
		}
	};
}

/** Starts the server and waits until /api/health answers. */
export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
	const server = spawnServer(dataDir, port, env);
	const deadline = Date.now() + 30_000;
	for (;;) {
		if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
		const ok = await fetch(`${server.origin}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
			(r) => r.ok,
			() => false
		);
		if (ok) return server;
		if (Date.now() > deadline) throw new Error(`the server did not answer within 30 s:\n${server.output()}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}
