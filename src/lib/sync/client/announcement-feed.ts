import { ANNOUNCEMENT_EVENT, API, AnnouncementSchema, pathOf, STREAM_OPEN_EVENT, type Announcement } from '$lib/contract';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay } from './backoff';
import type { SyncEnvironment, TimerHandle } from './environment';
import { sseMessages } from './sse-messages';

/** How the feed stands: listening (the server will tell of new events), connecting, or given up (a refused token). */
export type FeedState = 'connecting' | 'listening' | 'refused' | 'stopped';

export interface AnnouncementFeedOptions {
	server: string;
	token: string;
	eventId: string;
	env: Pick<SyncEnvironment, 'fetch' | 'random' | 'setTimeout' | 'clearTimeout'>;
	/** New events are stored on the server (the device pulls). */
	onAnnouncement: (announcement: Announcement) => void;
	/** The feed's state changed (listening again after a gap: the device pulls what it missed). */
	onState?: (state: FeedState) => void;
	backoffBaseMs?: number;
	backoffCapMs?: number;
}

/**
 * A device's end of the announcement stream (issue 32 #1, contract/announcements.ts): keeps
 * one stream open to the server and says when new judge events are stored. A stream that
 * fails or ends is opened again after a backoff with full jitter (twenty tablets that lose the
 * server together do not come back together); a refused token (401, 403) stops it until the
 * pairing changes. While it is down the device's poll carries on alone.
 */
export class AnnouncementFeed {
	readonly #options: AnnouncementFeedOptions;
	#state: FeedState = 'stopped';
	#failures = 0;
	#leave: AbortController | null = null;
	#retry: TimerHandle | null = null;

	constructor(options: AnnouncementFeedOptions) {
		this.#options = options;
	}

	get state(): FeedState {
		return this.#state;
	}

	/** Opens the stream (again, when it was stopped). */
	start(): void {
		if (this.#state !== 'stopped') return;
		void this.#connect();
	}

	/** Closes the stream and stops opening it. */
	stop(): void {
		this.#leave?.abort();
		this.#leave = null;
		if (this.#retry !== null) this.#options.env.clearTimeout(this.#retry);
		this.#retry = null;
		this.#set('stopped');
	}

	async #connect(): Promise<void> {
		const { server, token, eventId, env } = this.#options;
		const leave = new AbortController();
		this.#leave = leave;
		this.#set('connecting');
		try {
			const response = await env.fetch(`${server}${pathOf(API.announcements, { eventId })}`, {
				headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
				cache: 'no-store',
				signal: leave.signal
			});
			if (response.status === 401 || response.status === 403) {
				void response.body?.cancel();
				return this.#set('refused');
			}
			if (!response.ok || !response.body) throw new Error(`the announcement stream answered ${response.status}`);
			for await (const message of sseMessages(response.body)) this.#heard(message.event, message.data);
		} catch {
			// The network, the server, or our own stop: a stop says so in the state.
		}
		if (this.#leave !== leave) return;
		this.#leave = null;
		this.#failures++;
		const { backoffBaseMs = BACKOFF_BASE_MS, backoffCapMs = BACKOFF_CAP_MS } = this.#options;
		this.#set('connecting');
		this.#retry = env.setTimeout(() => {
			this.#retry = null;
			void this.#connect();
		}, backoffDelay(this.#failures, env.random, backoffBaseMs, backoffCapMs));
	}

	#heard(event: string, data: string): void {
		if (event === STREAM_OPEN_EVENT) {
			this.#failures = 0;
			this.#set('listening');
			return;
		}
		if (event !== ANNOUNCEMENT_EVENT) return;
		let parsed: unknown;
		try {
			parsed = JSON.parse(data);
		} catch {
			return;
		}
		const checked = AnnouncementSchema.safeParse(parsed);
		if (checked.success) this.#options.onAnnouncement(checked.data);
	}

	#set(state: FeedState): void {
		if (this.#state === state) return;
		this.#state = state;
		this.#options.onState?.(state);
	}
}
