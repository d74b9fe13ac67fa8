import { describe, expect, it } from 'vitest';
import type { Announcement } from '$lib/contract';
import { AnnouncementFeed, type FeedState } from './announcement-feed';

/** A server whose streams the test writes to, one per request; and timers the test fires. */
function fakeServer(statuses: number[] = []) {
	const requests: { url: string; auth: string | null; write: (text: string) => void; end: () => void; aborted: () => boolean }[] = [];
	const timers: { ms: number; run: () => void }[] = [];
	const fetch = async (url: string, init?: RequestInit) => {
		const status = statuses.shift() ?? 200;
		let controller!: ReadableStreamDefaultController<Uint8Array>;
		const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
		const signal = init?.signal ?? null;
		signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
		requests.push({
			url,
			auth: new Headers(init?.headers).get('authorization'),
			write: (text) => controller.enqueue(new TextEncoder().encode(text)),
			end: () => controller.close(),
			aborted: () => signal?.aborted ?? false
		});
		return new Response(body, { status });
	};
	const env = { fetch, random: () => 0.5, setTimeout: (run: () => void, ms: number) => timers.push({ ms, run }), clearTimeout: () => {} };
	return { requests, timers, env };
}

function feedOn(server: ReturnType<typeof fakeServer>) {
	const heard: Announcement[] = [];
	const states: FeedState[] = [];
	const feed = new AnnouncementFeed({ server: 'http://judge.test', token: 'tok', eventId: 'spring cup', env: server.env, onAnnouncement: (a) => heard.push(a), onState: (s) => states.push(s) });
	return { feed, heard, states };
}

/** Lets the feed read what was written. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AnnouncementFeed (issue 32 #1)', () => {
	it('opens the event’s stream with the token, listens once it is open, and hands on each announcement', async () => {
		const server = fakeServer();
		const { feed, heard, states } = feedOn(server);
		feed.start();
		await settle();
		expect(server.requests[0]).toMatchObject({ url: 'http://judge.test/api/events/spring%20cup/announcements', auth: 'Bearer tok' });
		server.requests[0]!.write('retry: 5000\nevent: open\ndata: {}\n\n');
		await settle();
		expect(feed.state).toBe('listening');
		server.requests[0]!.write('event: events\ndata: {"cursor":7,"competitions":["c1"]}\n\nevent: events\ndata: not json\n\nevent: events\ndata: {"cursor":-1}\n\n');
		await settle();
		expect(heard).toEqual([{ cursor: 7, competitions: ['c1'] }]);
		expect(states).toEqual(['connecting', 'listening']);
		feed.stop();
	});

	it('opens the stream again after a backoff when it ends, and listens again', async () => {
		const server = fakeServer();
		const { feed, states } = feedOn(server);
		feed.start();
		await settle();
		server.requests[0]!.write('event: open\ndata: {}\n\n');
		server.requests[0]!.end();
		await settle();
		expect(server.timers).toHaveLength(1);
		expect(server.timers[0]!.ms).toBe(500); // full jitter: random 0.5 of the first window (1 s)
		server.timers[0]!.run();
		await settle();
		expect(server.requests).toHaveLength(2);
		server.requests[1]!.write('event: open\ndata: {}\n\n');
		await settle();
		expect(states).toEqual(['connecting', 'listening', 'connecting', 'listening']);
		feed.stop();
	});

	it('gives up on a refused token, and a stop closes the stream without opening it again', async () => {
		const refused = fakeServer([401]);
		const a = feedOn(refused);
		a.feed.start();
		await settle();
		expect(a.feed.state).toBe('refused');
		expect(refused.timers).toHaveLength(0);

		const server = fakeServer();
		const b = feedOn(server);
		b.feed.start();
		await settle();
		b.feed.stop();
		await settle();
		expect(server.requests[0]!.aborted()).toBe(true);
		expect(b.feed.state).toBe('stopped');
		expect(server.timers).toHaveLength(0);
	});
});
