import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PhotoMeta } from '$lib/contract';
import { presetById } from '$lib/rules/presets';

/** The server side of `npm run bench:photos`: seeding an event over the API, uploads, sizes, memory. */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN_KEY = 'bench-photos-admin-key-0123456789abcdef';
const RULESET = presetById('czjpa-individual')!;

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
export const ms = (x: number) => `${x.toFixed(1)} ms`;

export function quantile(values: readonly number[], q: number): number {
	const s = [...values].sort((a, b) => a - b);
	if (s.length === 0) return NaN;
	return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

export async function api<T>(base: string, method: string, path: string, token: string, json?: unknown): Promise<T> {
	const r = await fetch(`${base}${path}`, {
		method,
		headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
		body: json === undefined ? undefined : JSON.stringify(json)
	});
	const text = await r.text();
	if (!r.ok) throw new Error(`${method} ${path} answered ${r.status}: ${text.slice(0, 300)}`);
	return JSON.parse(text) as T;
}

export interface PhotoEvent {
	eventId: string;
	organizer: string;
	judge: string;
	competitionId: string;
	/** Entries of heats of 80 (a CZJPA heat), each photo naming one of them. */
	entries: { id: string; heatId: string }[];
}

/** An event with one competition of `heats` heats of 80 seats, and one judge device. */
export async function seedPhotoEvent(base: string, heats: number): Promise<PhotoEvent> {
	const { eventId, token: organizer } = await api<{ eventId: string; token: string }>(base, 'POST', '/api/events', ADMIN_KEY, {
		event: { name: 'Photos bench', date: new Date().toISOString().slice(0, 10) }
	});
	const competitionId = 'photos-c1';
	const competition = { id: competitionId, eventId, name: 'Individual', ruleset: { id: RULESET.id, version: RULESET.version } };
	const heatRows = Array.from({ length: heats }, (_, h) => ({ id: `photos-h${h + 1}`, competitionId, name: `Heat ${h + 1}` }));
	const entries = heatRows.flatMap((heat) =>
		Array.from({ length: 80 }, (_, s) => {
			const id = `${heat.id}-s${s + 1}`;
			return { id, competitionId, heatId: heat.id, name: `Competitor ${id}`, members: [{ id: `${id}-m`, name: `Competitor ${id}`, country: 'CZ' }], table: String(Math.floor(s / 4) + 1), seat: String((s % 4) + 1) };
		})
	);
	await api(base, 'POST', `/api/events/${eventId}/setup`, organizer, { rulesets: [RULESET], competitions: [competition], heats: heatRows, entries });
	const judge = (await api<{ token: string }>(base, 'POST', `/api/events/${eventId}/devices`, organizer, { role: 'judge', label: 'Table 1' })).token;
	return { eventId, organizer, judge, competitionId, entries: entries.map((e) => ({ id: e.id, heatId: e.heatId })) };
}

/** The query of a photo of entry number `i` of the event (a tally, taken now). */
export function photoQuery(ev: PhotoEvent, i: number): string {
	const entry = ev.entries[i % ev.entries.length]!;
	const meta: Record<keyof PhotoMeta, string | undefined> = {
		competitionId: ev.competitionId,
		heatId: entry.heatId,
		entryId: entry.id,
		puzzleId: undefined,
		judgeEventId: undefined,
		subject: 'tally',
		takenAt: String(Date.now()),
		width: '1600',
		height: '1200'
	};
	return new URLSearchParams(Object.entries(meta).filter((e): e is [string, string] => e[1] !== undefined)).toString();
}

/** One upload as a tablet makes it; returns how long the answer took (ms) and whether it stored something new. */
export async function upload(base: string, ev: PhotoEvent, bytes: Buffer, i: number): Promise<{ ms: number; stored: boolean }> {
	const started = performance.now();
	const r = await fetch(`${base}/api/events/${ev.eventId}/photos/${sha256(bytes)}?${photoQuery(ev, i)}`, {
		method: 'PUT',
		headers: { authorization: `Bearer ${ev.judge}`, 'content-type': 'image/jpeg', accept: 'application/json' },
		body: new Uint8Array(bytes)
	});
	const text = await r.text();
	const took = performance.now() - started;
	if (!r.ok) throw new Error(`PUT photo ${i} answered ${r.status}: ${text.slice(0, 300)}`);
	return { ms: took, stored: (JSON.parse(text) as { stored: boolean }).stored };
}

/** The same bytes to the floor server's bare PUT. */
export async function uploadFloor(floor: string, bytes: Buffer): Promise<number> {
	const started = performance.now();
	const r = await fetch(`${floor}/photo/${sha256(bytes)}`, { method: 'PUT', body: new Uint8Array(bytes) });
	await r.text();
	if (!r.ok) throw new Error(`floor PUT answered ${r.status}`);
	return performance.now() - started;
}

/** The bytes a data directory takes on disk (the store, its WAL and anything beside it). */
export function dirBytes(dir: string): number {
	let total = 0;
	for (const name of readdirSync(dir, { recursive: true }) as string[]) {
		const s = statSync(join(dir, name));
		if (s.isFile()) total += s.size;
	}
	return total;
}

/** Resident memory now and at its peak (Linux), bytes. */
export function memory(pid: number): { rss: number; peak: number } {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	const kbOf = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
	return { rss: kbOf('VmRSS'), peak: kbOf('VmHWM') };
}

/** Samples a process's RSS every 25 ms until stopped; returns the highest seen. */
export function rssSampler(pid: number): () => number {
	let high = memory(pid).rss;
	const timer = setInterval(() => {
		try {
			high = Math.max(high, memory(pid).rss);
		} catch {
			/* the process ended */
		}
	}, 25);
	return () => {
		clearInterval(timer);
		return high;
	};
}

/** The floor server (bench/photos-floor-server.ts) as a child process of its own. */
export async function startFloor(port: number, dataDir: string, dataFile: string): Promise<{ base: string; child: ChildProcess }> {
	const child = fork(join(ROOT, 'bench', 'photos-floor-server.ts'), {
		execArgv: ['--import', 'tsx'],
		env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATA_FILE: dataFile },
		stdio: ['ignore', 'inherit', 'inherit', 'ipc']
	});
	await new Promise<void>((ok, fail) => {
		child.once('message', () => ok());
		child.once('exit', (code) => fail(new Error(`the floor server ended (${code})`)));
	});
	return { base: `http://127.0.0.1:${port}`, child };
}
