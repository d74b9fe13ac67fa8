/**
 * The real production server as a child process (`node scripts/start.js` on 127.0.0.1, its own
 * data directory, its output appended to a log file), started, SIGKILLed and started again by
 * the chaos test (tests/chaos/chaos.ts) and the server kill test (tests/kill/server-kill.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const HOST = '127.0.0.1';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
	return new Promise((resolvePort, reject) => {
		const s = createServer();
		s.once('error', reject);
		s.listen(0, HOST, () => {
			const { port } = s.address() as AddressInfo;
			s.close(() => resolvePort(port));
		});
	});
}

export class ServerProcess {
	private child: ChildProcess | null = null;
	private exited: Promise<void> = Promise.resolve();
	starts = 0;
	kills = 0;
	private readonly log: WriteStream;

	constructor(
		readonly port: number,
		readonly dataDir: string,
		readonly logFile: string
	) {
		this.log = createWriteStream(logFile, { flags: 'a' });
	}

	get origin(): string {
		return `http://${HOST}:${this.port}`;
	}

	/** Starts the server and waits until /api/health answers (30 s at most). */
	async start(): Promise<void> {
		this.launch();
		await this.waitUntilUp();
	}

	/** Starts the server without waiting for it (a kill may then come while it opens its store). */
	launch(): void {
		this.starts++;
		this.log.write(`\n--- start ${this.starts} at ${new Date().toISOString()}\n`);
		const child = spawn(process.execPath, ['scripts/start.js'], {
			cwd: ROOT,
			env: { ...process.env, HOST, PORT: String(this.port), DATA_DIR: this.dataDir, NODE_ENV: 'production' },
			stdio: ['ignore', 'pipe', 'pipe']
		});
		this.child = child;
		child.stdout!.pipe(this.log, { end: false });
		child.stderr!.pipe(this.log, { end: false });
		this.exited = new Promise((r) => child.once('exit', () => r()));
	}

	async waitUntilUp(): Promise<void> {
		const child = this.child;
		if (!child) throw new Error('the server is not running');
		const deadline = Date.now() + 30_000;
		for (;;) {
			if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} on start ${this.starts} (log: ${this.logFile})`);
			try {
				const res = await fetch(`${this.origin}/api/health`, { signal: AbortSignal.timeout(1000) });
				if (res.ok) return;
			} catch {
				// not yet
			}
			if (Date.now() > deadline) throw new Error(`the server did not answer /api/health within 30 s (log: ${this.logFile})`);
			await sleep(50);
		}
	}

	/** SIGKILL: no shutdown handler runs, the store is not closed. */
	async kill(): Promise<void> {
		if (!this.child) return;
		this.kills++;
		this.log.write(`\n--- SIGKILL ${this.kills} at ${new Date().toISOString()}\n`);
		this.child.kill('SIGKILL');
		await this.exited;
		this.child = null;
	}

	async stop(): Promise<void> {
		if (this.child) {
			this.child.kill('SIGKILL');
			await this.exited;
			this.child = null;
		}
		await new Promise<void>((r) => this.log.end(() => r()));
	}
}
