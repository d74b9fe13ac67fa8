import { expect } from 'vitest';
import { DeviceLog } from '../../src/lib/events/builder';
import { demoToken } from '../sync-kit';
import { test, type APIRequestContext } from './request';

/**
 * The sync endpoints over real HTTP against the production server on 127.0.0.1, with tokens of
 * the demo event that its organizer adds through the API (scripts/device-token.test.ts proves
 * the command that issues the first key).
 */

const URL = '/api/events/demo/judge-events';
const T0 = Date.UTC(2026, 4, 16, 9);

const auth = (t: string) => ({ authorization: `Bearer ${t}`, accept: 'application/json' });

async function pull(request: APIRequestContext, t: string, after = 0, limit = 1000) {
	const res = await request.get(`${URL}?after=${after}&limit=${limit}`, { headers: auth(t) });
	expect(res.status()).toBe(200);
	return (await res.json()) as { events: { id: string }[]; cursor: number; more: boolean };
}

test('push and pull: idempotent, event by event, paged; 401, 403, 400 and 413 with a clear message', async ({ request }) => {
	const judge = await demoToken('judge', 'Table 1');
	const display = await demoToken('display', 'Hall screen');
	const log = new DeviceLog({ deviceId: `tab-${Date.now()}`, judge: 'Eva', competitionId: 'demo-czjpa-individual', heatId: 'h1' });
	const events = [log.start(T0, ['e1', 'e2']), log.hand('e1', T0 + 1_800_000), log.hand('e2', T0 + 1_900_000)];
	const start = await pull(request, judge);

	const first = await request.post(URL, { headers: auth(judge), data: { events: [events[0], { id: 'broken' }, events[1]] } });
	expect(first.status()).toBe(200);
	const pushed = await first.json();
	expect(pushed.stored.map((s: { id: string }) => s.id)).toEqual([events[0]!.id, events[1]!.id]);
	expect(pushed.refused).toEqual([{ index: 1, id: 'broken', reason: expect.stringContaining('type') }]);

	// The reply was "lost": the device sends everything again, nothing is doubled.
	const again = await (await request.post(URL, { headers: auth(judge), data: { events } })).json();
	expect(again.duplicates).toEqual([events[0]!.id, events[1]!.id]);
	expect(again.stored.map((s: { id: string }) => s.id)).toEqual([events[2]!.id]);

	// A display reads, page by page, from where it was.
	const page1 = await pull(request, display, start.cursor, 2);
	expect(page1.events.map((e) => e.id)).toEqual([events[0]!.id, events[1]!.id]);
	expect(page1.more).toBe(true);
	const page2 = await pull(request, display, page1.cursor, 2);
	expect(page2.events.map((e) => e.id)).toEqual([events[2]!.id]);
	expect(page2.more).toBe(false);

	const status = async (p: Promise<{ status(): number; json(): Promise<{ message: string }> }>) => {
		const r = await p;
		return [r.status(), (await r.json()).message] as const;
	};
	expect(await status(request.get(URL, { headers: { accept: 'application/json' } }))).toEqual([401, expect.stringMatching(/device token/)]);
	expect(await status(request.post(URL, { headers: auth(display), data: { events } }))).toEqual([403, expect.stringMatching(/display device may not/)]);
	expect(await status(request.get('/api/events/other/judge-events', { headers: auth(judge) }))).toEqual([403, expect.stringMatching(/another event/)]);
	expect(await status(request.post(URL, { headers: { ...auth(judge), 'content-type': 'application/json' }, data: Buffer.from('{"events": [') }))).toEqual([400, expect.stringMatching(/not JSON/)]);
	expect(await status(request.post(URL, { headers: auth(judge), data: { events: 'all' } }))).toEqual([400, expect.stringMatching(/events/)]);
	expect(await status(request.get(`${URL}?after=-1`, { headers: auth(judge) }))).toEqual([400, expect.stringMatching(/after/)]);
	const huge = JSON.stringify({ events: [{ note: 'x'.repeat(600 * 1024) }] });
	expect(await status(request.post(URL, { headers: { ...auth(judge), 'content-type': 'application/json' }, data: Buffer.from(huge) }))).toEqual([413, expect.stringMatching(/at most/)]);
	// Still up, nothing of the refused requests stored.
	expect((await pull(request, judge, page2.cursor)).events).toEqual([]);
});
