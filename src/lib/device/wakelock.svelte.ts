// Keeps the screen on while `active` is true (a heat runs), with the Screen Wake Lock API.
// The browser releases the lock whenever the page is hidden (tab switch, screen off): it is
// requested again when the page becomes visible. WebKit (iPad) refuses a request not made in a
// tap: while the lock is wanted and not held, `tap()` (called from the screen's tap listener)
// asks again. Where the API is missing (iOS home-screen apps before 18.4, insecure contexts)
// `supported` is false and the station shows a hint instead.
//
//     const wake = new ScreenWakeLock();
//     $effect(() => { wake.active = heatIsRunning; });
//     <section onclickcapture={() => wake.tap()} data-wake-lock={wake.state}>
import { untrack } from 'svelte';
import { asksOnTap, wakeLockState, type WakeLockState } from './wake-lock-state';

/** The part of a WakeLockSentinel used here. */
export interface WakeLockSentinelLike {
	release(): Promise<void>;
	addEventListener(type: 'release', listener: () => void): void;
}

/** The part of `navigator.wakeLock` used here. */
export interface WakeLockLike {
	request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/** The part of `document` used here. */
export interface VisibilityDocument {
	readonly visibilityState: DocumentVisibilityState;
	addEventListener(type: 'visibilitychange', listener: () => void): void;
	removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface WakeLockEnv {
	/** `navigator.wakeLock`, undefined where unsupported. */
	wakeLock?: WakeLockLike;
	/** `document`, undefined on the server. */
	document?: VisibilityDocument;
}

function browserEnv(): WakeLockEnv {
	return {
		wakeLock: typeof navigator !== 'undefined' && 'wakeLock' in navigator ? navigator.wakeLock : undefined,
		document: typeof document !== 'undefined' ? document : undefined
	};
}

export class ScreenWakeLock {
	/** The Screen Wake Lock API exists here. */
	readonly supported: boolean;
	/** The last refusal (e.g. battery saver), cleared when a lock is held again. */
	error = $state<string | null>(null);
	/** The last refusal answered a request made in a tap (so tapping again will not help). */
	refusedInTap = $state(false);

	#active = $state(false);
	#held = $state(false);
	#sentinel: WakeLockSentinelLike | null = null;
	#pending: Promise<void> | null = null;
	#asking = $state(false);
	#listening = false;
	readonly #wakeLock: WakeLockLike | undefined;
	readonly #document: VisibilityDocument | undefined;
	readonly #onVisibility = () => {
		if (this.#document?.visibilityState === 'visible') void this.#acquire();
	};

	constructor(env: WakeLockEnv = browserEnv()) {
		this.#wakeLock = env.wakeLock;
		this.#document = env.document;
		this.supported = env.wakeLock !== undefined;
	}

	/** Whether the screen should be kept on. */
	get active(): boolean {
		return this.#active;
	}

	set active(value: boolean) {
		// Untracked: set from an $effect, which must not come to depend on the lock's own state.
		untrack(() => {
			if (value === this.#active) return;
			this.#active = value;
			if (value) {
				this.#listen(true);
				void this.#acquire();
			} else {
				this.#listen(false);
				this.#release();
			}
		});
	}

	/** A wake lock is held now (false while the page is hidden, or when refused or unsupported). */
	get held(): boolean {
		return this.#held;
	}

	/** In one word, for the screen (`data-wake-lock`): off, held, tap-needed or unsupported. */
	get state(): WakeLockState {
		return wakeLockState({ wanted: this.#active, supported: this.supported, held: this.#held });
	}

	/** A request is in flight (the screen does not say "tap" while the browser answers). */
	get asking(): boolean {
		return this.#asking;
	}

	/**
	 * The judge tapped the screen: where the lock is wanted and not held (refused without a tap,
	 * as WebKit does), ask again now, inside the tap. Call it synchronously from the tap's listener.
	 */
	tap(): Promise<void> {
		if (!asksOnTap({ wanted: this.#active, supported: this.supported, held: this.#held, pending: this.#pending !== null })) return this.settled();
		return this.#acquire(true);
	}

	/** Resolves when the request in flight (if any) has been answered. */
	settled(): Promise<void> {
		return this.#pending ?? Promise.resolve();
	}

	/** Release the lock and stop listening (same as `active = false`). */
	destroy(): void {
		this.active = false;
	}

	#listen(on: boolean): void {
		if (!this.#document || !this.supported || on === this.#listening) return;
		this.#listening = on;
		if (on) this.#document.addEventListener('visibilitychange', this.#onVisibility);
		else this.#document.removeEventListener('visibilitychange', this.#onVisibility);
	}

	#acquire(inTap = false): Promise<void> {
		const wakeLock = this.#wakeLock;
		if (!wakeLock || !this.#active || this.#sentinel || this.#pending) return this.settled();
		// Requests fail while hidden; the next visibilitychange asks again.
		if (this.#document && this.#document.visibilityState !== 'visible') return this.settled();
		this.#asking = true;
		this.#pending = (async () => {
			try {
				const sentinel = await wakeLock.request('screen');
				if (!this.#active) {
					// Deactivated while the request was in flight.
					await sentinel.release().catch(() => {});
					return;
				}
				this.#sentinel = sentinel;
				this.#held = true;
				this.error = null;
				sentinel.addEventListener('release', () => {
					// Released by the browser (page hidden) or by the system (battery saver).
					if (this.#sentinel !== sentinel) return;
					this.#sentinel = null;
					this.#held = false;
				});
			} catch (e) {
				this.#held = false;
				this.error = e instanceof Error ? e.message : String(e);
				this.refusedInTap = inTap;
			} finally {
				this.#pending = null;
				this.#asking = false;
			}
		})();
		return this.#pending;
	}

	#release(): void {
		const sentinel = this.#sentinel;
		this.#sentinel = null;
		this.#held = false;
		sentinel?.release().catch(() => {});
	}
}
