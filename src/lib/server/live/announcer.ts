import type { Announcement } from '$lib/contract';

type Listener<T> = (announcement: T) => void;

/**
 * Who listens for new judge events, per event (issue 32 #1): each open announcement stream
 * subscribes; a push that stored events announces them once its commit is durable. In memory:
 * one server process holds every stream (a device that reconnects after a restart pulls its
 * cursor anyway).
 */
export class Announcer<T = Announcement> {
	readonly #listeners = new Map<string, Set<Listener<T>>>();

	/** Calls `listener` with each announcement of `eventId`; returns the unsubscribe. */
	subscribe(eventId: string, listener: Listener<T>): () => void {
		const listeners = this.#listeners.get(eventId) ?? new Set<Listener<T>>();
		this.#listeners.set(eventId, listeners);
		listeners.add(listener);
		return () => {
			listeners.delete(listener);
			if (listeners.size === 0 && this.#listeners.get(eventId) === listeners) this.#listeners.delete(eventId);
		};
	}

	/** Tells every listener of `eventId`; one that throws (a closed stream) does not stop the others. */
	announce(eventId: string, announcement: T): void {
		for (const listener of [...(this.#listeners.get(eventId) ?? [])]) {
			try {
				listener(announcement);
			} catch {
				// Its stream is gone: it unsubscribes when its request ends.
			}
		}
	}

	/** The events someone listens to. */
	events(): string[] {
		return [...this.#listeners.keys()];
	}

	/** How many streams listen to `eventId` (all events: no argument). */
	listening(eventId?: string): number {
		if (eventId !== undefined) return this.#listeners.get(eventId)?.size ?? 0;
		let n = 0;
		for (const listeners of this.#listeners.values()) n += listeners.size;
		return n;
	}
}

let announcer: Announcer | undefined;

/** The server's one announcer. */
export function getAnnouncer(): Announcer {
	return (announcer ??= new Announcer());
}
