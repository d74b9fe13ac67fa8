import { LIVE_REFRESH_MS, type LiveAnnouncement, type LiveCompetition, type LiveEvent } from '$lib/contract/live';
import { liveAnnouncementsPath, liveCompetitionPath, liveEventPath } from './live-paths';
import { LiveStream, type LiveStreamState, type LiveTimers } from './live-stream';

export interface LiveFeedOptions {
	eventId: string;
	/** Only this competition (the overlay); else every competition of the event shown live. */
	only?: string;
	fetch: (url: string, init: RequestInit) => Promise<Response>;
	timers: LiveTimers;
	random: () => number;
	/** How often the page asks by itself while the stream is not open (LIVE_REFRESH_MS). */
	refreshMs?: number;
}

/** What the server rendered: the event's live competitions and each one as it stood (with its ETag, when known). */
export interface LiveStart {
	live: LiveEvent;
	competitions: LiveCompetition[];
	etags?: Record<string, string>;
}

/**
 * What a viewer's page (and the overlay) shows of the live results, kept current: the public
 * stream names each competition's new version and the page reads that version at once
 * (`?v=…`, an address no cache holds yet); while the stream is not open (before it opens,
 * cut, or behind a proxy that buffers it) the page asks every LIVE_REFRESH_MS with
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
	/** Per competition the last request sent and the last answer applied: an older answer arriving late is dropped. */
	readonly #sent = new Map<string, number>();
	readonly #applied = new Map<string, number>();
	#poll: unknown = null;
	#polling = false;

	constructor(start: LiveStart, options: LiveFeedOptions) {
		this.#o = { refreshMs: LIVE_REFRESH_MS, ...options, only: options.only ?? null };
		this.#list(start.live);
		this.byId = Object.fromEntries(start.competitions.filter((c) => this.order.includes(c.competition.id)).map((c) => [c.competition.id, c]));
		for (const id of this.order) if (start.etags?.[id]) this.#etags.set(id, start.etags[id]);
		this.#stream = new LiveStream({
			url: liveAnnouncementsPath(options.eventId),
			fetch: options.fetch,
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
		this.#schedule();
		return () => {
			this.#stream.stop();
			if (this.#poll !== null) this.#o.timers.clearTimeout(this.#poll);
			this.#poll = null;
		};
	}

	/** The stream named a competition's new version: read it, unless it is the version held. */
	async announced(a: LiveAnnouncement): Promise<void> {
		if (this.#o.only !== null && a.competitionId !== this.#o.only) return;
		if (this.#etags.get(a.competitionId) === a.etag) return;
		// Switched on while the page was open: its place in the list first.
		if (!this.order.includes(a.competitionId)) await this.#readEvent();
		if (this.order.includes(a.competitionId)) await this.#readCompetition(a.competitionId, a.etag);
	}

	/** Asks for the list and every competition, each with the ETag held (304: nothing changed). */
	async refresh(): Promise<void> {
		await this.#readEvent();
		await Promise.all(this.order.map((id) => this.#readCompetition(id)));
	}

	#schedule(): void {
		this.#poll = this.#o.timers.setTimeout(() => {
			this.#poll = null;
			void this.#tick();
		}, this.#o.refreshMs);
	}

	async #tick(): Promise<void> {
		if (this.stream !== 'open' && !this.#polling) {
			this.#polling = true;
			await this.refresh().finally(() => (this.#polling = false));
		}
		if (this.#stream.state !== 'stopped') this.#schedule();
	}

	async #readEvent(): Promise<void> {
		const answer = await this.#get(liveEventPath(this.#o.eventId), '');
		if (answer === 'gone') this.#list({ competitions: [] });
		else if (answer !== null) this.#list(answer as LiveEvent);
	}

	async #readCompetition(id: string, version?: string): Promise<void> {
		const seq = (this.#sent.get(id) ?? 0) + 1;
		this.#sent.set(id, seq);
		const answer = await this.#get(liveCompetitionPath(this.#o.eventId, id, version), id, version);
		if (answer === null || seq < (this.#applied.get(id) ?? 0)) return;
		this.#applied.set(id, seq);
		if (answer === 'gone') {
			this.order = this.order.filter((c) => c !== id);
			this.#forget(id);
		} else if ((answer as LiveCompetition).competition?.id === id) this.byId = { ...this.byId, [id]: answer as LiveCompetition };
	}

	/**
	 * A GET of a live resource: its JSON, 'gone' on 404, null when nothing is new (304) or it
	 * failed (the next announcement or poll tries again). A version's own address is asked
	 * plainly (a cache may hold it); the current one with the ETag held.
	 */
	async #get(url: string, key: string, version?: string): Promise<unknown> {
		const held = this.#etags.get(key);
		const headers: Record<string, string> = { accept: 'application/json' };
		if (held !== undefined && version === undefined) headers['if-none-match'] = held;
		try {
			const response = await this.#o.fetch(url, { headers });
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

	/** The event's list: which competitions are live (the `only` one at most), those no longer live let go. */
	#list(live: Pick<LiveEvent, 'competitions'>): void {
		const ids = live.competitions.map((c) => c.id).filter((id) => this.#o.only === null || id === this.#o.only);
		for (const id of this.order) if (!ids.includes(id)) this.#forget(id);
		this.order = ids;
	}

	#forget(id: string): void {
		this.#etags.delete(id);
		if (id in this.byId) {
			const { [id]: _, ...rest } = this.byId;
			this.byId = rest;
		}
	}
}
