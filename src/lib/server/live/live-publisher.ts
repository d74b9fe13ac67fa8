import { isHttpError } from '@sveltejs/kit';
import type { LiveAnnouncement, LiveCompetition } from '$lib/contract';
import { Announcer } from './announcer';
import type { LiveCache } from './live-cache';
import { liveChange } from './live-change';

/** Whether a competition is shown live, and which of an event are. */
export interface LiveSwitches {
	liveCompetitions(eventId: string): string[];
}

/**
 * Tells the public live pages when a competition's live resource changed (issue 32 #3): each
 * change the server hears of (judge events stored, a publication, the switch) is worked out at
 * once, once for all the event's viewers (a 170-seat round takes ≈ 13 ms), and announced when
 * the resource's ETag moved. A small change (a finish: its row and the rows it moved) rides on
 * the announcement itself, so the pages need no read; a larger one names the new version, which
 * every page then reads, so those go out at most every 500 ms (a finishing rush would otherwise
 * make every viewer read several times a second). While heats run, or every few seconds for
 * set-up edits, it looks again by itself. Nothing is worked out for an event without viewers:
 * its next reader does that.
 */
export class LivePublisher {
	readonly viewers = new Announcer<LiveAnnouncement>();
	/** What the viewers were last told of each competition (key: event and competition). */
	readonly #announced = new Map<string, { etag: string; value: LiveCompetition }>();
	/** When each competition's viewers were last told to read a new version. */
	readonly #lastRead = new Map<string, number>();
	readonly #pending = new Map<string, Set<string>>();
	#flush: ReturnType<typeof setTimeout> | undefined;
	#flushAt = Infinity;
	#ticker: ReturnType<typeof setInterval> | undefined;
	#lastSweep = 0;

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
		this.#schedule(0);
	}

	/** Flushes in `delayMs`, unless a flush is due sooner. */
	#schedule(delayMs: number): void {
		const at = this.#now() + delayMs;
		if (this.#flush !== undefined && this.#flushAt <= at) return;
		clearTimeout(this.#flush);
		this.#flushAt = at;
		this.#flush = setTimeout(() => this.flush(), delayMs);
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
		clearTimeout(this.#flush);
		this.#flush = undefined;
		this.#flushAt = Infinity;
		const pending = [...this.#pending];
		this.#pending.clear();
		for (const [eventId, competitions] of pending)
			for (const c of competitions) {
				const wait = this.#check(eventId, c);
				if (wait === 0) continue;
				// A new version to read, too soon after the last: it waits its turn.
				this.#pending.set(eventId, (this.#pending.get(eventId) ?? new Set()).add(c));
				this.#schedule(wait);
			}
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

	/** Announces what moved; returns 0, or how long a new version to read must still wait. */
	#check(eventId: string, competitionId: string): number {
		const key = `${eventId}\n${competitionId}`;
		const now = this.#now();
		let body;
		try {
			body = this.cache.read(eventId, competitionId, now);
		} catch (e) {
			if (!isHttpError(e)) throw e;
			// No longer shown live (or gone): an empty ETag says so, once.
			this.cache.drop(eventId, competitionId);
			if (!this.#announced.has(key)) return 0;
			this.#announced.delete(key);
			this.viewers.announce(eventId, { competitionId, etag: '' });
			return 0;
		}
		const told = this.#announced.get(key);
		if (told?.etag === body.etag) return 0;
		const change = told ? liveChange(told.value, body.value, body.json) : null;
		if (change) {
			this.#announced.set(key, { etag: body.etag, value: body.value });
			this.viewers.announce(eventId, { competitionId, etag: body.etag, base: told!.etag, ...change });
			return 0;
		}
		const wait = (this.#lastRead.get(key) ?? -Infinity) + (this.options.spacingMs ?? 500) - now;
		if (wait > 0) return wait;
		this.#lastRead.set(key, now);
		this.#announced.set(key, { etag: body.etag, value: body.value });
		this.viewers.announce(eventId, { competitionId, etag: body.etag });
		return 0;
	}

	#now(): number {
		return (this.options.now ?? Date.now)();
	}
}
