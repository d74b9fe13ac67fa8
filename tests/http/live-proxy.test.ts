import { expect, test } from 'vitest';
import { LIVE_ANNOUNCEMENT_EVENT, LIVE_CACHE_CONTROL, type Announcement } from '../../src/lib/contract';
import { AnnouncementFeed } from '../../src/lib/sync/client/announcement-feed';
import { realEnvironment } from '../../src/lib/sync/client/environment';
import { sseMessages } from '../../src/lib/sync/client/sse-messages';
import { DeviceLog } from '../../src/lib/events/builder';
import { freePort } from '../server-spawn';
import { startNginx } from '../live-proxy-nginx';
import { startCountingRelay } from '../live-proxy-relay';
import { addDevice, BASE, call, createEvent, expectStatus, RUN, setupOf, writeSetup } from '../sync-kit';

/**
 * Issue 32 through a reverse proxy as documented: Debian's nginx with README's server block and
 * docs/live.md's cache (tests/live-proxy-nginx.ts), in front of this worker's production server,
 * with a counting relay between the two (tests/live-proxy-relay.ts) to see what reaches the app.
 */

/** Resolves with the first thing `listen` hands over that `match`es, or rejects after `ms`. */
function within<T>(ms: number, what: string, listen: (hand: (t: T) => void) => void): Promise<T> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms (buffered by the proxy?)`)), ms);
		listen((t) => {
			clearTimeout(timer);
			resolve(t);
		});
	});
}

test('issue 32: through nginx as documented, a push is announced at once to the devices and to the public, and the cache carries the public’s reads', { timeout: 60_000 }, async () => {
	const tag = `proxy-${RUN}`;
	const { eventId, token: organizer } = await createEvent(`Live proxy ${RUN}`);
	const setup = setupOf(eventId, tag, 3);
	await writeSetup(eventId, organizer, setup.body);
	const judge = await addDevice(eventId, organizer, 'judge', 'Table 1');
	const display = await addDevice(eventId, organizer, 'display', 'Hall screen');
	expectStatus(await call('POST', `/api/events/${eventId}/competitions/${setup.competitionId}/live`, { token: organizer, json: { show: true } }), 200, 'live on');
	const livePath = `/api/public/events/${eventId}/live/${setup.competitionId}`;

	const relay = await startCountingRelay(BASE);
	const nginx = await startNginx(relay.address, await freePort());
	// As a browser asks: compressed if it may (a proxy that compresses event streams holds them back).
	const browserFetch = (url: string, init: RequestInit = {}) => fetch(url, { ...init, headers: { 'accept-encoding': 'gzip, deflate, br', ...(init.headers as Record<string, string>) } });
	const proxied = (path: string, init?: RequestInit) => browserFetch(`${nginx.base}${path}`, init);
	const log = new DeviceLog({ deviceId: `tab-${tag}`, judge: 'Eva', competitionId: setup.competitionId, heatId: setup.heatId });
	const push = async (events: unknown[]) => {
		const r = await proxied(`/api/events/${eventId}/judge-events`, { method: 'POST', headers: { authorization: `Bearer ${judge.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
		expect(r.status).toBe(200);
		return (await r.json()) as { stored: { serverSeq: number }[] };
	};
	const announcements: ((a: Announcement) => void)[] = [];
	const feed = new AnnouncementFeed({ server: nginx.base, token: display.token, eventId, env: realEnvironment({ fetch: browserFetch }), onAnnouncement: (a) => announcements.forEach((l) => l(a)) });
	const publicStream = new AbortController();
	try {
		// (a) The devices' announcement stream through the proxy: a judge's push is told at once, not held in a buffer.
		const listening = within<void>(10_000, 'the display’s stream through nginx', (hand) => {
			const poll = setInterval(() => feed.state === 'listening' && (clearInterval(poll), hand()), 20);
		});
		feed.start();
		await listening;
		const told = within<{ a: Announcement; at: number }>(5_000, 'the announcement of the heat’s start', (hand) => announcements.push((a) => hand({ a, at: performance.now() })));
		const started = await push([log.start(Date.now(), setup.entryIds)]);
		const answeredAt = performance.now();
		const { a, at } = await told;
		expect(a).toEqual({ cursor: started.stored[0]!.serverSeq, competitions: [setup.competitionId] });
		expect(at - answeredAt).toBeLessThan(1_000);

		// (b) The public live stream through the proxy: the next push's new ETag arrives at once, and the resource it names shows the result.
		const response = await proxied(`/api/public/events/${eventId}/live-announcements`, { signal: publicStream.signal });
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
		expect(response.headers.get('x-cache-status')).toBeNull();
		const heard: ((m: { event: string; data: string }) => void)[] = [];
		void (async () => {
			try {
				for await (const m of sseMessages(response.body!)) heard.forEach((l) => l(m));
			} catch {
				// Closed at the end.
			}
		})();
		await within(5_000, 'the public stream’s open message', (hand) => heard.push((m) => m.event === 'open' && hand(m)));
		const entryId = setup.entryIds[0]!;
		const hand = log.hand(entryId, Date.now());
		const changed = within<{ competitionId: string; etag: string }>(5_000, 'the public announcement of a new result', (h) =>
			heard.push((m) => m.event === LIVE_ANNOUNCEMENT_EVENT && h(JSON.parse(m.data)))
		);
		await push([hand]);
		const pushedAt = performance.now();
		const news = await changed;
		expect(performance.now() - pushedAt).toBeLessThan(2_000);
		expect(news.competitionId).toBe(setup.competitionId);
		const read = await proxied(`${livePath}?v=${encodeURIComponent(news.etag)}`);
		expect(read.status).toBe(200);
		expect(read.headers.get('etag')).toBe(news.etag);
		expect(read.headers.get('cache-control')).toBe(LIVE_CACHE_CONTROL);
		const body = (await read.json()) as { rows: { entryId: string; result: unknown }[] };
		expect(body.rows.find((r) => r.entryId === entryId)?.result).toMatchObject({ kind: 'time' });

		// (c) Many reads of the public resource through the proxy: the app answers about one a second, nginx the rest.
		const isLive = (p: string) => p === livePath;
		const warm = await proxied(livePath);
		await warm.arrayBuffer();
		const before = relay.count(isLive);
		const t0 = performance.now();
		const statuses: string[] = [];
		for (let round = 0; round < 30; round++) {
			const answers = await Promise.all(Array.from({ length: 40 }, () => proxied(livePath)));
			for (const r of answers) {
				await r.arrayBuffer();
				expect(r.status).toBe(200);
				statuses.push(r.headers.get('x-cache-status') ?? 'none');
			}
			await new Promise((r) => setTimeout(r, 100));
		}
		const seconds = (performance.now() - t0) / 1000;
		const origin = relay.count(isLive) - before;
		expect(statuses).toHaveLength(1200);
		expect(seconds).toBeGreaterThan(3);
		// About one request per second (the max-age), whatever the number of readers: never one per reader.
		expect(origin).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
		expect(statuses.filter((s) => s === 'HIT' || s === 'UPDATING' || s === 'REVALIDATED').length).toBeGreaterThanOrEqual(1200 - origin);
		// A reader holding the current version gets a 304 from nginx itself.
		const etag = (await proxied(livePath).then(async (r) => (await r.arrayBuffer(), r.headers.get('etag'))))!;
		const again = await proxied(livePath, { headers: { 'if-none-match': etag } });
		expect(again.status).toBe(304);
		expect(nginx.log()).not.toMatch(/\[(emerg|alert|crit|error)\]/);
	} finally {
		feed.stop();
		publicStream.abort();
		await nginx.stop();
		await relay.close();
	}
});
