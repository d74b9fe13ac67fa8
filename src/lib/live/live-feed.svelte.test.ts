import { describe, expect, it } from 'vitest';
import { LIVE_REFRESH_MS, type LiveCompetition, type LiveEvent } from '$lib/contract/live';
import { LiveFeed, type LiveStart } from './live-feed.svelte';
import { competition, fakeSources, liveEvent, ManualTimers, row, settle, type Asked } from './live.testkit';

/**
 * A server of live resources behind a fake fetch: each resource with its ETag (304 to a match),
 * the stream the test opens and writes to.
 */
function server() {
	const resources = new Map<string, { body: LiveEvent | LiveCompetition; etag: string }>();
	const asked: Asked[] = [];
	const sources = fakeSources();
	const fetch = async (url: string, init: RequestInit): Promise<Response> => {
		const headers = (init.headers ?? {}) as Record<string, string>;
		asked.push({ url, headers, cache: init.cache });
		const found = resources.get(url.replace(/\?.*$/, ''));
		if (!found) return new Response('{}', { status: 404 });
		if (headers['if-none-match'] === found.etag) return new Response(null, { status: 304, headers: { etag: found.etag } });
		return new Response(JSON.stringify(found.body), { headers: { etag: found.etag, 'content-type': 'application/json' } });
	};
	const put = (path: string, body: LiveEvent | LiveCompetition, etag: string) => resources.set(path, { body, etag });
	const drop = (path: string) => resources.delete(path);
	return { fetch, asked, sources, stream: () => sources.last(), put, drop };
}

const EVENT_PATH = '/api/public/events/e1/live';
const C1_PATH = `${EVENT_PATH}/c1`;
const C2_PATH = `${EVENT_PATH}/c2`;

function feedOn(s: ReturnType<typeof server>, start: LiveStart = { live: liveEvent('c1'), competitions: [competition('c1')] }, only?: string) {
	const timers = new ManualTimers();
	const feed = new LiveFeed(start, { eventId: 'e1', only, fetch: s.fetch, openStream: s.sources.open, timers, random: () => 0.5 });
	return { feed, timers };
}

describe('LiveFeed', () => {
	it('applies a change the stream carries when it holds the version it applies to, without a read; else reads the version', async () => {
		const s = server();
		const { feed } = feedOn(s, { live: liveEvent('c1'), competitions: [competition('c1')], etags: { '': 'ev1', c1: 'v1' } });
		s.put(EVENT_PATH, liveEvent('c1'), 'ev1');
		s.put(C1_PATH, competition('c1'), 'v1');
		const stop = feed.start();
		await settle();
		s.stream().emit('open');
		await settle();
		s.asked.length = 0;
		const finished = row('c1-b', { place: 1, stillGoing: false, result: { kind: 'time', ms: 60_000 } });
		s.stream().emit('live', JSON.stringify({ competitionId: 'c1', etag: 'v2', base: 'v1', rows: [finished], heats: [], latest: [{ entryId: 'c1-b', at: 5 }] }));
		await settle();
		expect(s.asked).toEqual([]);
		expect(feed.competitions[0]!.rows.map((r) => r.entryId)).toEqual(['c1-b', 'c1-a']);
		expect(feed.competitions[0]!.latest).toEqual([{ entryId: 'c1-b', at: 5 }]);
		// A change of a version it does not hold: it reads the new version instead.
		s.put(C1_PATH, competition('c1', { rows: [finished, row('c1-a', { place: 2 })] }), 'v4');
		s.stream().emit('live', JSON.stringify({ competitionId: 'c1', etag: 'v4', base: 'v3', rows: [row('c1-a', { place: 2 })], heats: [], latest: [] }));
		await settle();
		expect(s.asked.map((a) => a.url)).toEqual([`${C1_PATH}?v=v4`]);
		expect(feed.competitions[0]!.rows.map((r) => `${r.entryId}${r.place}`)).toEqual(['c1-b1', 'c1-a2']);
		stop();
	});

	it('reads a competition’s new version at its own address when the stream names it, and not twice', async () => {
		const s = server();
		const { feed } = feedOn(s);
		s.put(EVENT_PATH, liveEvent('c1'), 'ev1');
		s.put(C1_PATH, competition('c1'), 'v1');
		const stop = feed.start();
		await settle();
		s.stream().emit('open');
		await settle();
		expect(feed.stream).toBe('open');
		// Opening asked once for what the page may have missed.
		expect(s.asked.map((a) => a.url)).toEqual([EVENT_PATH, C1_PATH]);
		s.put(C1_PATH, competition('c1', { rows: [row('c1-a', { place: 1, result: { kind: 'time', ms: 60_000 } })] }), 'v2');
		s.asked.length = 0;
		s.stream().emit('live', '{"competitionId":"c1","etag":"v2"}');
		await settle();
		expect(s.asked.map((a) => a.url)).toEqual([`${C1_PATH}?v=v2`]);
		// A version's own address: asked plainly, any cache may answer it.
		expect(s.asked[0]!.headers['if-none-match']).toBeUndefined();
		expect(s.asked[0]!.cache).toBeUndefined();
		expect(feed.competitions[0]!.rows[0]).toMatchObject({ entryId: 'c1-a', place: 1 });
		// The same version named again (another process, a repeat): nothing asked.
		s.stream().emit('live', '{"competitionId":"c1","etag":"v2"}');
		await settle();
		expect(s.asked).toHaveLength(1);
		stop();
	});

	it('asks every LIVE_REFRESH_MS with If-None-Match while the stream is down, and not while it is open', async () => {
		const s = server();
		s.put(EVENT_PATH, liveEvent('c1'), 'ev1');
		s.put(C1_PATH, competition('c1'), 'v1');
		const { feed, timers } = feedOn(s);
		const stop = feed.start();
		s.stream().fail();
		expect(feed.stream).toBe('down');
		timers.advance(LIVE_REFRESH_MS);
		await settle();
		// Nothing held yet: past the browser's cache, which may keep an answer older than the page.
		expect(s.asked.map((a) => [a.url, a.headers['if-none-match'], a.cache])).toEqual([
			[EVENT_PATH, undefined, 'no-cache'],
			[C1_PATH, undefined, 'no-cache']
		]);
		s.asked.length = 0;
		timers.advance(LIVE_REFRESH_MS);
		await settle();
		expect(s.asked.map((a) => [a.url, a.headers['if-none-match']])).toEqual([
			[EVENT_PATH, 'ev1'],
			[C1_PATH, 'v1']
		]);
		// A change while down: the next poll brings it.
		s.put(C1_PATH, competition('c1', { state: 'published', version: 1 }), 'v2');
		timers.advance(LIVE_REFRESH_MS);
		await settle();
		expect(feed.competitions[0]!.state).toBe('published');
		// The stream back (its backoff passed): open, a catch-up, then no more polls.
		timers.advance(30_000);
		await settle();
		expect(s.sources.opened).toHaveLength(2);
		s.stream().emit('open');
		await settle();
		expect(feed.stream).toBe('open');
		s.asked.length = 0;
		timers.advance(10 * LIVE_REFRESH_MS);
		await settle();
		expect(s.asked).toEqual([]);
		stop();
		expect(timers.pending.size).toBe(0);
	});

	it('lets go of a competition switched off (404) and takes one switched on, in the event’s order', async () => {
		const s = server();
		const { feed } = feedOn(s, { live: liveEvent('c1', 'c2'), competitions: [competition('c1'), competition('c2')] });
		const stop = feed.start();
		await settle();
		s.put(EVENT_PATH, liveEvent('c1', 'c2'), 'ev1');
		s.put(C1_PATH, competition('c1'), 'v1');
		s.stream().emit('open');
		await settle();
		expect(feed.competitions.map((c) => c.competition.id)).toEqual(['c1']);
		// c2 switched on again: its announcement brings the list first, then c2 in its place.
		s.put(EVENT_PATH, liveEvent('c1', 'c2'), 'ev2');
		s.put(C2_PATH, competition('c2'), 'w1');
		s.stream().emit('live', '{"competitionId":"c2","etag":"w1"}');
		await settle();
		expect(feed.order).toEqual(['c1', 'c2']);
		expect(feed.competitions.map((c) => c.competition.id)).toEqual(['c1', 'c2']);
		// c1 off: the list no longer names it, and its address answers 404.
		s.put(EVENT_PATH, liveEvent('c2'), 'ev3');
		s.drop(C1_PATH);
		s.stream().emit('live', '{"competitionId":"c1","etag":"gone"}');
		await settle();
		expect(feed.competitions.map((c) => c.competition.id)).toEqual(['c2']);
		stop();
	});

	it('asks with the ETag the server rendered, so that the first question after the paint is a 304', async () => {
		const s = server();
		s.put(EVENT_PATH, liveEvent('c1'), 'ev1');
		s.put(C1_PATH, competition('c1'), 'v1');
		const { feed } = feedOn(s, { live: liveEvent('c1'), competitions: [competition('c1')], etags: { '': 'ev1', c1: 'v1', other: 'x' } });
		await feed.refresh();
		expect(s.asked.map((a) => [a.url, a.headers['if-none-match'], a.cache])).toEqual([
			[EVENT_PATH, 'ev1', undefined],
			[C1_PATH, 'v1', undefined]
		]);
		// An announcement of the version rendered: nothing to read.
		await feed.announced({ competitionId: 'c1', etag: 'v1' });
		expect(s.asked).toHaveLength(2);
	});

	it('the overlay’s feed follows its one competition only', async () => {
		const s = server();
		const { feed } = feedOn(s, { live: liveEvent('c1', 'c2'), competitions: [competition('c2')] }, 'c2');
		const stop = feed.start();
		await settle();
		expect(feed.order).toEqual(['c2']);
		s.stream().emit('live', '{"competitionId":"c1","etag":"v9"}');
		await settle();
		expect(s.asked).toEqual([]);
		stop();
	});

	it('drops an older answer that arrives after a newer one', async () => {
		const s = server();
		const releases: (() => void)[] = [];
		const slow = async (url: string, init: RequestInit) => {
			if (url.includes('?v=old')) await new Promise<void>((r) => releases.push(r));
			return s.fetch(url, init);
		};
		const timers = new ManualTimers();
		const feed = new LiveFeed({ live: liveEvent('c1'), competitions: [competition('c1')] }, { eventId: 'e1', fetch: slow, openStream: s.sources.open, timers, random: () => 0 });
		s.put(C1_PATH, competition('c1', { version: 1, state: 'published' }), 'old');
		const older = feed.announced({ competitionId: 'c1', etag: 'old' });
		await settle();
		s.put(C1_PATH, competition('c1', { version: 2, state: 'published' }), 'new');
		await feed.announced({ competitionId: 'c1', etag: 'new' });
		expect(feed.competitions[0]!.version).toBe(2);
		releases.forEach((r) => r());
		await older;
		expect(feed.competitions[0]!.version).toBe(2);
	});
});
