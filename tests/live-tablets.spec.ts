import { expect, test } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { rememberJudge } from './station-helpers';
import { addDevice, createEvent, RULESET, writeSetup } from './sync-kit';

/**
 * Issue 32 #1: two tablets of one heat see each other's records as soon as both are online.
 * Tablet B judges in a real browser on a paused clock (no timer of its own fires, so not its
 * 30 s sync); tablet A's start and confirmed finish reach the server, and B's seat grid shows
 * them by the server's announcement.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const MIN = 60_000;
const auth = (t: string) => ({ authorization: `Bearer ${t}`, accept: 'application/json' });

test('issue 32 #1: a finish another tablet of the heat records appears on this tablet without a reload, by the announcement', async ({ page, request }) => {
	const { eventId, token: org } = await createEvent(`Two tablets live ${Date.now()}`);
	const competitionId = `${eventId}-c`;
	const heatId = `${competitionId}-h1`;
	const entries = ['Ana', 'Bohdan'].map((name, i) => ({ id: `${competitionId}-e${i + 1}`, competitionId, heatId, name, members: [], table: '1', seat: String(i + 1) }));
	await writeSetup(eventId, org, {
		rulesets: [RULESET],
		competitions: [{ id: competitionId, eventId, name: 'Individuals', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: heatId, competitionId, name: 'Heat 1' }],
		entries
	});
	const tabletA = await addDevice(eventId, org, 'judge', 'Table 1 A');
	const tabletB = await addDevice(eventId, org, 'judge', 'Table 1 B');

	await page.clock.install();
	await page.goto(tabletB.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText('as judge');
	await rememberJudge(page, 'Jan');
	// The tablet's first sync done (its first pull answered) and its announcement stream open.
	const announced = page.waitForRequest((r) => r.url().endsWith(`/api/events/${eventId}/announcements`));
	const pulled = page.waitForResponse((r) => r.url().includes(`/api/events/${eventId}/judge-events?`));
	await page.goto(`/station?competition=${competitionId}&heat=${heatId}&table=1`);
	await Promise.all([announced, pulled]);
	const seat = (name: string) => page.getByTestId('seat').filter({ has: page.getByRole('heading', { name }) });
	await expect(seat('Ana').getByTestId('status')).toHaveText('Not started');
	// From here no timer of the page fires: not its 30 s sync, not a retry.
	const now = await page.evaluate(() => Date.now());
	await page.clock.pauseAt(now + 500);
	const pulls: string[] = [];
	page.on('request', (r) => r.url().includes(`/api/events/${eventId}/judge-events?`) && pulls.push(r.url()));

	const log = new DeviceLog({ deviceId: `tablet-a-${Date.now()}`, judge: 'Eva', competitionId, heatId });
	log.start(now - 20 * MIN, entries.map((e) => e.id));
	log.confirm(log.hand(entries[0]!.id, now - 5 * MIN), now - 4 * MIN);
	expect((await request.post(`/api/events/${eventId}/judge-events`, { headers: auth(tabletA.token), data: { events: log.events } })).status()).toBe(200);

	await expect(seat('Ana').getByTestId('status')).toHaveText('Finished');
	await expect(seat('Bohdan').getByTestId('status')).toHaveText('Running');
	expect(pulls.length).toBeGreaterThanOrEqual(1);
});
