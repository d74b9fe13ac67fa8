import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { AppUpdate, type RegisterSW } from './update.svelte';

/** A fake `registerSW` of `virtual:pwa-register`: keeps the callbacks, so a test can play the
 * service worker's part, and counts the SKIP_WAITING requests. */
function fakeRegister() {
	let options: RegisterSWOptions | undefined;
	const updateSW = vi.fn(async (_reloadPage?: boolean) => {});
	const registerSW: RegisterSW = vi.fn((o: RegisterSWOptions) => {
		options = o;
		return updateSW;
	});
	const sw = () => {
		if (!options) throw new Error('registerSW was not called');
		return options;
	};
	return { registerSW, updateSW, sw };
}

function setup(options: { checkEveryMs?: number; online?: () => boolean } = {}) {
	const reload = vi.fn();
	const update = new AppUpdate({ reload, checkEveryMs: options.checkEveryMs ?? 0, isOnline: options.online });
	const fake = fakeRegister();
	update.connect(fake.registerSW);
	return { update, reload, ...fake };
}

afterEach(() => {
	vi.useRealTimers();
});

describe('AppUpdate', () => {
	it('registers the worker once, immediately', () => {
		const { update, registerSW } = setup();
		update.connect(registerSW);
		expect(registerSW).toHaveBeenCalledTimes(1);
		expect(vi.mocked(registerSW).mock.calls[0]?.[0].immediate).toBe(true);
		expect(update.status).toBe('idle');
		expect(update.available).toBe(false);
	});

	it('offers a waiting version and applies it on request: SKIP_WAITING, then reload once the new worker controls', () => {
		const { update, sw, updateSW, reload } = setup();
		expect(update.apply()).toBe(false);
		expect(updateSW).not.toHaveBeenCalled();

		sw().onNeedRefresh?.();
		expect(update.available).toBe(true);
		expect(update.status).toBe('ready');
		// Nothing happens by itself.
		expect(updateSW).not.toHaveBeenCalled();
		expect(reload).not.toHaveBeenCalled();

		expect(update.apply()).toBe(true);
		expect(updateSW).toHaveBeenCalledTimes(1);
		expect(reload).not.toHaveBeenCalled();
		sw().onNeedReload?.();
		expect(reload).toHaveBeenCalledTimes(1);
	});

	it('refuses to apply while a hold is on, and says the update comes after the heat', () => {
		const { update, sw, updateSW } = setup();
		let running = true;
		const release = update.holdWhile(() => running);
		sw().onNeedRefresh?.();
		expect(update.busy).toBe(true);
		expect(update.status).toBe('deferred');
		expect(update.apply()).toBe(false);
		expect(updateSW).not.toHaveBeenCalled();

		running = false;
		expect(update.busy).toBe(false);
		expect(update.status).toBe('ready');
		running = true;
		release();
		expect(update.busy).toBe(false);
		expect(update.apply()).toBe(true);
		expect(updateSW).toHaveBeenCalledTimes(1);
	});

	it('counts each hold separately, even for the same condition', () => {
		const { update } = setup();
		const always = () => true;
		const releaseA = update.holdWhile(always);
		const releaseB = update.holdWhile(always);
		releaseA();
		expect(update.busy).toBe(true);
		releaseA();
		expect(update.busy).toBe(true);
		releaseB();
		expect(update.busy).toBe(false);
	});

	it('counts a condition that throws as busy', () => {
		const { update } = setup();
		update.holdWhile(() => {
			throw new Error('no heat store yet');
		});
		expect(update.busy).toBe(true);
	});

	it('follows reactive conditions, and a hold set from an $effect neither loops nor leaks', () => {
		const { update, sw } = setup();
		sw().onNeedRefresh?.();
		let running = $state(false);
		let effectRuns = 0;
		const statuses: string[] = [];
		const cleanup = $effect.root(() => {
			$effect(() => {
				effectRuns++;
				return update.holdWhile(() => running);
			});
			$effect(() => {
				statuses.push(update.status);
			});
		});
		flushSync();
		running = true;
		flushSync();
		running = false;
		flushSync();
		expect(effectRuns).toBe(1);
		expect(statuses).toEqual(['ready', 'deferred', 'ready']);

		running = true;
		flushSync();
		expect(update.busy).toBe(true);
		cleanup();
		expect(update.busy).toBe(false);
	});

	it('when another tab applied the update during a heat, keeps running and offers the reload after it', () => {
		const { update, sw, reload, updateSW } = setup();
		let running = true;
		update.holdWhile(() => running);
		sw().onNeedRefresh?.();
		// The new worker takes control without this page asking.
		sw().onNeedReload?.();
		expect(reload).not.toHaveBeenCalled();
		expect(update.status).toBe('deferred');
		expect(update.apply()).toBe(false);

		running = false;
		expect(update.status).toBe('ready');
		expect(update.apply()).toBe(true);
		expect(reload).toHaveBeenCalledTimes(1);
		// Already active: no second SKIP_WAITING.
		expect(updateSW).not.toHaveBeenCalled();
	});

	it('when another tab applied the update and nothing runs here, reloads', () => {
		const { sw, reload } = setup();
		sw().onNeedReload?.();
		expect(reload).toHaveBeenCalledTimes(1);
	});

	it('is offline-ready after the first install, or at once when a worker was already active', () => {
		const first = setup();
		first.sw().onRegisteredSW?.('/sw.js', { active: null, update: async () => {} } as unknown as ServiceWorkerRegistration);
		expect(first.update.offlineReady).toBe(false);
		first.sw().onOfflineReady?.();
		expect(first.update.offlineReady).toBe(true);
		expect(first.update.status).toBe('idle');

		const later = setup();
		later.sw().onRegisteredSW?.('/sw.js', { active: {}, update: async () => {} } as unknown as ServiceWorkerRegistration);
		expect(later.update.offlineReady).toBe(true);
	});

	it('keeps a registration error, and an error of the SKIP_WAITING request (then allows a retry)', async () => {
		const { update, sw, updateSW, reload } = setup();
		sw().onRegisterError?.(new Error('SecurityError: insecure origin'));
		expect(update.error).toBe('SecurityError: insecure origin');

		sw().onNeedRefresh?.();
		updateSW.mockRejectedValueOnce(new Error('no waiting worker'));
		expect(update.apply()).toBe(true);
		await vi.waitFor(() => expect(update.error).toBe('no waiting worker'));
		// This page did not ask any more: an external takeover during a heat would not reload.
		update.holdWhile(() => true);
		sw().onNeedReload?.();
		expect(reload).not.toHaveBeenCalled();
	});

	it('asks the server for a new version periodically while online', async () => {
		vi.useFakeTimers();
		let online = true;
		const { update, sw } = setup({ checkEveryMs: 1000, online: () => online });
		const registration = { active: null, update: vi.fn(async () => {}) };
		sw().onRegisteredSW?.('/sw.js', registration as unknown as ServiceWorkerRegistration);
		await vi.advanceTimersByTimeAsync(999);
		expect(registration.update).not.toHaveBeenCalled();
		await vi.advanceTimersByTimeAsync(1);
		expect(registration.update).toHaveBeenCalledTimes(1);

		online = false;
		await vi.advanceTimersByTimeAsync(3000);
		expect(registration.update).toHaveBeenCalledTimes(1);

		online = true;
		registration.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
		await vi.advanceTimersByTimeAsync(1000);
		expect(registration.update).toHaveBeenCalledTimes(2);

		update.disconnect();
		await vi.advanceTimersByTimeAsync(5000);
		expect(registration.update).toHaveBeenCalledTimes(2);
	});
});
