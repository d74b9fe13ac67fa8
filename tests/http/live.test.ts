import { expect } from 'vitest';
import { LIVE_ANNOUNCEMENT_EVENT, LIVE_CACHE_CONTROL, LiveAnnouncementSchema, LiveCompetitionSchema, type LiveAnnouncement } from '../../src/lib/contract';
import { sseMessages } from '../../src/lib/sync/client/sse-messages';
import { DeviceLog } from '../../src/lib/events/builder';
import { addDevice, BASE, call, createEvent, expectStatus, RUN, setupOf, T0, writeSetup } from '../sync-kit';
import { test } from './request';

/** Opens the event's public live stream; `next(match)` resolves with the next announcement that matches. */
async function liveStream(eventId: string) {
	const aborter = new AbortController();
	const response = await fetch(`${BASE}/api/public/events/${eventId}/live-announcements`, { signal: aborter.signal });
	expect(response.status).toBe(200);
	expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
	const waiting: { match: (a: LiveAnnouncement) => boolean; resolve: (a: LiveAnnouncement) => void }[] = [];
	let opened!: () => void;
	const open = new Promise<void>((resolve) => (opened = resolve));
	void (async () => {
		try {
			for await (const m of sseMessages(response.body!)) {
				if (m.event === 'open') opened();
				if (m.event !== LIVE_ANNOUNCEMENT_EVENT) continue;
				const a = LiveAnnouncementSchema.parse(JSON.parse(m.data));
				for (const w of waiting.splice(0)) if (w.match(a)) w.resolve(a);
				else waiting.push(w);
			}
		} catch {
			// Aborted at the end of the test.
		}
	})();
	await open;
	return {
		next: (match: (a: LiveAnnouncement) => boolean) => new Promise<LiveAnnouncement>((resolve) => waiting.push({ match, resolve })),
		close: () => aborter.abort()
	};
}

test('issue 32 #3/#5: a competition shown live is one cacheable public resource, announced to viewers when a push changes it', async () => {
	const tag = `live-${RUN}`;
	const { eventId, token: organizer } = await createEvent(`Live ${RUN}`);
	const setup = setupOf(eventId, tag, 3);
	await writeSetup(eventId, organizer, setup.body);
	const judge = await addDevice(eventId, organizer, 'judge', 'Table 1');
	const live = `/api/public/events/${eventId}/live/${setup.competitionId}`;

	// Off by default: the public sees that nothing is live, and nothing of the competition.
	const before = expectStatus(await call('GET', `/api/public/events/${eventId}/live`), 200, 'live event').body as { competitions: unknown[] };
	expect(before.competitions).toEqual([]);
	const hidden = await call('GET', live);
	expect(hidden.status).toBe(404);
	expect(JSON.stringify(hidden.body)).not.toContain('Competitor');

	// Only the organizer switches it.
	expect((await call('POST', `/api/events/${eventId}/competitions/${setup.competitionId}/live`, { json: { show: true } })).status).toBe(401);
	expect((await call('POST', `/api/events/${eventId}/competitions/${setup.competitionId}/live`, { token: judge.token, json: { show: true } })).status).toBe(403);
	const stream = await liveStream(eventId);
	try {
		const switchedOn = stream.next((a) => a.competitionId === setup.competitionId && a.etag !== '');
		expectStatus(await call('POST', `/api/events/${eventId}/competitions/${setup.competitionId}/live`, { token: organizer, json: { show: true } }), 200, 'live on');
		const first = await switchedOn;

		// One resource, its ETag that of its bytes, kept by any cache for a second; 304 to the same ETag.
		const got = await fetch(`${BASE}${live}?v=${encodeURIComponent(first.etag)}`);
		expect(got.status).toBe(200);
		expect(got.headers.get('cache-control')).toBe(LIVE_CACHE_CONTROL);
		expect(got.headers.get('etag')).toBe(first.etag);
		const body = LiveCompetitionSchema.parse(await got.json());
		expect(body.state).toBe('provisional');
		expect(body.rows.map((r) => r.name)).toEqual(['Competitor 1', 'Competitor 2', 'Competitor 3']);
		// Gzipped for a reader that takes it (fetch asks for it and unzips): the same JSON.
		expect(got.headers.get('content-encoding')).toBe('gzip');
		const plain = await fetch(`${BASE}${live}`, { headers: { 'accept-encoding': 'identity' } });
		expect(plain.headers.get('content-encoding')).toBeNull();
		expect(LiveCompetitionSchema.parse(await plain.json())).toEqual(body);
		const again = await fetch(`${BASE}${live}`, { headers: { 'if-none-match': first.etag } });
		expect(again.status).toBe(304);
		expect(await again.text()).toBe('');

		// A judge's push: the viewers hear of the new version, which has the finish.
		const log = new DeviceLog({ deviceId: `tab-${tag}`, judge: 'Eva', competitionId: setup.competitionId, heatId: setup.heatId });
		const finished = stream.next((a) => a.competitionId === setup.competitionId && a.etag !== first.etag);
		log.start(T0, setup.entryIds);
		log.finish(setup.entryIds[1]!, T0 + 20 * 60_000);
		expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judge.token, json: { events: log.events } }), 200, 'push');
		const next = await finished;
		const now = LiveCompetitionSchema.parse(await (await fetch(`${BASE}${live}?v=${encodeURIComponent(next.etag)}`)).json());
		expect(now.rows[0]).toMatchObject({ name: 'Competitor 2', place: 1, result: { kind: 'time', ms: 20 * 60_000 }, stillGoing: false });
		expect(now.latest).toEqual([{ entryId: setup.entryIds[1], at: T0 + 20 * 60_000 }]);

		// Switched off: the viewers hear it is gone, and the resource says it is not shown live.
		const gone = stream.next((a) => a.competitionId === setup.competitionId && a.etag === '');
		expectStatus(await call('POST', `/api/events/${eventId}/competitions/${setup.competitionId}/live`, { token: organizer, json: { show: false } }), 200, 'live off');
		await gone;
		expect((await call('GET', live)).status).toBe(404);
	} finally {
		stream.close();
	}
	expect((await fetch(`${BASE}/api/public/events/no-such-event/live-announcements`)).status).toBe(404);
});
