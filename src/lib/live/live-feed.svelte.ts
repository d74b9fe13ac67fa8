import type { LiveAnnouncement, LiveCompetition, LiveEvent } from '$lib/contract/live';
import { liveAnnouncementsPath, liveCompetitionPath, liveEventPath, REFRESH_MS } from './live-wire';
import { LiveStream, type EventSourceLike, type LiveStreamState, type LiveTimers } from './live-stream';
import { applyLiveChange, type LiveChange } from '$lib/contract/live-change';

/** What the feed takes from the browser, injected for the unit tests. */
export interface LiveWire {
	fetch: (url: string, init: RequestInit) => Promise<Response>;
	/** Opens the announcement stream (the browser's EventSource). */
	openStream: (url: string) => EventSourceLike;
	timers: LiveTimers;
	/** A number in [0, 1), for the stream's backoff. */
	random: () => number;
}

export interface LiveFeedOptions extends LiveWire {
	eventId: string;
	/** Only this competition (the overlay); else every competition of the event shown live. */
	only?: string;
	/** How often the page asks by itself while the stream is not open (LIVE_REFRESH_MS). */
	refreshMs?: number;
}

/** What the server rendered: the event's live competitions and each one as it stood, with their ETags when known (the list's under ''). */
export interface LiveStart {
	live: LiveEvent;
	competitions: LiveCompetition[];
	etags?: Record<string, string>;
}

/**
 * What a viewer's page (and the overlay) shows of the live results, kept current: the public
 * stream names each competition's new version and the page reads that version at once
 * (`?v=…`, an address no cache holds yet); while the stream is not open (before it opens,
 * cut, or behind a proxy that buffers it) the page asks every REFRESH_MS (LIVE_REFRESH_MS) with
 * If-None-Match, which the server or a cache in front answers with 304 when nothing changed.
 * When the stream opens (again) the page asks once for what it may have missed. A competition
 * the organizer stops showing (404) leaves the page; one switched on joins it.
 */
export class LiveFeed {
	/** The event's competitions shown live, in set-up order (the `only` one at most). */
	order = $state.raw<string[]>([]);
	/** Each competition as last read. */
	byId = $state.raw<Record<string, LiveCompetition>>({});
	stream = $state<LiveStreamState>('stopped');

	readonly #o: Required<Omit<LiveFeedOptions, 'only'>> & { only: string | null };
	readonly #stream: LiveStream;
	/** The ETag of what is held, per competition, and of the event's list ('' key). */
	readonly #etags = new Map<string, string>();
	/** Per competition the last request sent: an older answer arriving after it is dropped. */
	readonly #latest = new Map<string, object>();
	#polling = false;

	constructor(start: LiveStart, options: LiveFeedOptions) {
		this.#o = { refreshMs: REFRESH_MS, ...options, only: options.only ?? null };
		this.#list(start.live);
		this.byId = Object.fromEntries(start.competitions.filter((c) => this.order.includes(c.competition.id)).map((c) => [c.competition.id, c]));
		for (const id of ['', ...this.order]) if (start.etags?.[id]) this.#etags.set(id, start.etags[id]);
		this.#stream = new LiveStream({
			url: liveAnnouncementsPath(options.eventId),
			open: options.openStream,
			timers: options.timers,
			random: options.random,
			onAnnouncement: (a) => void this.announced(a),
			onState: (state) => {
				const opened = state === 'open' && this.stream !== 'open';
				this.stream = state;
				if (opened) void this.refresh();
			}
		});
	}

	/** The competitions shown, in set-up order. */
	get competitions(): LiveCompetition[] {
		return this.order.flatMap((id) => this.byId[id] ?? []);
	}

	/** Opens the stream and the poll behind it; returns the way to stop both. */
	start(): () => void {
		this.#stream.start();
		const stop = this.#o.timers.every(() => void this.#poll(), this.#o.refreshMs);
		return () => {
			this.#stream.stop();
			stop();
		};
	}

	/**
	 * The stream named a competition's new version: apply the change it carries when the page
	 * holds the version it applies to, else read it, unless it is the version held.
	 */
	async announced(a: LiveAnnouncement): Promise<void> {
		const { competitionId: id, etag } = a;
		if (this.#o.only !== null && id !== this.#o.only) return;
		const held = this.#etags.get(id);
		if (held === etag) return;
		// Held (an ETag is kept only with its competition): the change applies to it.
		if (a.rows && held === a.base) {
			this.#latest.set(id, {});
			this.#etags.set(id, etag);
			this.byId = { ...this.byId, [id]: applyLiveChange(this.byId[id]!, a as LiveChange) };
			return;
		}
		// Switched on while the page was open: its place in the list first.
		if (!this.order.includes(id)) await this.#readEvent();
		if (this.order.includes(id)) await this.#readCompetition(id, etag);
	}

	/** Asks for the list and every competition, each with the ETag held (304: nothing changed). */
	async refresh(): Promise<void> {
		await this.#readEvent();
		await Promise.all(this.order.map((id) => this.#readCompetition(id)));
	}

	/** The poll's turn: asks while the stream is not open, one round at a time. */
	async #poll(): Promise<void> {
		if (this.stream === 'open' || this.#polling) return;
		this.#polling = true;
		await this.refresh().finally(() => (this.#polling = false));
	}

	async #readEvent(): Promise<void> {
		const answer = await this.#get(liveEventPath(this.#o.eventId), '');
		if (answer === 'gone') this.#list({ competitions: [] });
		else if (answer !== null) this.#list(answer as LiveEvent);
	}

	async #readCompetition(id: string, version?: string): Promise<void> {
		const mine = {};
		this.#latest.set(id, mine);
		const answer = await this.#get(liveCompetitionPath(this.#o.eventId, id, version), id, version);
		if (answer === null || this.#latest.get(id) !== mine) return;
		if (answer === 'gone') this.order = this.order.filter((c) => c !== id);
		else if ((answer as LiveCompetition).competition?.id === id) this.byId = { ...this.byId, [id]: answer as LiveCompetition };
	}

	/**
	 * A GET of a live resource: its JSON, 'gone' on 404, null when nothing is new (304) or it
	 * failed (the next announcement or poll tries again). A version's own address is asked
	 * plainly (any cache may hold it); the current address with the ETag held, else past the
	 * browser's own cache (which may keep an answer older than the page for a few seconds).
	 */
	async #get(url: string, key: string, version?: string): Promise<unknown> {
		const held = this.#etags.get(key);
		const init: RequestInit & { headers: Record<string, string> } = { headers: { accept: 'application/json' } };
		if (version === undefined && held !== undefined) init.headers['if-none-match'] = held;
		else if (version === undefined) init.cache = 'no-cache';
		try {
			const response = await this.#o.fetch(url, init);
			if (response.status === 404) return 'gone';
			if (response.status === 304 || !response.ok) return null;
			const body: unknown = await response.json();
			const etag = response.headers.get('etag') ?? version;
			if (etag) this.#etags.set(key, etag);
			return body;
		} catch {
			return null;
		}
	}

	/**
	 * The event's list: which competitions are live (the `only` one at most). What is held of a
	 * competition no longer listed stays with its ETag: switched on again unchanged, it is shown
	 * as it was without a read.
	 */
	#list(live: Pick<LiveEvent, 'competitions'>): void {
		this.order = live.competitions.map((c) => c.id).filter((id) => this.#o.only === null || id === this.#o.only);
	}
}
