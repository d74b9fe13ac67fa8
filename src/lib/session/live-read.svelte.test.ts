import { describe, expect, it } from 'vitest';
import type { JudgeEvent } from '$lib/events/schema';
import { ANYTHING, LiveRead, type ChangeFeed, type DeviceChange, type TakeChanges } from './live-read.svelte';

/** A feed the test tells of changes, counting who listens. */
class Feed implements ChangeFeed {
	listeners = new Set<(change: DeviceChange) => void>();
	onChange(listener: (change: DeviceChange) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}
	change(change: DeviceChange = ANYTHING): void {
		for (const listener of this.listeners) listener(change);
	}
}

const ev = (id: string) => ({ id }) as JudgeEvent;
/** What a read took, as event IDs ('anything' for a change of anything). */
const told = (c: DeviceChange) => (c.events === null ? 'anything' : c.events.map((e) => e.id));

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

	it('a read may take what changed since the read before: the events told until it takes them, in one read', async () => {
		const feed = new Feed();
		const taken: (string[] | 'anything')[] = [];
		let release: () => void = () => {};
		const live = new LiveRead(feed, async (take: TakeChanges) => {
			// As the device session's reads do: the device first, then what changed.
			await Promise.resolve();
			taken.push(told(take()));
			await new Promise<void>((r) => (release = r));
			return taken.length;
		});
		live.connect();
		await Promise.resolve();
		await Promise.resolve();
		expect(taken).toEqual(['anything']); // the first read: everything
		release();
		await live.settled();

		// Told one after another in one turn (a pull of 3 events): one read takes them all.
		feed.change({ events: [ev('a')] });
		feed.change({ events: [ev('b')] });
		feed.change({ events: [ev('c')] });
		await Promise.resolve();
		await Promise.resolve();
		expect(taken).toEqual(['anything', ['a', 'b', 'c']]);
		// Told while it reads, after it took: one more read, of that.
		feed.change({ events: [ev('d')] });
		release();
		await Promise.resolve();
		await new Promise((r) => setTimeout(r, 0));
		expect(taken).toEqual(['anything', ['a', 'b', 'c'], ['d']]);
		// Events, then a change of anything: anything.
		feed.change({ events: [ev('e')] });
		feed.change();
		release();
		await new Promise((r) => setTimeout(r, 0));
		expect(taken.at(-1)).toBe('anything');
		release();
		await live.settled();
		expect(taken).toHaveLength(4);
	});

	it('a read that does not take the changes reads again after any change during it', async () => {
		const feed = new Feed();
		const read = manualRead<number>();
		const live = new LiveRead(feed, read.read);
		live.connect();
		feed.change({ events: [ev('a')] });
		read.answer(0, 1);
		await tick();
		expect(read.calls()).toBe(2);
		read.answer(1, 2);
		await live.settled();
		expect(read.calls()).toBe(2);
	});
});
