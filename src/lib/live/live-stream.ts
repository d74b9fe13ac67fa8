import { ANNOUNCEMENT_HEARTBEAT_MS } from '$lib/contract/announcements';
import { LIVE_ANNOUNCEMENT_EVENT, type LiveAnnouncement } from '$lib/contract/live';
import { backoffDelay } from '$lib/sync/client/backoff';
import { sseMessages } from '$lib/sync/client/sse-messages';

/** `open`: the server will name each new version; otherwise the page asks by itself (LiveFeed). */
export type LiveStreamState = 'connecting' | 'open' | 'down' | 'stopped';

export interface LiveTimers {
	setTimeout(callback: () => void, ms: number): unknown;
	clearTimeout(handle: unknown): void;
}

export interface LiveStreamOptions {
	/** The public announcement stream's address (live-paths.ts). */
	url: string;
	fetch: (url: string, init: RequestInit) => Promise<Response>;
	timers: LiveTimers;
	/** A number in [0, 1), for the backoff's jitter. */
	random: () => number;
	onAnnouncement: (announcement: LiveAnnouncement) => void;
	onState: (state: LiveStreamState) => void;
	backoffBaseMs?: number;
	backoffCapMs?: number;
	/** Nothing heard for this long (not even a heartbeat): the connection is taken for dead and opened again. */
	silenceMs?: number;
}

/** The server's `open` message, sent first on every stream (contract/announcements.ts). */
const OPEN_EVENT = 'open';

/**
 * A viewer's end of the public live stream (API.liveAnnouncements): no token, read with fetch
 * and the sync client's SSE reader. A stream that fails, ends or falls silent (a proxy that
 * keeps a dead connection: no heartbeat for 2½ of their periods) is opened again after a
 * backoff with full jitter, so that a stadium of phones that lost the server together does not
 * come back together. Thousands of viewers: the cap is 30 s, not the devices' minute.
 */
export class LiveStream {
	readonly #o: Required<LiveStreamOptions>;
	#state: LiveStreamState = 'stopped';
	#failures = 0;
	#leave: AbortController | null = null;
	#retry: unknown = null;
	#watchdog: unknown = null;

	constructor(options: LiveStreamOptions) {
		this.#o = { backoffBaseMs: 1_000, backoffCapMs: 30_000, silenceMs: (ANNOUNCEMENT_HEARTBEAT_MS * 5) / 2, ...options };
	}

	get state(): LiveStreamState {
		return this.#state;
	}

	start(): void {
		if (this.#state === 'stopped') void this.#connect();
	}

	stop(): void {
		this.#leave?.abort();
		this.#leave = null;
		this.#clear();
		this.#set('stopped');
	}

	async #connect(): Promise<void> {
		const leave = new AbortController();
		this.#leave = leave;
		if (this.#state !== 'down') this.#set('connecting');
		this.#heard(leave);
		try {
			const response = await this.#o.fetch(this.#o.url, { headers: { accept: 'text/event-stream' }, cache: 'no-store', signal: leave.signal });
			if (!response.ok || !response.body) {
				void response.body?.cancel();
				throw new Error(`the live stream answered ${response.status}`);
			}
			for await (const message of sseMessages(this.#watched(response.body, leave))) this.#message(message.event, message.data);
		} catch {
			// The network, the server, the watchdog or our own stop: a stop says so in the state.
		}
		if (this.#leave !== leave) return;
		this.#leave = null;
		this.#clear();
		this.#failures++;
		this.#set('down');
		this.#retry = this.#o.timers.setTimeout(
			() => {
				this.#retry = null;
				void this.#connect();
			},
			backoffDelay(this.#failures, this.#o.random, this.#o.backoffBaseMs, this.#o.backoffCapMs)
		);
	}

	/** The body as it arrives, each chunk (heartbeats included, which the SSE reader skips) keeping the watchdog away. */
	#watched(body: ReadableStream<Uint8Array>, leave: AbortController): ReadableStream<Uint8Array> {
		return body.pipeThrough(
			new TransformStream<Uint8Array, Uint8Array>({
				transform: (chunk, out) => {
					this.#heard(leave);
					out.enqueue(chunk);
				}
			}),
			{ signal: leave.signal }
		);
	}

	#heard(leave: AbortController): void {
		if (this.#watchdog !== null) this.#o.timers.clearTimeout(this.#watchdog);
		this.#watchdog = this.#o.timers.setTimeout(() => leave.abort(), this.#o.silenceMs);
	}

	#message(event: string, data: string): void {
		if (event === OPEN_EVENT) {
			this.#failures = 0;
			this.#set('open');
			return;
		}
		if (event !== LIVE_ANNOUNCEMENT_EVENT) return;
		const announcement = parseAnnouncement(data);
		if (announcement) this.#o.onAnnouncement(announcement);
	}

	#clear(): void {
		if (this.#retry !== null) this.#o.timers.clearTimeout(this.#retry);
		if (this.#watchdog !== null) this.#o.timers.clearTimeout(this.#watchdog);
		this.#retry = this.#watchdog = null;
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
export function parseAnnouncement(data: string): LiveAnnouncement | null {
	let value: unknown;
	try {
		value = JSON.parse(data);
	} catch {
		return null;
	}
	if (typeof value !== 'object' || value === null) return null;
	const { competitionId, etag } = value as Record<string, unknown>;
	if (typeof competitionId !== 'string' || typeof etag !== 'string' || competitionId === '' || etag.length > 100) return null;
	return { competitionId, etag };
}
