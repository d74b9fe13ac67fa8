import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type LaunchOptions } from '@playwright/test';

/**
 * A tablet's browser that can be killed: Chromium launched on a profile directory of its own,
 * which outlives the process, so IndexedDB, localStorage and the service worker are there again
 * when the next Chromium opens the same directory.
 *
 * The kill is SIGKILL to the browser process and, at the same instant, to every process it
 * started (they share its process group: Playwright starts Chromium detached). The browser
 * alone is not enough: its children outlive it for a second or two, among them the storage
 * service that writes IndexedDB, and a write under way would finish there unharmed.
 */
export interface Tablet {
	context: BrowserContext;
	/** The browser process; also its process group's ID. */
	pid: number;
}

export type TabletContextOptions = Parameters<typeof chromium.launchPersistentContext>[1];

/** Files by which Chromium marks a profile as in use; a killed browser leaves them behind. */
const SINGLETON_FILES = ['SingletonLock', 'SingletonSocket', 'SingletonCookie'];

interface ProcStat {
	pid: number;
	ppid: number;
	pgid: number;
	/** R, S, D, Z (a zombie: dead, waiting to be reaped) … */
	state: string;
}

function readStat(pid: number): ProcStat | null {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return { pid, state: fields[0]!, ppid: Number(fields[1]), pgid: Number(fields[2]) };
	} catch {
		return null;
	}
}

function allPids(): number[] {
	return readdirSync('/proc')
		.filter((p) => /^\d+$/.test(p))
		.map(Number);
}

/** The live (not zombie) processes of a process group. */
export function processGroup(pgid: number): number[] {
	const live: number[] = [];
	for (const pid of allPids()) {
		const s = readStat(pid);
		if (s && s.pgid === pgid && s.state !== 'Z') live.push(pid);
	}
	return live;
}

/** The browser process running on `profileDir` (the one without `--type=`: renderers, GPU and utilities have one). */
export function browserPid(profileDir: string): number {
	const found: number[] = [];
	for (const pid of allPids()) {
		let args: string[];
		try {
			args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
		} catch {
			continue;
		}
		if (args.includes(`--user-data-dir=${profileDir}`) && !args.some((a) => a.startsWith('--type='))) found.push(pid);
	}
	// A child the browser has just forked carries the browser's command line until it execs its
	// own (`--type=…`): seen once in 1,000 launches on a busy machine. The browser is the one whose
	// parent is not among them.
	const browsers = found.filter((pid) => !found.includes(readStat(pid)?.ppid ?? -1));
	if (browsers.length !== 1) throw new Error(`expected one browser process on ${profileDir}, found ${found.length} (${browsers.length} not a child of another)`);
	return browsers[0]!;
}

/** Opens Chromium on `profileDir` (made if missing); the profile stays when the browser is killed. */
export async function launchTablet(profileDir: string, launchOptions: LaunchOptions, contextOptions: TabletContextOptions): Promise<Tablet> {
	// The killed browser's lock names a process that is gone; Chromium would take the profile over
	// anyway, unless the number was given to another process since.
	for (const f of SINGLETON_FILES) rmSync(join(profileDir, f), { force: true });
	const context = await chromium.launchPersistentContext(profileDir, { ...launchOptions, ...contextOptions });
	const pid = browserPid(profileDir);
	const own = readStat(pid);
	if (own?.pgid !== pid) {
		await context.close();
		throw new Error(`Chromium ${pid} does not lead its own process group (${own?.pgid}): the kill could not reach its children`);
	}
	return { context, pid };
}

/**
 * SIGKILLs the browser and its children at once and waits until every one is gone. Returns how
 * long they took to go.
 */
export async function killTablet(tablet: Tablet, timeoutMs = 10_000): Promise<number> {
	const t0 = Date.now();
	try {
		process.kill(-tablet.pid, 'SIGKILL');
	} catch (e) {
		// ESRCH: already gone (it crashed, or an earlier kill).
		if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
	}
	while (processGroup(tablet.pid).length > 0) {
		if (Date.now() - t0 > timeoutMs) throw new Error(`Chromium ${tablet.pid}: processes left after SIGKILL: ${processGroup(tablet.pid).join(', ')}`);
		await new Promise((r) => setTimeout(r, 5));
	}
	return Date.now() - t0;
}

/** Closes the tablet's browser the ordinary way, killing it when it does not close in time. */
export async function closeTablet(tablet: Tablet, timeoutMs = 10_000): Promise<void> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)));
	const closed = await Promise.race([tablet.context.close().then(() => 'closed' as const, () => 'closed' as const), timeout]);
	clearTimeout(timer);
	if (closed === 'timeout' || processGroup(tablet.pid).length > 0) await killTablet(tablet);
}

/** Removes a profile directory (the browser on it must be gone). */
export function removeProfile(profileDir: string): void {
	if (existsSync(profileDir)) rmSync(profileDir, { recursive: true, force: true });
}
