/** Where a live read hears that what it reads may have changed (the device session). */
export interface ChangeFeed {
	/** Calls `listener` after every change; returns the unsubscribe. */
	onChange(listener: () => void): () => void;
}

/**
 * What a screen shows of the device's data (a set-up, the events, the standings), read again
 * whenever the feed says something changed: a local write, another tab's write, a sync, a new
 * pairing. No polling. Reads never overlap: a change during a read asks for one more read
 * after it, so the last read always starts after the last change.
 *
 * It follows the feed while connected (`connect()`, counted: the last disconnect stops it); a
 * read that fails keeps the last value and says why in `error`.
 */
export class LiveRead<T> {
	#value = $state.raw<T | undefined>(undefined);
	#loaded = $state(false);
	#error = $state<string | null>(null);
	readonly #feed: ChangeFeed;
	readonly #read: () => Promise<T>;
	#users = 0;
	#unfollow: (() => void) | null = null;
	#reading: Promise<void> | null = null;
	#again = false;

	constructor(feed: ChangeFeed, read: () => Promise<T>) {
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
			this.#unfollow = this.#feed.onChange(() => void this.refresh());
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
	refresh(): Promise<void> {
		if (this.#reading) {
			this.#again = true;
			return this.#reading;
		}
		this.#reading = (async () => {
			do {
				this.#again = false;
				try {
					this.#value = await this.#read();
					this.#error = null;
				} catch (e) {
					this.#error = e instanceof Error ? e.message : String(e);
				}
				this.#loaded = true;
			} while (this.#again);
		})().finally(() => (this.#reading = null));
		return this.#reading;
	}
}
