import { describe, expect, it } from 'vitest';
import { LiveRead, type ChangeFeed } from './live-read.svelte';

/** A feed the test tells of changes, counting who listens. */
class Feed implements ChangeFeed {
	listeners = new Set<() => void>();
	onChange(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}
	change(): void {
		for (const listener of this.listeners) listener();
	}
}

/** A read the test answers by hand: each call waits until `answer(value)` (or `fail(error)`). */
function manualRead<T>() {
	const pending: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
	return {
		calls: () => pending.length,
		read: () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject })),
		answer: (n: number, value: T) => pending[n]!.resolve(value),
		fail: (n: number, error: unknown) => pending[n]!.reject(error)
	};
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('LiveRead: what a screen shows, read again after every change', () => {
	it('reads when connected and again after each change it hears of, only while connected', async () => {
		const feed = new Feed();
		let n = 0;
		const live = new LiveRead(feed, async () => ++n);
		expect(live.current).toBeUndefined();
		expect(live.loaded).toBe(false);
		const stop = live.connect();
		await live.settled();
		expect(live.current).toBe(1);
		expect(live.loaded).toBe(true);
		feed.change();
		await live.settled();
		expect(live.current).toBe(2);
		stop();
		expect(feed.listeners.size).toBe(0);
		feed.change();
		await live.settled();
		expect(live.current).toBe(2);
	});

	it('never runs two reads at once: changes during a read ask for one more read after it', async () => {
		const feed = new Feed();
		const read = manualRead<string>();
		const live = new LiveRead(feed, read.read);
		live.connect();
		expect(read.calls()).toBe(1);
		feed.change();
		feed.change();
		feed.change();
		expect(read.calls()).toBe(1);
		read.answer(0, 'stale');
		await tick();
		// One more read, started after the last change.
		expect(read.calls()).toBe(2);
		expect(live.current).toBe('stale');
		read.answer(1, 'fresh');
		await live.settled();
		expect(read.calls()).toBe(2);
		expect(live.current).toBe('fresh');
	});

	it('counts its users: the last disconnect stops following; a disconnect called twice counts once', async () => {
		const feed = new Feed();
		const live = new LiveRead(feed, async () => 'x');
		const a = live.connect();
		const b = live.connect();
		expect(feed.listeners.size).toBe(1);
		a();
		a();
		expect(feed.listeners.size).toBe(1);
		b();
		expect(feed.listeners.size).toBe(0);
	});

	it('keeps the last value when a read fails, says why, and forgets the error on the next good read', async () => {
		const feed = new Feed();
		const read = manualRead<number>();
		const live = new LiveRead(feed, read.read);
		live.connect();
		read.answer(0, 7);
		await live.settled();
		feed.change();
		read.fail(1, new Error('disk gone'));
		await live.settled();
		expect(live.current).toBe(7);
		expect(live.error).toBe('disk gone');
		const again = live.refresh();
		read.answer(2, 8);
		await again;
		expect([live.current, live.error]).toEqual([8, null]);
	});
});
