/**
 * The service worker's registration, written by hand (issue 34): `registerSW` of
 * `virtual:pwa-register` for `registerType: 'prompt'`, without workbox-window (≈ 2.8 KiB gzipped
 * on every first load). Same contract as what `AppUpdate.connect` (update.svelte.ts) is given:
 * the callbacks are called when workbox-window 7's events made vite-plugin-pwa 1.x's register.js
 * call them, so the update flow does not change:
 *
 * - `onOfflineReady`: the first worker of this page installed (no worker controlled the page
 *   when it registered) and no update was offered yet;
 * - `onNeedRefresh`: a new version waits (it was waiting already when the page registered, it
 *   is still waiting 200 ms after it installed, or another page or the hourly check installed
 *   it); then, when a new worker takes control of a page that had one, `onNeedReload`;
 * - the returned function asks the waiting worker to take over (the generated worker's
 *   `SKIP_WAITING` message); the worker waits for it, it never skips waiting by itself;
 * - `onRegisteredSW(url, registration)` once registered, `onRegisterError` on a refusal.
 */
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

/** The worker vite-plugin-pwa generates (vite.config.ts: SvelteKitPWA, generateSW, scope '/'). */
const SW_URL = '/sw.js';
const SCOPE = '/';
/** workbox-window: an installed worker still waiting after this long waits for the page's "Reload". */
const WAITING_AFTER_MS = 200;
/** workbox-window: an update found this long after registering was started elsewhere (the periodic check). */
const OWN_UPDATE_WITHIN_MS = 60_000;


/** What the registration needs from the browser (injected, so that tests can play the worker's part). */
export interface ServiceWorkerEnvironment {
	/** `navigator.serviceWorker`; null where the browser has none (no offline use then). */
	container: Pick<ServiceWorkerContainer, 'controller' | 'register' | 'addEventListener'> | null;
	/** Resolves once the page has loaded (workbox-window waits for it unless `immediate`). */
	loaded: () => Promise<void>;
	now: () => number;
	reload: () => void;
	/** The page's address, against which the worker's URL is compared. */
	base: () => string;
}

const browser = (): ServiceWorkerEnvironment => ({
	container: 'serviceWorker' in navigator ? navigator.serviceWorker : null,
	loaded: () => (document.readyState === 'complete' ? Promise.resolve() : new Promise((done) => window.addEventListener('load', () => done(), { once: true }))),
	now: () => performance.now(),
	reload: () => window.location.reload(),
	base: () => location.href
});

/** `registerSW` of `virtual:pwa-register`, as the root layout gives it to `appUpdate.connect`. */
export function registerSW(options: RegisterSWOptions = {}): (reloadPage?: boolean) => Promise<void> {
	return registerServiceWorker(options, browser());
}

export function registerServiceWorker(options: RegisterSWOptions, env: ServiceWorkerEnvironment): (reloadPage?: boolean) => Promise<void> {
	const { immediate = false, onNeedReload, onNeedRefresh, onOfflineReady, onRegistered, onRegisteredSW, onRegisterError } = options;
	let registration: ServiceWorkerRegistration | undefined;
	const ours = (url: string) => new URL(url, env.base()).href === new URL(SW_URL, env.base()).href;

	async function register(): Promise<void> {
		const container = env.container;
		if (container === null) return;
		let reg: ServiceWorkerRegistration;
		try {
			reg = await watch(container);
		} catch (e) {
			// As workbox-window: any failure on the way (a refusal, a browser that blocks workers) is reported, not thrown.
			onRegisterError?.(e);
			return;
		}
		try {
			if (onRegisteredSW) onRegisteredSW(SW_URL, reg);
			else onRegistered?.(reg);
		} catch (e) {
			onRegisterError?.(e);
		}
	}

	/** Registers the worker and follows what installs, as workbox-window's events did. */
	async function watch(container: NonNullable<ServiceWorkerEnvironment['container']>): Promise<ServiceWorkerRegistration> {
		if (!immediate) await env.loaded();
		// A worker already controls this page: what installs now is an update.
		const isUpdate = Boolean(container.controller);
		let offered = false;
		let reloadOnControl = false;
		const offer = () => {
			offered = true;
			if (!reloadOnControl) {
				reloadOnControl = true;
				container.addEventListener('controllerchange', () => {
					if (isUpdate) (onNeedReload ?? env.reload)();
				});
			}
			onNeedRefresh?.();
		};

		const reg = await container.register(SW_URL, { scope: SCOPE, type: 'classic' });
		const registeredAt = env.now();
		registration = reg;

		let updatesFound = 0;
		let external: ServiceWorker | undefined;
		let waitingTimer: ReturnType<typeof setTimeout> | undefined;
		const onStateChange = (event: Event) => {
			const sw = event.target as ServiceWorker;
			const isExternal = sw === external;
			if (sw.state === 'installed') {
				// An update of this page's own worker is offered by the waiting check below.
				if (isExternal || !isUpdate) {
					if (isExternal) offer();
					else if (!offered) onOfflineReady?.();
				}
				waitingTimer = setTimeout(() => {
					if (reg.waiting === sw) offer();
				}, WAITING_AFTER_MS);
			} else if (sw.state === 'activating') {
				clearTimeout(waitingTimer);
			}
		};
		const onUpdateFound = () => {
			const sw = reg.installing;
			if (!sw) return;
			if (updatesFound > 0 || !ours(sw.scriptURL) || env.now() > registeredAt + OWN_UPDATE_WITHIN_MS) {
				external = sw;
				reg.removeEventListener('updatefound', onUpdateFound);
			}
			updatesFound++;
			sw.addEventListener('statechange', onStateChange);
		};
		reg.addEventListener('updatefound', onUpdateFound);
		if (reg.waiting && ours(reg.waiting.scriptURL)) offer();
		return reg;
	}

	const registered = register();
	return async () => {
		await registered;
		registration?.waiting?.postMessage({ type: 'SKIP_WAITING' });
	};
}

/** Resolves when the page is idle (after its first paint's work), or after `timeoutMs` at the latest. */
export function whenIdle(timeoutMs = 2000): Promise<void> {
	return new Promise((done) => {
		if (typeof requestIdleCallback === 'function') requestIdleCallback(() => done(), { timeout: timeoutMs });
		else setTimeout(done, 0);
	});
}
