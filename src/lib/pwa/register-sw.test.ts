import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { registerServiceWorker, type ServiceWorkerEnvironment } from './register-sw';

/**
 * The hand-written registration plays workbox-window's part for vite-plugin-pwa's 'prompt'
 * mode. Here the browser's worker objects are fakes (event targets with a state), so each case
 * of the update flow can be played: a first install, an update of this page's worker, a worker
 * waiting before the page registered, an update installed elsewhere, a refusal.
 */
class FakeWorker extends EventTarget {
	state: ServiceWorkerState = 'installing';
	readonly messages: unknown[] = [];
	constructor(readonly scriptURL = 'https://judge.test/sw.js') {
		super();
	}
	postMessage(message: unknown) {
		this.messages.push(message);
	}
	become(state: ServiceWorkerState) {
		this.state = state;
		this.dispatchEvent(new Event('statechange'));
	}
}

class FakeRegistration extends EventTarget {
	installing: FakeWorker | null = null;
	waiting: FakeWorker | null = null;
	/** A new worker is found and starts installing. */
	found(worker = new FakeWorker()) {
		this.installing = worker;
		this.dispatchEvent(new Event('updatefound'));
		return worker;
	}
	/** The installing worker installed: it waits when a worker controls the page, else it activates. */
	installed(worker: FakeWorker, waits: boolean) {
		this.installing = null;
		if (waits) this.waiting = worker;
		worker.become('installed');
		if (!waits) worker.become('activating');
	}
}

function setup(options: { controller?: boolean; waiting?: FakeWorker; refuse?: Error; noRegistration?: boolean } = {}) {
	vi.useFakeTimers();
	const registration = new FakeRegistration();
	if (options.waiting) registration.waiting = options.waiting;
	const container = Object.assign(new EventTarget(), {
		controller: options.controller ? new FakeWorker() : null,
		register: vi.fn(async () => {
			if (options.refuse) throw options.refuse;
			return options.noRegistration ? undefined : registration;
		})
	});
	let now = 1000;
	const env: ServiceWorkerEnvironment = {
		container: container as unknown as ServiceWorkerEnvironment['container'],
		loaded: () => Promise.resolve(),
		now: () => now,
		reload: vi.fn(),
		base: () => 'https://judge.test/station'
	};
	const calls: string[] = [];
	const callbacks: RegisterSWOptions = {
		immediate: true,
		onNeedRefresh: () => calls.push('need refresh'),
		onOfflineReady: () => calls.push('offline ready'),
		onNeedReload: () => calls.push('need reload'),
		onRegisteredSW: (url, r) => calls.push(`registered ${url} ${r === (registration as unknown) ? 'with the registration' : 'without it'}`),
		onRegisterError: (e) => calls.push(`error ${(e as Error).message}`)
	};
	const updateSW = registerServiceWorker(callbacks, env);
	return { registration, container, env, calls, updateSW, later: (ms: number) => (now += ms) };
}

afterEach(() => {
	vi.useRealTimers();
});

describe('registerServiceWorker (workbox-window\'s part, prompt mode)', () => {
	it('registers /sw.js in scope / at once; the first worker makes the app ready offline, no update offered', async () => {
		const { registration, container, calls } = setup();
		await vi.runAllTimersAsync();
		expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', type: 'classic' });
		expect(calls).toEqual(['registered /sw.js with the registration']);
		registration.installed(registration.found(), false);
		await vi.advanceTimersByTimeAsync(500);
		expect(calls.slice(1)).toEqual(['offline ready']);
	});

	it('a new version of this page\'s worker waits: offered after 200 ms; "Reload" posts SKIP_WAITING; its control asks for the reload', async () => {
		const { registration, container, calls, updateSW } = setup({ controller: true });
		await vi.runAllTimersAsync();
		const next = registration.found();
		registration.installed(next, true);
		await vi.advanceTimersByTimeAsync(199);
		expect(calls.slice(1)).toEqual([]);
		await vi.advanceTimersByTimeAsync(1);
		expect(calls.slice(1)).toEqual(['need refresh']);
		expect(next.messages).toEqual([]);
		await updateSW(true);
		expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
		container.dispatchEvent(new Event('controllerchange'));
		expect(calls.slice(1)).toEqual(['need refresh', 'need reload']);
	});

	it('a worker that activates within 200 ms is not offered', async () => {
		const { registration, calls } = setup({ controller: true });
		await vi.runAllTimersAsync();
		const next = registration.found();
		registration.installed(next, true);
		registration.waiting = null;
		next.become('activating');
		await vi.advanceTimersByTimeAsync(1000);
		expect(calls.slice(1)).toEqual([]);
	});

	it('a version already waiting when the page registers is offered at once, before the registration is reported', async () => {
		const { calls } = setup({ controller: true, waiting: new FakeWorker() });
		await vi.runAllTimersAsync();
		expect(calls).toEqual(['need refresh', 'registered /sw.js with the registration']);
	});

	it('a waiting worker of another script is not offered', async () => {
		const { calls } = setup({ controller: true, waiting: new FakeWorker('https://judge.test/other-sw.js') });
		await vi.runAllTimersAsync();
		expect(calls).toEqual(['registered /sw.js with the registration']);
	});

	it('an update found after a minute (the hourly check, another tab) is offered as soon as it installed', async () => {
		const { registration, calls, later } = setup({ controller: true });
		await vi.runAllTimersAsync();
		later(60_001);
		registration.installed(registration.found(), true);
		expect(calls.slice(1)).toEqual(['need refresh']);
	});

	it('a first worker installed elsewhere is offered, and then the app is not said ready offline', async () => {
		const { registration, calls } = setup();
		await vi.runAllTimersAsync();
		registration.found(new FakeWorker('https://judge.test/sw.js?v=2')).become('installed');
		expect(calls.slice(1)).toEqual(['need refresh']);
	});

	it('a page that had no worker is not reloaded when one takes control, even after an offer', async () => {
		const { registration, container, calls } = setup();
		await vi.runAllTimersAsync();
		registration.installed(registration.found(), false);
		container.dispatchEvent(new Event('controllerchange'));
		registration.found(new FakeWorker('https://judge.test/sw.js?v=2')).become('installed');
		container.dispatchEvent(new Event('controllerchange'));
		expect(calls.slice(1)).toEqual(['offline ready', 'need refresh']);
	});

	it('a refused registration is reported; "Reload" then does nothing', async () => {
		const { calls, updateSW } = setup({ refuse: new Error('insecure') });
		await vi.runAllTimersAsync();
		expect(calls).toEqual(['error insecure']);
		await expect(updateSW(true)).resolves.toBeUndefined();
	});

	it('a browser that answers the registration with nothing (a blocked worker) gets it reported, not thrown', async () => {
		const { calls, updateSW } = setup({ noRegistration: true });
		await vi.runAllTimersAsync();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatch(/^error /);
		await expect(updateSW(true)).resolves.toBeUndefined();
	});

	it('does nothing where there are no service workers', async () => {
		vi.useFakeTimers();
		const calls: string[] = [];
		const updateSW = registerServiceWorker(
			{ immediate: true, onRegisteredSW: () => calls.push('registered'), onRegisterError: () => calls.push('error') },
			{ container: null, loaded: () => Promise.resolve(), now: () => 0, reload: () => calls.push('reload'), base: () => 'https://judge.test/' }
		);
		await updateSW(true);
		expect(calls).toEqual([]);
	});
});
