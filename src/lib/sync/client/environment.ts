/**
 * Everything the sync client takes from its surroundings, injected so that many clients can
 * run in one Node process (tests, the chaos test) with fake networks, clocks and randomness.
 * Nothing here is a DOM global.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type TimerHandle = unknown;

export interface Timers {
	setTimeout(callback: () => void, ms: number): TimerHandle;
	clearTimeout(handle: TimerHandle): void;
}

export interface SyncEnvironment extends Timers {
	fetch: FetchLike;
	/** Wall clock, ms since the epoch (what events record). */
	now(): number;
	/** A monotonic clock in ms, for round trips (performance.now in the browser). */
	mono(): number;
	/** A number in [0, 1) (Math.random), for the backoff's jitter. */
	random(): number;
}

/** The real surroundings: global fetch, Date.now, performance.now, setTimeout, Math.random. */
export function realEnvironment(overrides: Partial<SyncEnvironment> = {}): SyncEnvironment {
	return {
		fetch: (input, init) => globalThis.fetch(input, init),
		now: () => Date.now(),
		mono: () => (typeof performance !== 'undefined' ? performance.now() : Date.now()),
		random: () => Math.random(),
		setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
		clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
		...overrides
	};
}
