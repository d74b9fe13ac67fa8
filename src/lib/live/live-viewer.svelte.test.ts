import { describe, expect, it } from 'vitest';
import { matchesQuery } from '$lib/registration/name-search';
import { followKey } from './follow.svelte';
import { LiveViewer, TICK_MS, type LiveEnvironment } from './live-viewer.svelte';
import { competition, fakeSources, liveEvent, ManualTimers, settle } from './live.testkit';

describe('LiveViewer', () => {
	it('starts on the server’s moment; connected: the phone’s pins, its own clock ticking, the stream open; stopped: nothing left running', async () => {
		const timers = new ManualTimers();
		timers.now = 50_000;
		const items = new Map([[followKey('e1'), '["c1-b"]']]);
		const sources = fakeSources();
		let loads = 0;
		const env: LiveEnvironment = {
			fetch: async () => new Response(null, { status: 304 }),
			openStream: sources.open,
			timers,
			random: () => 0,
			now: () => timers.now,
			loadSearch: async () => (loads++, matchesQuery),
			storage: () => ({ getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) })
		};
		const viewer = new LiveViewer({ live: liveEvent('c1'), competitions: [competition('c1')], now: 42 }, env);
		expect(viewer.now).toBe(42);
		expect(viewer.follow.pinned).toEqual([]);
		const stop = viewer.connect();
		await settle();
		expect(viewer.now).toBe(50_000);
		expect(viewer.follow.pinned).toEqual(['c1-b']);
		expect(sources.opened.map((o) => o.url)).toEqual(['/api/public/events/e1/live-announcements']);
		timers.advance(TICK_MS);
		expect(viewer.now).toBe(50_000 + TICK_MS);
		// The search's code loads with the first letter typed, once.
		expect(viewer.match).toBeNull();
		viewer.query = ' ';
		expect(loads).toBe(0);
		viewer.query = 'n';
		viewer.query = 'no';
		await settle();
		expect(loads).toBe(1);
		expect(viewer.match).toBe(matchesQuery);
		expect(viewer.query).toBe('no');
		stop();
		expect(sources.last().closed).toBe(true);
		expect(timers.pending.size).toBe(0);
	});
});
