import type { LiveCompetition, LiveEvent, LiveHeat, LiveRow } from '$lib/contract/live';
import type { EventSourceLike, LiveTimers } from './live-stream';

/** Test fixtures and fakes for the live page's unit tests (never in a build: *.testkit.ts). */

export const EVENT = { id: 'e1', name: 'Cup', date: '2026-05-16', venue: null };

export const row = (entryId: string, over: Partial<LiveRow> = {}): LiveRow => ({
	entryId,
	name: entryId,
	countries: [],
	heatId: 'h1',
	place: null,
	status: 'running',
	result: null,
	stillGoing: true,
	startedAt: 0,
	advancement: null,
	awarded: false,
	...over
});

export const heat = (over: Partial<LiveHeat> = {}): LiveHeat => ({ id: 'h1', name: 'Heat 1', phase: 'running', startedAt: 1_000, limitAt: 61_000, endedAt: null, stillGoing: 2, ...over });

export function competition(id: string, over: Partial<LiveCompetition> = {}): LiveCompetition {
	return {
		event: EVENT,
		competition: { id, name: `Competition ${id}` },
		timeResolution: 'second-truncated',
		state: 'provisional',
		version: null,
		advancement: null,
		heats: [heat()],
		rows: [row(`${id}-a`), row(`${id}-b`)],
		latest: [],
		...over
	};
}

export const liveEvent = (...ids: string[]): LiveEvent => ({ event: EVENT, competitions: ids.map((id) => ({ id, name: `Competition ${id}` })) });

/** Timers that fire only when the test says so. */
export class ManualTimers implements LiveTimers {
	#next = 1;
	readonly pending = new Map<number, { at: number; callback: () => void }>();
	now = 0;

	setTimeout(callback: () => void, ms: number): unknown {
		const id = this.#next++;
		this.pending.set(id, { at: this.now + ms, callback });
		return id;
	}

	clearTimeout(handle: unknown): void {
		this.pending.delete(handle as number);
	}

	every(callback: () => void, ms: number): () => void {
		let handle: unknown;
		const arm = () => (handle = this.setTimeout(() => (arm(), callback()), ms));
		arm();
		return () => this.clearTimeout(handle);
	}

	/** Moves the clock on, firing each timer that falls due, in order. */
	advance(ms: number): void {
		const until = this.now + ms;
		for (;;) {
			const due = [...this.pending].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
			if (!due) break;
			this.pending.delete(due[0]);
			this.now = due[1].at;
			due[1].callback();
		}
		this.now = until;
	}
}

/** An EventSource the test drives: the server's messages, an error, and whether the page closed it. */
export class FakeSource implements EventSourceLike {
	readonly listeners = new Map<string, ((e: { data?: unknown }) => void)[]>();
	onerror: ((e: Event) => void) | null = null;
	closed = false;

	constructor(readonly url: string) {}

	addEventListener(type: string, listener: (e: { data?: unknown }) => void): void {
		this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
	}

	close(): void {
		this.closed = true;
	}

	/** The server sends a message (`open`, `live`). */
	emit(type: string, data: unknown = {}): void {
		for (const l of this.listeners.get(type) ?? []) l({ data: typeof data === 'string' ? data : JSON.stringify(data) });
	}

	fail(): void {
		this.onerror?.(new Event('error'));
	}
}

/** Opens fake sources, keeping each. */
export function fakeSources() {
	const opened: FakeSource[] = [];
	return { opened, open: (url: string) => (opened.push(new FakeSource(url)), opened.at(-1)!), last: () => opened.at(-1)! };
}

export interface Asked {
	url: string;
	headers: Record<string, string>;
	cache?: RequestCache;
}

/** Lets every pending promise callback run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
