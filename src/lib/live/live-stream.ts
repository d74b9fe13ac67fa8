import type { LiveAnnouncement } from '$lib/contract/live';
import { backoffDelay } from '$lib/sync/client/backoff';
import { ANNOUNCEMENT_EVENT, OPEN_EVENT } from './live-wire';

/** `open`: the server will name each new version; otherwise the page asks by itself (LiveFeed). */
export type LiveStreamState = 'connecting' | 'open' | 'down' | 'stopped';

export interface LiveTimers {
	setTimeout(callback: () => void, ms: number): unknown;
	clearTimeout(handle: unknown): void;
	/** Calls `callback` every `ms` until the returned function is called. */
	every(callback: () => void, ms: number): () => void;
}

/** What the stream needs of the browser's EventSource. */
export interface EventSourceLike {
	addEventListener(type: string, listener: (e: { data?: unknown }) => void): void;
	onerror: ((e: Event) => void) | null;
	close(): void;
}

export interface LiveStreamOptions {
	/** The public announcement stream's address (live-wire.ts). */
	url: string;
	/** Opens an EventSource (the browser's, no credentials: the stream is public). */
	open: (url: string) => EventSourceLike;
	timers: LiveTimers;
	/** A number in [0, 1), for the backoff's jitter. */
	random: () => number;
	onAnnouncement: (announcement: LiveAnnouncement) => void;
	onState: (state: LiveStreamState) => void;
	backoffBaseMs?: number;
	backoffCapMs?: number;
}

/**
 * A viewer's end of the public live stream (API.liveAnnouncements), with the browser's
 * EventSource: no token, no parser of ours. Its own reconnection (a fixed few seconds, none at
 * all after an HTTP error such as the server's 503 to too many viewers) is not used: on any
 * error the stream is closed and opened again after a backoff with full jitter, so that a hall
 * of phones that lost the server together does not come back together (cap 30 s).
 */
export class LiveStream {
	readonly #o: Required<LiveStreamOptions>;
	#state: LiveStreamState = 'stopped';
	#failures = 0;
	#source: EventSourceLike | null = null;
	#retry: unknown = null;

	constructor(options: LiveStreamOptions) {
		this.#o = { backoffBaseMs: 1_000, backoffCapMs: 30_000, ...options };
	}

	get state(): LiveStreamState {
		return this.#state;
	}

	start(): void {
		if (this.#state === 'stopped') this.#connect();
	}

	stop(): void {
		this.#close();
		this.#set('stopped');
	}

	#connect(): void {
		this.#retry = null;
		if (this.#state !== 'down') this.#set('connecting');
		const source = this.#o.open(this.#o.url);
		this.#source = source;
		source.addEventListener(OPEN_EVENT, () => {
			this.#failures = 0;
			this.#set('open');
		});
		source.addEventListener(ANNOUNCEMENT_EVENT, (e) => {
			const announcement = parseAnnouncement(e.data);
			if (announcement) this.#o.onAnnouncement(announcement);
		});
		source.onerror = () => {
			if (this.#source !== source) return;
			this.#close();
			this.#set('down');
			this.#retry = this.#o.timers.setTimeout(() => this.#connect(), backoffDelay(++this.#failures, this.#o.random, this.#o.backoffBaseMs, this.#o.backoffCapMs));
		};
	}

	#close(): void {
		this.#source?.close();
		this.#source = null;
		if (this.#retry !== null) this.#o.timers.clearTimeout(this.#retry);
		this.#retry = null;
	}

	#set(state: LiveStreamState): void {
		if (this.#state === state) return;
		this.#state = state;
		this.#o.onState(state);
	}
}

/**
 * An announcement's data (LiveAnnouncementSchema), checked by hand: the viewer's page loads no
 * schema library for two strings. Anything else is ignored (the poll still brings the change).
 */
export function parseAnnouncement(data: unknown): LiveAnnouncement | null {
	try {
		// Any change it carries is taken as the server sent it (whole: LiveAnnouncementSchema).
		const a = JSON.parse(String(data)) as LiveAnnouncement;
		const { competitionId, etag } = a;
		return typeof competitionId === 'string' && competitionId !== '' && typeof etag === 'string' && etag.length <= 100 ? a : null;
	} catch {
		return null;
	}
}
