import { expect } from 'vitest';
import type { Announcement } from '../../src/lib/contract';
import { AnnouncementFeed } from '../../src/lib/sync/client/announcement-feed';
import { realEnvironment } from '../../src/lib/sync/client/environment';
import { DeviceLog } from '../../src/lib/events/builder';
import { BASE, demoToken } from '../sync-kit';
import { test } from './request';

const T0 = Date.UTC(2026, 4, 16, 9);

test('issue 32 #1: a push is announced at once on the event’s streams, over real HTTP, with its newest number and competitions', async ({ request }) => {
	const judge = await demoToken('judge', 'Table 1');
	const display = await demoToken('display', 'Hall screen');
	const push = (events: unknown[]) => request.post('/api/events/demo/judge-events', { headers: { authorization: `Bearer ${judge}`, accept: 'application/json' }, data: { events } });
	const listeners: ((a: Announcement) => void)[] = [];
	const announced = (matches: (a: Announcement) => boolean = () => true) => new Promise<Announcement>((resolve) => listeners.push((a) => matches(a) && resolve(a)));
	let feed: AnnouncementFeed | undefined;
	try {
		await new Promise<void>((resolve) => {
			feed = new AnnouncementFeed({
				server: BASE,
				token: display,
				eventId: 'demo',
				env: realEnvironment(),
				onAnnouncement: (a) => listeners.forEach((l) => l(a)),
				onState: (s) => s === 'listening' && resolve()
			});
			feed.start();
		});

		const log = new DeviceLog({ deviceId: `tab-live-${Date.now()}`, judge: 'Eva', competitionId: 'demo-czjpa-individual', heatId: 'h1' });
		const events = [log.start(T0, ['e1']), log.hand('e1', T0 + 60_000)];
		const first = announced((a) => a.competitions.includes('demo-czjpa-individual'));
		const pushed = await push(events);
		expect(pushed.status()).toBe(200);
		const stored = (await pushed.json()).stored as { serverSeq: number }[];
		expect(stored).toHaveLength(2);
		expect(await first).toEqual({ cursor: Math.max(...stored.map((s) => s.serverSeq)), competitions: ['demo-czjpa-individual'] });

		// The same events again store nothing new and are not announced; the next new one is.
		const after: Announcement[] = [];
		listeners.push((a) => after.push(a));
		expect((await (await push(events)).json()).stored).toEqual([]);
		const next = announced();
		const more = await push([log.hand('e1', T0 + 61_000)]);
		expect((await next).cursor).toBe((await more.json()).stored[0].serverSeq);
		expect(after).toHaveLength(1);
	} finally {
		feed?.stop();
	}

	// No token, or another event's address: refused like every other endpoint.
	expect((await request.get('/api/events/demo/announcements', { headers: { accept: 'application/json' } })).status()).toBe(401);
	expect((await request.get('/api/events/other/announcements', { headers: { authorization: `Bearer ${display}`, accept: 'application/json' } })).status()).toBe(403);
});
