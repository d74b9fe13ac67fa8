import { Follow } from './follow.svelte';
import { LiveFeed, type LiveStart } from './live-feed.svelte';
import type { LiveTimers } from './live-stream';

/** What the live pages take from the browser, injected for the unit tests. */
export interface LiveEnvironment {
	fetch: (url: string, init: RequestInit) => Promise<Response>;
	timers: LiveTimers;
	random: () => number;
	now: () => number;
	/** The phone's localStorage, or null where it is refused. */
	storage: () => Pick<Storage, 'getItem' | 'setItem'> | null;
}

export function browserEnvironment(): LiveEnvironment {
	return {
		fetch: (url, init) => globalThis.fetch(url, init),
		timers: { setTimeout: (f, ms) => globalThis.setTimeout(f, ms), clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>) },
		random: () => Math.random(),
		now: () => Date.now(),
		storage: () => {
			try {
				return globalThis.localStorage ?? null;
			} catch {
				return null;
			}
		}
	};
}

/** The heat clocks show whole seconds: repainted this often. */
export const TICK_MS = 250;

/**
 * One viewer of an event's live results (the page /live/{e}, or the overlay with `only` its
 * competition): the feed that keeps the competitions current, the names followed on this
 * phone, the name searched, and the viewer's own clock that the heat clocks run on. Nothing
 * runs until `connect()` (the page calls it in the browser, after the server's first paint,
 * which used the server's `now`).
 */
export class LiveViewer {
	query = $state('');
	now = $state(0);
	readonly feed: LiveFeed;
	readonly follow: Follow;
	readonly #env: LiveEnvironment;

	constructor(start: LiveStart & { now: number }, env: LiveEnvironment, options: { only?: string } = {}) {
		const eventId = start.live.event.id;
		this.#env = env;
		this.now = start.now;
		this.feed = new LiveFeed(start, { eventId, only: options.only, fetch: env.fetch, timers: env.timers, random: env.random });
		this.follow = new Follow(eventId, env.storage);
	}

	connect(): () => void {
		this.follow.load();
		this.now = this.#env.now();
		const stop = this.feed.start();
		let tick: unknown = null;
		const next = () => {
			tick = this.#env.timers.setTimeout(() => {
				this.now = this.#env.now();
				next();
			}, TICK_MS);
		};
		next();
		return () => {
			stop();
			this.#env.timers.clearTimeout(tick);
		};
	}
}
