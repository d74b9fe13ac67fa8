import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

/**
 * `node scripts/start.js` (the production build) as a process of a test's own, on 127.0.0.1:
 * restarted on the same store (the kill and chaos runs) or started on a fresh one
 * (tests/server-process.ts).
 */

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
	/** SIGTERM (a graceful stop), and wait for the exit. */
	stop: () => Promise<void>;
}

/** What the shared e2e server's environment sets that a server of a test's own must not take over unless told. */
const SERVER_SETTINGS = ['ORIGIN', 'PROTOCOL_HEADER', 'HOST_HEADER', 'PORT', 'HOST', 'DATA_DIR', 'ADMIN_KEY'];

/**
 * The server on 127.0.0.1:`port` with DATA_DIR `dataDir`; not waited for. By default its ORIGIN is
 * that address and it inherits this process's environment; `clean`: none of the server's
 * settings is inherited or defaulted, only `env` counts (for the specs of those settings).
 */
export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}, { clean = false } = {}): ServerProcess {
	const origin = `http://127.0.0.1:${port}`;
	const inherited = clean ? Object.fromEntries(Object.entries(process.env).filter(([k]) => !SERVER_SETTINGS.includes(k))) : { ...process.env, ORIGIN: origin };
	const child = spawn(process.execPath, ['scripts/start.js'], {
		env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let output = '';
	child.stdout!.on('data', (d) => (output += d));
	child.stderr!.on('data', (d) => (output += d));
	const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
	const signal = async (name: NodeJS.Signals) => {
		if (child.exitCode === null && child.signalCode === null) child.kill(name);
		await exited;
	};
	return { child, origin, output: () => output, exited, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

/** Waits until the server's /api/health answers (30 s at most); throws with what it printed if it exits or does not answer. */
export async function untilUp(server: ServerProcess): Promise<ServerProcess> {
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

/** Starts the server and waits until /api/health answers. */
export function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
	return untilUp(spawnServer(dataDir, port, env));
}
