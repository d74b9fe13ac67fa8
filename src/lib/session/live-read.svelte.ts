import type { JudgeEvent } from '$lib/events/schema';

/**
 * What changed on the device, as far as the one who tells it knows: these judge events were
 * stored and nothing else (an append here, another tab's, a pull), or anything may have
 * (`events: null`: a set-up, a merge, a pairing, a sync that fetched a changed set-up).
 */
export interface DeviceChange {
	events: readonly JudgeEvent[] | null;
}

/** Anything may have changed: read everything. */
export const ANYTHING: DeviceChange = { events: null };

/** Where a live read hears that what it reads may have changed (the device session). */
export interface ChangeFeed {
	/** Calls `listener` after every change, with what changed; returns the unsubscribe. */
	onChange(listener: (change: DeviceChange) => void): () => void;
}

/**
 * How a read learns what changed since the read before: it calls it once, as it starts reading
 * the device (changes told before then are in it; those told after ask for one more read). A
 * read that never calls it reads everything, and any change during it asks for one more read.
 */
export type TakeChanges = () => DeviceChange;

/**
 * What a screen shows of the device's data (a set-up, the events, the standings), read again
 * whenever the feed says something changed: a local write, another tab's write, a sync, a new
 * pairing. No polling. Reads never overlap: a change during a read asks for one more read
 * after it, so the last read always starts after the last change. A read may ask what changed
 * since the read before (TakeChanges) and read only that (the organizer's standings: issue 32 #2);
 * the first read, and `refresh()` without a change, are of anything.
 *
 * It follows the feed while connected (`connect()`, counted: the last disconnect stops it); a
 * read that fails keeps the last value and says why in `error`.
 */
export class LiveRead<T> {
	#value = $state.raw<T | undefined>(undefined);
	#loaded = $state(false);
	#error = $state<string | null>(null);
	readonly #feed: ChangeFeed;
	readonly #read: (take: TakeChanges) => Promise<T>;
	#users = 0;
	#unfollow: (() => void) | null = null;
	#reading: Promise<void> | null = null;
	#again = false;
	/** The changes told since the running read took them (its own, or the next read's); null events: anything. */
	#pending: JudgeEvent[] | null = [];

	constructor(feed: ChangeFeed, read: (take: TakeChanges) => Promise<T>) {
		this.#feed = feed;
		this.#read = read;
	}

	/** The last value read (undefined before the first read ends). */
	get current(): T | undefined {
		return this.#value;
	}

	/** The first read has ended (with a value or an error). */
	get loaded(): boolean {
		return this.#loaded;
	}

	/** Why the last read failed (null when it did not). */
	get error(): string | null {
		return this.#error;
	}

	/** Follows the feed and reads now; returns the disconnect (safe to call twice). */
	connect(): () => void {
		if (this.#users++ === 0) {
			this.#unfollow = this.#feed.onChange((change) => void this.refresh(change));
			void this.refresh();
		}
		let connected = true;
		return () => {
			if (!connected) return;
			connected = false;
			if (--this.#users === 0) {
				this.#unfollow?.();
				this.#unfollow = null;
			}
		};
	}

	/**
	 * Resolves when no read is under way: after a write that told the feed (an event appended),
	 * `current` then holds what was written (while connected; unconnected, nothing reads).
	 */
	async settled(): Promise<void> {
		while (this.#reading) await this.#reading;
	}

	/** Reads now (or once more after the read under way); resolves when `current` is that read's. Never rejects. */
	refresh(change: DeviceChange = ANYTHING): Promise<void> {
		this.#note(change);
		if (this.#reading) {
			this.#again = true;
			return this.#reading;
		}
		this.#reading = (async () => {
			do {
				this.#again = false;
				// What was told before this read began is this read's, whether or not it takes it.
				let changes: JudgeEvent[] | null = this.#pending;
				this.#pending = [];
				const take: TakeChanges = () => {
					const taken = changes === null || this.#pending === null ? ANYTHING : { events: changes.length ? [...changes, ...this.#pending] : this.#pending };
					changes = [];
					this.#pending = [];
					this.#again = false;
					return taken;
				};
				try {
					this.#value = await this.#read(take);
					this.#error = null;
				} catch (e) {
					this.#error = e instanceof Error ? e.message : String(e);
				}
				this.#loaded = true;
			} while (this.#again);
		})().finally(() => (this.#reading = null));
		return this.#reading;
	}

	#note(change: DeviceChange): void {
		if (change.events === null) this.#pending = null;
		else if (this.#pending !== null) for (const e of change.events) this.#pending.push(e);
	}
}
