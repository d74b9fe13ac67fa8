import { describe, expect, it } from 'vitest';
import { followKey } from './follow.svelte';
import { LiveViewer, TICK_MS, type LiveEnvironment } from './live-viewer.svelte';
import { competition, liveEvent, ManualTimers, settle } from './live.testkit';

describe('LiveViewer', () => {
	it('starts on the server’s moment; connected: the phone’s pins, its own clock ticking, the stream open; stopped: nothing left running', async () => {
		const timers = new ManualTimers();
		timers.now = 50_000;
		const items = new Map([[followKey('e1'), '["c1-b"]']]);
		const opened: string[] = [];
		const env: LiveEnvironment = {
			fetch: async (url) => (opened.push(url), new Response(new ReadableStream())),
			timers,
			random: () => 0,
			now: () => timers.now,
			storage: () => ({ getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) })
		};
		const viewer = new LiveViewer({ live: liveEvent('c1'), competitions: [competition('c1')], now: 42 }, env);
		expect(viewer.now).toBe(42);
		expect(viewer.follow.pinned).toEqual([]);
		const stop = viewer.connect();
		await settle();
		expect(viewer.now).toBe(50_000);
		expect(viewer.follow.pinned).toEqual(['c1-b']);
		expect(opened).toEqual(['/api/public/events/e1/live-announcements']);
		timers.advance(TICK_MS);
		expect(viewer.now).toBe(50_000 + TICK_MS);
		stop();
		expect(timers.pending.size).toBe(0);
	});
});
