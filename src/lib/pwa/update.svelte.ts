// The app update flow: the service worker (vite.config.ts, registerType 'prompt') installs a new
// version in the background and then WAITS. The judge applies it with "Reload", which is refused
// while something holds the app busy (a running heat), so the app never changes under a heat.
//
// The station marks a running heat with
//
//     $effect(() => appUpdate.holdWhile(() => heatIsRunning));   // returns the release function
//
// where `heatIsRunning` is reactive ($state / $derived), or calls `appUpdate.holdWhile(fn)` once and
// keeps the returned function to release the hold.
import { untrack } from 'svelte';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

/** `registerSW` of `virtual:pwa-register`, as register-sw.ts writes it by hand (injected, so that tests can fake it). */
export type RegisterSW = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

/** What the banner shows. */
export type UpdateStatus =
	/** Nothing to say. */
	| 'idle'
	/** A new version waits: offer "Reload". */
	| 'ready'
	/** A new version waits but the app is busy (a heat runs): say it comes after the heat. */
	| 'deferred';

export interface AppUpdateOptions {
	/** Reloads the page (default `location.reload()`). */
	reload?: () => void;
	/** How often to ask the server for a new version while the app stays open; 0 = never.
	 * Browsers check on navigations only, and the station is one long-lived page. */
	checkEveryMs?: number;
	/** Whether the device is online (default `navigator.onLine`). */
	isOnline?: () => boolean;
}

interface Hold {
	readonly condition: () => boolean;
}

const HOUR = 60 * 60 * 1000;

export class AppUpdate {
	/** A new version is installed and waits for `apply()`. */
	available = $state(false);
	/** The app is stored on the device: it opens without network. The banner does not show it
	 * (a toast could cover the station's controls): the station may show it in its own header. */
	offlineReady = $state(false);
	/** The last registration error (no service worker then: no offline use). */
	error = $state<string | null>(null);

	/** The new version already controls this page (applied in another tab): only a reload is left. */
	#reloadPending = $state(false);
	#holds = $state.raw<readonly Hold[]>([]);

	#updateSW: ((reloadPage?: boolean) => Promise<void>) | null = null;
	#requested = false;
	#timer: ReturnType<typeof setInterval> | null = null;
	readonly #reload: () => void;
	readonly #checkEveryMs: number;
	readonly #isOnline: () => boolean;

	constructor(options: AppUpdateOptions = {}) {
		this.#reload = options.reload ?? (() => location.reload());
		this.#checkEveryMs = options.checkEveryMs ?? HOUR;
		this.#isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
	}

	/** True while any hold's condition is true (reactive when the conditions read state). A
	 * condition that throws counts as busy. */
	get busy(): boolean {
		return this.#holds.some((hold) => {
			try {
				return hold.condition();
			} catch {
				return true;
			}
		});
	}

	/** What the banner should show. */
	get status(): UpdateStatus {
		if (this.available || this.#reloadPending) return this.busy ? 'deferred' : 'ready';
		return 'idle';
	}

	/** Keep updates from being applied while `condition()` is true. Returns the function that
	 * removes this hold (so it can be returned from an `$effect`). */
	holdWhile(condition: () => boolean): () => void {
		const hold: Hold = { condition };
		// Untracked: called inside an $effect, reading the list would make it re-run forever.
		untrack(() => {
			this.#holds = [...this.#holds, hold];
		});
		return () => {
			untrack(() => {
				this.#holds = this.#holds.filter((h) => h !== hold);
			});
		};
	}

	/** Apply the waiting version: the new worker takes over and the page reloads. Returns false
	 * (and does nothing) while busy or when no new version waits. */
	apply(): boolean {
		if (this.busy) return false;
		if (this.#reloadPending) {
			this.#reload();
			return true;
		}
		if (!this.available || !this.#updateSW) return false;
		this.#requested = true;
		// Posts SKIP_WAITING to the waiting worker; once it controls the page, registerSW calls
		// onNeedReload (below), which reloads.
		this.#updateSW(true).catch((e: unknown) => {
			this.#requested = false;
			this.error = describe(e);
		});
		return true;
	}

	/** Register the service worker (once; later calls do nothing). */
	connect(registerSW: RegisterSW): void {
		if (this.#updateSW) return;
		this.#updateSW = registerSW({
			immediate: true,
			onNeedRefresh: () => {
				this.available = true;
			},
			onOfflineReady: () => {
				this.offlineReady = true;
			},
			onNeedReload: () => this.#controlledByNewVersion(),
			onRegisteredSW: (_url, registration) => {
				if (registration?.active) this.offlineReady = true;
				if (registration) this.#checkPeriodically(registration);
			},
			onRegisterError: (e: unknown) => {
				this.error = describe(e);
			}
		});
	}

	/** Stop the periodic update checks. */
	disconnect(): void {
		if (this.#timer !== null) clearInterval(this.#timer);
		this.#timer = null;
	}

	/** A new worker took control of this page. If this page asked for it, reload now. If another
	 * tab applied it, reload unless busy; while busy, the page keeps running (everything it
	 * needs is loaded) and the banner offers the reload after the heat. */
	#controlledByNewVersion(): void {
		if (this.#requested || !this.busy) {
			this.#reload();
			return;
		}
		this.available = false;
		this.#reloadPending = true;
	}

	#checkPeriodically(registration: Pick<ServiceWorkerRegistration, 'update'>): void {
		if (this.#checkEveryMs <= 0 || this.#timer !== null) return;
		this.#timer = setInterval(() => {
			if (!this.#isOnline()) return;
			registration.update().catch(() => {
				// Offline or the server is down: try again at the next interval.
			});
		}, this.#checkEveryMs);
	}
}

function describe(e: unknown): string {
	return e instanceof Error ? e.message : String(e);
}

/** The app's single instance: the root layout connects it, the station holds it during heats. */
export const appUpdate = new AppUpdate();
