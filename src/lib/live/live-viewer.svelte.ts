import { Follow } from './follow.svelte';
import { LiveFeed, type LiveStart, type LiveWire } from './live-feed.svelte';
import type { NameMatch } from './live-view';

/** What the live pages take from the browser, injected for the unit tests. */
export interface LiveEnvironment extends LiveWire {
	now: () => number;
	/** The phone's localStorage, or null where it is refused. */
	storage: () => Pick<Storage, 'getItem' | 'setItem'> | null;
	/** Loads the name search (registration's: case and accents ignored) when the viewer first types. */
	loadSearch: () => Promise<NameMatch>;
}

export function browserEnvironment(): LiveEnvironment {
	return {
		fetch: (url, init) => globalThis.fetch(url, init),
		openStream: (url) => new EventSource(url),
		timers: {
			setTimeout: (f, ms) => globalThis.setTimeout(f, ms),
			clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
			every: (f, ms) => {
				const h = globalThis.setInterval(f, ms);
				return () => globalThis.clearInterval(h);
			}
		},
		random: () => Math.random(),
		now: () => Date.now(),
		loadSearch: () => import('$lib/registration/name-search').then((s) => s.matchesQuery),
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
	now = $state(0);
	/** The name search, once loaded (with the first letter typed: the first load stays light). */
	match = $state.raw<NameMatch | null>(null);
	#query = $state('');
	#loading = false;
	readonly feed: LiveFeed;
	readonly follow: Follow;
	readonly #env: LiveEnvironment;

	constructor(start: LiveStart & { now: number }, env: LiveEnvironment, options: { only?: string } = {}) {
		const eventId = start.live.event.id;
		this.#env = env;
		this.now = start.now;
		this.feed = new LiveFeed(start, { ...env, eventId, only: options.only });
		this.follow = new Follow(eventId, env.storage);
	}

	/** The name searched. */
	get query(): string {
		return this.#query;
	}

	set query(text: string) {
		this.#query = text;
		if (!text.trim() || this.match || this.#loading) return;
		this.#loading = true;
		this.#env.loadSearch().then(
			(match) => (this.match = match),
			() => (this.#loading = false) // offline before it loaded: the next letter asks again
		);
	}

	connect(): () => void {
		this.follow.load();
		this.now = this.#env.now();
		const stop = this.feed.start();
		const stopTicking = this.#env.timers.every(() => (this.now = this.#env.now()), TICK_MS);
		return () => {
			stop();
			stopTicking();
		};
	}
}
