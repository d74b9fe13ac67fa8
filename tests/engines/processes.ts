import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import type { Readable } from 'node:stream';

/**
 * The programs the engine tests start (Xvfb, WebKitWebDriver and the MiniBrowser it starts),
 * each in a process group of its own, so that it ends with everything it started: on `stop`,
 * and, whatever happens to the run (a failed step, Ctrl-C, SIGTERM), when this process exits.
 * Only these groups are ended, by their IDs (and the app's server, by its own: endOnExit).
 */

const running = new Set<ChildProcess>();
/** Children of this process not in a group of their own (the app's server): ended by their own ID. */
const children = new Set<ChildProcess>();

/** Ends `child` (by its ID) if it still runs when this process exits. */
export function endOnExit(child: ChildProcess): void {
	children.add(child);
	child.once('exit', () => children.delete(child));
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	try {
		process.kill(-child.pid!, signal);
	} catch {
		// Gone already.
	}
}

process.once('exit', () => {
	for (const child of running) signalGroup(child, 'SIGKILL');
	for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
	process.once(signal, () => {
		console.error(`engine tests: ${signal}, ending the browsers and the display`);
		process.exit(130);
	});
}

export interface Started {
	child: ChildProcess;
	/** What it printed so far (stdout and stderr). */
	output(): string;
	/** SIGTERM to its group, SIGKILL after 5 s; resolves once it exited. */
	stop(): Promise<void>;
}

/** Starts `command` in a process group of its own; `extra` adds pipes after stderr (fd 3 …). */
export function startGroup(command: string, args: string[], options: SpawnOptions & { extra?: number } = {}): Started {
	const { extra = 0, ...rest } = options;
	const child = spawn(command, args, { ...rest, detached: true, stdio: ['ignore', 'pipe', 'pipe', ...Array<'pipe'>(extra).fill('pipe')] });
	running.add(child);
	let output = '';
	child.stdout!.on('data', (d) => (output += d));
	child.stderr!.on('data', (d) => (output += d));
	const exited = new Promise<void>((resolve) => {
		child.once('exit', () => resolve());
		child.once('error', (e) => {
			output += String(e);
			resolve();
		});
	});
	exited.then(() => running.delete(child));
	return {
		child,
		output: () => output,
		async stop() {
			if (!running.has(child)) return;
			signalGroup(child, 'SIGTERM');
			const late = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
			await exited;
			clearTimeout(late);
			// What it started may outlive it in the group: end those too.
			signalGroup(child, 'SIGKILL');
		}
	};
}

/** Resolves with the first line `stream` gives (rejects after `ms`). */
function firstLine(stream: Readable, ms: number, what: string): Promise<string> {
	return new Promise((resolve, reject) => {
		let text = '';
		const timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
		stream.on('data', (d) => {
			text += d;
			if (text.includes('\n')) {
				clearTimeout(timer);
				resolve(text.split('\n')[0]!.trim());
			}
		});
	});
}

/** An X display for the WebKit window: $DISPLAY when set, else an Xvfb of its own on a free display number. */
export async function xDisplay(): Promise<{ display: string; stop(): Promise<void> }> {
	if (process.env.DISPLAY) return { display: process.env.DISPLAY, stop: async () => {} };
	// -displayfd: Xvfb picks a free display number and writes it on fd 3 once it accepts clients.
	const xvfb = startGroup('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { extra: 1 });
	try {
		const n = await firstLine(xvfb.child.stdio[3] as Readable, 10_000, 'Xvfb');
		return { display: `:${n}`, stop: xvfb.stop };
	} catch (e) {
		await xvfb.stop();
		throw new Error(`${(e as Error).message}\n${xvfb.output()}`);
	}
}

/** Polls `url` until it answers (any status), within `ms`. */
export async function untilAnswers(url: string, ms: number, started: Started): Promise<void> {
	const deadline = Date.now() + ms;
	for (;;) {
		if (started.child.exitCode !== null) throw new Error(`exited with ${started.child.exitCode}:\n${started.output()}`);
		const answered = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
			() => true,
			() => false
		);
		if (answered) return;
		if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms} ms:\n${started.output()}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}
