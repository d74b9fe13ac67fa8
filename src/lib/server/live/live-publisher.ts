import { isHttpError } from '@sveltejs/kit';
import type { LiveAnnouncement } from '$lib/contract';
import { Announcer } from './announcer';
import type { LiveCache } from './live-cache';

/** Whether a competition is shown live, and which of an event are. */
export interface LiveSwitches {
	liveCompetitions(eventId: string): string[];
}

/**
 * Tells the public live pages when a competition's live resource changed (issue 32 #3): each
 * change the server hears of (judge events stored, a publication, the switch) is worked out
 * once for all the event's viewers and announced only when the resource's ETag moved: the
 * first change after a quiet spell at once, those that follow at most every 500 ms, so that a
 * finishing rush (20 tablets tapping several times a second) makes two messages a second, not
 * ten, each read by every viewer (a 170-seat round takes ≈ 13 ms to work out). While heats run, or every few
 * seconds for set-up edits, it looks again by itself. Nothing is worked out for an event
 * without viewers: its next reader does that.
 */
export class LivePublisher {
	readonly viewers = new Announcer<LiveAnnouncement>();
	readonly #announced = new Map<string, string>();
	readonly #pending = new Map<string, Set<string>>();
	#flush: ReturnType<typeof setTimeout> | undefined;
	#ticker: ReturnType<typeof setInterval> | undefined;
	#lastSweep = 0;
	#lastFlush = -Infinity;

	constructor(
		private readonly cache: LiveCache,
		private readonly switches: LiveSwitches,
		private readonly options: { now?: () => number; spacingMs?: number; tickMs?: number; sweepMs?: number } = {}
	) {}

	/** A viewer listens to the event's live announcements; returns the unsubscribe. */
	subscribe(eventId: string, listener: (a: LiveAnnouncement) => void): () => void {
		const unsubscribe = this.viewers.subscribe(eventId, listener);
		this.#ticker ??= setInterval(() => this.tick(), this.options.tickMs ?? 1_000);
		this.#ticker.unref?.();
		return () => {
			unsubscribe();
			if (this.viewers.listening() === 0 && this.#ticker) {
				clearInterval(this.#ticker);
				this.#ticker = undefined;
			}
		};
	}

	/** These competitions of the event changed: worked out again on the next read, and told to its viewers. */
	changed(eventId: string, competitionIds: readonly string[]): void {
		for (const c of competitionIds) this.cache.forget(eventId, c);
		if (this.viewers.listening(eventId) === 0) return;
		const pending = this.#pending.get(eventId) ?? new Set<string>();
		for (const c of competitionIds) pending.add(c);
		this.#pending.set(eventId, pending);
		// The first change after a quiet spell goes out at once; those that follow wait for the spacing.
		this.#flush ??= setTimeout(() => this.flush(), Math.max(0, this.#lastFlush + (this.options.spacingMs ?? 500) - this.#now()));
	}

	/**
	 * The organizer switched the competition off: its viewers hear it at once, also those told
	 * nothing of it yet (they opened the page after its last change).
	 */
	switchedOff(eventId: string, competitionId: string): void {
		this.cache.drop(eventId, competitionId);
		this.#announced.delete(`${eventId}\n${competitionId}`);
		this.viewers.announce(eventId, { competitionId, etag: '' });
	}

	/** Works out what changed and announces what moved (the timer's; tests call it). */
	flush(): void {
		this.#flush = undefined;
		this.#lastFlush = this.#now();
		const pending = [...this.#pending];
		this.#pending.clear();
		for (const [eventId, competitions] of pending) for (const c of competitions) this.#check(eventId, c);
	}

	/** Looks again at the running competitions of the events with viewers, and now and then at all of them. */
	tick(): void {
		const now = this.#now();
		const sweep = now - this.#lastSweep >= (this.options.sweepMs ?? 5_000);
		if (sweep) this.#lastSweep = now;
		for (const eventId of this.viewers.events()) {
			for (const c of this.switches.liveCompetitions(eventId)) if (sweep || this.cache.peek(eventId, c)?.running !== false) this.#check(eventId, c);
			// A competition switched off since: its viewers hear that it is gone.
			for (const key of this.#announced.keys()) {
				const [e, c] = key.split('\n') as [string, string];
				if (e === eventId && sweep) this.#check(e, c);
			}
		}
	}

	#check(eventId: string, competitionId: string): void {
		const key = `${eventId}\n${competitionId}`;
		let etag: string;
		try {
			etag = this.cache.read(eventId, competitionId, this.#now()).etag;
		} catch (e) {
			if (!isHttpError(e)) throw e;
			// No longer shown live (or gone): an empty ETag says so, once.
			this.cache.drop(eventId, competitionId);
			if (!this.#announced.has(key)) return;
			this.#announced.delete(key);
			this.viewers.announce(eventId, { competitionId, etag: '' });
			return;
		}
		if (this.#announced.get(key) === etag) return;
		this.#announced.set(key, etag);
		this.viewers.announce(eventId, { competitionId, etag });
	}

	#now(): number {
		return (this.options.now ?? Date.now)();
	}
}
