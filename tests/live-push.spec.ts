import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { ownCompetition, openOrganizer, signInOrganizer } from './organizer-kit';
import { addDevice } from './sync-kit';

/**
 * Issue 32 #1: a tablet's confirmed finish reaches the organizer's review through the server's
 * announcement, not its 30 s poll: the organizer's page runs on a paused clock, so no timer of
 * its own can fire. With the announcement stream cut, the poll still converges.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const T0 = Date.UTC(2026, 4, 16, 9);
const MIN = 60_000;
const auth = (t: string) => ({ authorization: `Bearer ${t}`, accept: 'application/json' });

/** The organizer's review of a fresh competition, on a clock the test controls (installed before the page loads). */
async function organizerReview(page: Page, names: string[]) {
	const own = await ownCompetition('live-push', 'czjpa-individual', names);
	await page.clock.install();
	await signInOrganizer(page, own.org, own.eventId, own.eventName);
	await openOrganizer(page, 'review');
	const row = (i: number) => page.getByTestId('org-standings').locator(`tr[data-entry="${own.entryIds[i]}"]`);
	await expect(row(0)).toBeAttached();
	await expect(row(0).getByTestId('final-time')).toHaveText('');
	return { own, row };
}

test('issue 32 #1: a confirmed finish appears on the organizer’s review without a reload, by the announcement (its poll cannot run)', async ({ page, request }) => {
	const { own, row } = await organizerReview(page, ['Ada', 'Bo']);
	// Its answer, not its request: the server subscribes the stream before it answers (an announcement before that is not sent).
	const announced = page.waitForResponse((r) => r.url().endsWith(`/api/events/${own.eventId}/announcements`));
	await page.reload();
	await announced;
	await expect(row(0)).toBeAttached();
	// From here no timer of the page fires: not the 30 s sync, not a retry.
	await page.clock.pauseAt(Date.now() + 1_000);
	const pulls: string[] = [];
	page.on('request', (r) => r.url().includes(`/api/events/${own.eventId}/judge-events?`) && pulls.push(r.url()));

	const log = new DeviceLog({ deviceId: `live-${Date.now()}`, judge: 'Eva', competitionId: own.competitionId, heatId: own.heatId });
	log.start(T0, own.entryIds);
	log.confirm(log.hand(own.entryIds[0]!, T0 + 30 * MIN), T0 + 31 * MIN);
	const pushed = await request.post(`/api/events/${own.eventId}/judge-events`, { headers: auth(own.judge), data: { events: log.events } });
	expect(pushed.status()).toBe(200);

	await expect(row(0).getByTestId('final-time')).toHaveText(/^30:00/);
	await expect(row(0).getByTestId('place')).toHaveText('1');
	expect(pulls.length).toBeGreaterThanOrEqual(1);
});

test('issue 32 #1: with the announcement stream cut, the organizer’s 30 s sync still brings the finish', async ({ page, request }) => {
	await page.route('**/announcements', (route) => route.abort());
	const { own, row } = await organizerReview(page, ['Ada', 'Bo']);

	const log = new DeviceLog({ deviceId: `live-cut-${Date.now()}`, judge: 'Eva', competitionId: own.competitionId, heatId: own.heatId });
	log.start(T0, own.entryIds);
	log.confirm(log.hand(own.entryIds[1]!, T0 + 25 * MIN), T0 + 26 * MIN);
	expect((await request.post(`/api/events/${own.eventId}/judge-events`, { headers: auth(own.judge), data: { events: log.events } })).status()).toBe(200);

	// Nothing announced: the finish waits for the poll, which the test's clock brings.
	await expect(row(1).getByTestId('final-time')).toHaveText('');
	await page.clock.fastForward(31_000);
	await expect(row(1).getByTestId('final-time')).toHaveText(/^25:00/);
});

test('issue 32 #1: the room display shows a new finish by the announcement, its clock paused', async ({ page, request }) => {
	const own = await ownCompetition('live-display', 'czjpa-individual', ['Ada', 'Bo', 'Cy']);
	const display = await addDevice(own.eventId, own.org, 'display', 'Hall screen');
	const log = new DeviceLog({ deviceId: `live-display-${Date.now()}`, judge: 'Eva', competitionId: own.competitionId, heatId: own.heatId });
	const push = async () => expect((await request.post(`/api/events/${own.eventId}/judge-events`, { headers: auth(own.judge), data: { events: log.events } })).status()).toBe(200);
	log.start(T0, own.entryIds);
	log.confirm(log.hand(own.entryIds[0]!, T0 + 30 * MIN), T0 + 31 * MIN);
	await push();

	await page.clock.install({ time: T0 + 35 * MIN });
	await page.goto(display.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText('as display');
	// The display's stream, not the pairing page's (its device syncs too), and its answer, not its
	// request: the server subscribes a stream before it answers (an announcement before that is not sent).
	const announced = page.waitForResponse((r) => r.url().endsWith(`/api/events/${own.eventId}/announcements`) && new URL(r.frame().url()).pathname === '/display');
	await page.goto('/display');
	await announced;
	const rows = page.getByTestId('display-rows').getByTestId('display-row');
	await expect(rows.first()).toContainText('Ada');
	await expect(rows.first()).toContainText('30:00');
	// No timer of the page fires from here: not its 30 s sync.
	await page.clock.pauseAt(T0 + 36 * MIN);

	log.confirm(log.hand(own.entryIds[1]!, T0 + 33 * MIN), T0 + 34 * MIN);
	await push();
	await expect(rows.nth(1)).toContainText('Bo');
	await expect(rows.nth(1)).toContainText('33:00');
});
