/** Where a phone keeps the names it follows: per event, the entries' IDs (JSON). */
export const followKey = (eventId: string): string => `puzzle-judge.live.follow.${eventId}`;

/** At most this many pins are kept (a page of followed names, not the whole start list). */
export const MAX_PINS = 200;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The names a viewer follows on one event's live page, pinned on top, remembered on that phone
 * (localStorage) across reloads. Read when the page is up (`load`), not while the server renders
 * it, so that the first paint is the same on both sides. A storage that refuses (private mode,
 * full) leaves the pins for this visit only.
 */
export class Follow {
	pinned = $state.raw<string[]>([]);
	readonly #key: string;
	readonly #store: () => Store | null;

	constructor(eventId: string, store: () => Store | null) {
		this.#key = followKey(eventId);
		this.#store = store;
	}

	/** Reads the pins this phone keeps for the event. */
	load(): void {
		try {
			const kept: unknown = JSON.parse(this.#store()?.getItem(this.#key) ?? '[]');
			this.pinned = Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string').slice(0, MAX_PINS) : [];
		} catch {
			this.pinned = [];
		}
	}

	has(entryId: string): boolean {
		return this.pinned.includes(entryId);
	}

	toggle(entryId: string): void {
		this.pinned = this.has(entryId) ? this.pinned.filter((id) => id !== entryId) : [...this.pinned, entryId].slice(-MAX_PINS);
		try {
			this.#store()?.setItem(this.#key, JSON.stringify(this.pinned));
		} catch {
			// Not remembered beyond this visit; the pin still holds on the page.
		}
	}
}
