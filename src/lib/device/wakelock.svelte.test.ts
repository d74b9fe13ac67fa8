import { flushSync } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import { ScreenWakeLock, type VisibilityDocument, type WakeLockLike, type WakeLockSentinelLike } from './wakelock.svelte';

class FakeSentinel implements WakeLockSentinelLike {
	released = false;
	#listeners: (() => void)[] = [];
	release = vi.fn(async () => this.fire());
	addEventListener(_type: 'release', listener: () => void): void {
		this.#listeners.push(listener);
	}
	/** Released, by the page or by the browser: the 'release' event fires once. */
	fire(): void {
		if (this.released) return;
		this.released = true;
		for (const listener of this.#listeners) listener();
	}
}

/** `navigator.wakeLock`: answers each request with a new sentinel, or refuses. */
class FakeWakeLock implements WakeLockLike {
	sentinels: FakeSentinel[] = [];
	refuse: Error | null = null;
	/** When set, requests wait until `answer()`. */
	hold = false;
	#waiting: (() => void)[] = [];
	request = vi.fn(async (_type: 'screen'): Promise<WakeLockSentinelLike> => {
		if (this.hold) await new Promise<void>((resolve) => this.#waiting.push(resolve));
		if (this.refuse) throw this.refuse;
		const sentinel = new FakeSentinel();
		this.sentinels.push(sentinel);
		return sentinel;
	});
	answer(): void {
		this.hold = false;
		for (const resolve of this.#waiting.splice(0)) resolve();
	}
	get current(): FakeSentinel | undefined {
		return this.sentinels.find((s) => !s.released);
	}
}

/** `document`: hiding the page releases every lock (as browsers do), then fires visibilitychange. */
class FakeDocument implements VisibilityDocument {
	visibilityState: DocumentVisibilityState = 'visible';
	listeners = new Set<() => void>();
	constructor(private readonly wakeLock: FakeWakeLock) {}
	addEventListener(_type: 'visibilitychange', listener: () => void): void {
		this.listeners.add(listener);
	}
	removeEventListener(_type: 'visibilitychange', listener: () => void): void {
		this.listeners.delete(listener);
	}
	show(visible: boolean): void {
		this.visibilityState = visible ? 'visible' : 'hidden';
		if (!visible) for (const s of this.wakeLock.sentinels) s.fire();
		for (const listener of this.listeners) listener();
	}
}

function setup() {
	const wakeLock = new FakeWakeLock();
	const document = new FakeDocument(wakeLock);
	const lock = new ScreenWakeLock({ wakeLock, document });
	return { wakeLock, document, lock };
}

describe('ScreenWakeLock', () => {
	it('is unsupported without navigator.wakeLock (iOS, insecure contexts) and then does nothing, safely', async () => {
		const document = new FakeDocument(new FakeWakeLock());
		const lock = new ScreenWakeLock({ document });
		expect(lock.supported).toBe(false);
		lock.active = true;
		await lock.settled();
		expect(lock.active).toBe(true);
		expect(lock.held).toBe(false);
		expect(lock.error).toBeNull();
		expect(document.listeners.size).toBe(0);
		lock.active = false;
		expect(lock.held).toBe(false);
	});

	it('is safe on the server (no navigator, no document)', async () => {
		const lock = new ScreenWakeLock();
		expect(lock.supported).toBe(false);
		lock.active = true;
		await lock.settled();
		expect(lock.held).toBe(false);
	});

	it('holds the lock while active and releases it when deactivated', async () => {
		const { wakeLock, document, lock } = setup();
		expect(lock.supported).toBe(true);
		expect(wakeLock.request).not.toHaveBeenCalled();

		lock.active = true;
		lock.active = true;
		await lock.settled();
		expect(wakeLock.request).toHaveBeenCalledTimes(1);
		expect(wakeLock.request).toHaveBeenCalledWith('screen');
		expect(lock.held).toBe(true);
		expect(document.listeners.size).toBe(1);

		const sentinel = wakeLock.current!;
		lock.active = false;
		expect(lock.held).toBe(false);
		expect(sentinel.release).toHaveBeenCalledTimes(1);
		expect(document.listeners.size).toBe(0);
	});

	it('asks again when the page becomes visible after the browser dropped the lock', async () => {
		const { wakeLock, document, lock } = setup();
		lock.active = true;
		await lock.settled();

		document.show(false);
		expect(lock.held).toBe(false);
		await lock.settled();
		expect(wakeLock.request).toHaveBeenCalledTimes(1);

		document.show(true);
		await lock.settled();
		expect(wakeLock.request).toHaveBeenCalledTimes(2);
		expect(lock.held).toBe(true);

		// Visible again while the lock is held: no second lock.
		document.show(true);
		await lock.settled();
		expect(wakeLock.request).toHaveBeenCalledTimes(2);
	});

	it('does not ask while inactive or while the page is hidden', async () => {
		const { wakeLock, document, lock } = setup();
		document.show(false);
		document.show(true);
		expect(wakeLock.request).not.toHaveBeenCalled();

		document.show(false);
		lock.active = true;
		await lock.settled();
		expect(wakeLock.request).not.toHaveBeenCalled();
		document.show(true);
		await lock.settled();
		expect(wakeLock.request).toHaveBeenCalledTimes(1);
		expect(lock.held).toBe(true);

		lock.active = false;
		document.show(false);
		document.show(true);
		expect(wakeLock.request).toHaveBeenCalledTimes(1);
	});

	it('releases a lock granted after it was deactivated', async () => {
		const { wakeLock, lock } = setup();
		wakeLock.hold = true;
		lock.active = true;
		lock.active = false;
		wakeLock.answer();
		await lock.settled();
		expect(wakeLock.sentinels).toHaveLength(1);
		expect(wakeLock.sentinels[0]!.release).toHaveBeenCalledTimes(1);
		expect(lock.held).toBe(false);
	});

	it('keeps a lock granted after a quick off and on', async () => {
		const { wakeLock, lock } = setup();
		wakeLock.hold = true;
		lock.active = true;
		lock.active = false;
		lock.active = true;
		wakeLock.answer();
		await lock.settled();
		expect(wakeLock.request).toHaveBeenCalledTimes(1);
		expect(lock.held).toBe(true);
	});

	it('reports a refusal and tries again at the next visibility change', async () => {
		const { wakeLock, document, lock } = setup();
		wakeLock.refuse = new Error('NotAllowedError: battery saver');
		lock.active = true;
		await lock.settled();
		expect(lock.held).toBe(false);
		expect(lock.error).toBe('NotAllowedError: battery saver');

		wakeLock.refuse = null;
		document.show(false);
		document.show(true);
		await lock.settled();
		expect(lock.held).toBe(true);
		expect(lock.error).toBeNull();
	});

	it('follows a reactive flag set from an $effect, without looping', async () => {
		const { wakeLock, lock } = setup();
		let running = $state(false);
		let runs = 0;
		const cleanup = $effect.root(() => {
			$effect(() => {
				runs++;
				lock.active = running;
			});
		});
		flushSync();
		running = true;
		flushSync();
		await lock.settled();
		expect(lock.held).toBe(true);
		running = false;
		flushSync();
		expect(lock.held).toBe(false);
		expect(runs).toBe(3);
		expect(wakeLock.request).toHaveBeenCalledTimes(1);
		cleanup();
	});

	it('destroy() releases and stops listening', async () => {
		const { wakeLock, document, lock } = setup();
		lock.active = true;
		await lock.settled();
		lock.destroy();
		expect(lock.active).toBe(false);
		expect(lock.held).toBe(false);
		expect(document.listeners.size).toBe(0);
		expect(wakeLock.sentinels[0]!.released).toBe(true);
	});

	describe('WebKit: a request not made in a tap is refused, the next tap asks again', () => {
		/** Refuses every request made outside a tap, as WebKit does (NotAllowedError). */
		function webkit() {
			const env = setup();
			let tapping = false;
			const request = env.wakeLock.request.getMockImplementation()!;
			env.wakeLock.request.mockImplementation(async (type) => {
				if (!tapping) throw new Error('NotAllowedError: not allowed without a user gesture');
				return request(type);
			});
			const tap = () => {
				tapping = true;
				try {
					return env.lock.tap();
				} finally {
					tapping = false;
				}
			};
			return { ...env, tap };
		}

		it('after a reload of a running heat: refused, "tap-needed", then held after the next tap', async () => {
			const { wakeLock, lock, tap } = webkit();
			expect(lock.state).toBe('off');
			lock.active = true;
			await lock.settled();
			expect(lock.held).toBe(false);
			expect(lock.state).toBe('tap-needed');
			expect(lock.error).toMatch(/NotAllowedError/);
			expect(lock.refusedInTap).toBe(false);

			await tap();
			expect(wakeLock.request).toHaveBeenCalledTimes(2);
			expect(lock.held).toBe(true);
			expect(lock.state).toBe('held');
			expect(lock.error).toBeNull();

			// Held: further taps ask nothing.
			await tap();
			expect(wakeLock.request).toHaveBeenCalledTimes(2);
		});

		it('asks again on a tap after the system dropped the lock while the page stayed visible', async () => {
			const { wakeLock, lock, tap } = webkit();
			lock.active = true;
			await lock.settled();
			await tap();
			expect(lock.state).toBe('held');
			wakeLock.current!.fire(); // battery saver, or the tablet woke from sleep
			expect(lock.state).toBe('tap-needed');
			await tap();
			expect(lock.state).toBe('held');
			expect(wakeLock.request).toHaveBeenCalledTimes(3);
		});

		it('a tap asks nothing while no clock runs, while a request is in flight, or without the API', async () => {
			const { wakeLock, lock, tap } = webkit();
			await tap();
			expect(wakeLock.request).not.toHaveBeenCalled();
			expect(lock.state).toBe('off');

			wakeLock.hold = true;
			lock.active = true;
			expect(lock.asking).toBe(true);
			void tap();
			expect(wakeLock.request).toHaveBeenCalledTimes(1);
			wakeLock.answer();
			await lock.settled();
			expect(lock.asking).toBe(false);

			const bare = new ScreenWakeLock({ document: new FakeDocument(new FakeWakeLock()) });
			bare.active = true;
			await bare.tap();
			expect(bare.state).toBe('unsupported');
		});

		it('says when even a tap was refused (battery saver), and still asks on the next tap', async () => {
			const { wakeLock, lock, tap } = webkit();
			lock.active = true;
			await lock.settled();
			wakeLock.refuse = new Error('NotAllowedError: battery saver');
			await tap();
			expect(lock.state).toBe('tap-needed');
			expect(lock.refusedInTap).toBe(true);
			wakeLock.refuse = null;
			await tap();
			expect(lock.state).toBe('held');
		});
	});
});
