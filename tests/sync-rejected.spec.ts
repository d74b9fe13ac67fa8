import { expect, test } from '@playwright/test';
import { addDevice, call, createEvent, expectStatus, RUN, setupOf, T0, writeSetup } from './sync-kit';
import { rememberJudge } from './station-helpers';

/**
 * An event the server will never take (its ID already stored with other content) leaves the
 * tablet's outbox for its list of refused events, with the reason, on the pairing page: it is
 * neither retried for ever nor lost silently.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test('issue 30 #2: an event the server refuses turns the badge into an error saying what; /pair says why and what to do; the outbox empties', async ({ page }) => {
	const { eventId, token: key } = await createEvent(`Refused ${RUN}`);
	const s = setupOf(eventId, `rj-${RUN}`, 2);
	await writeSetup(eventId, key, s.body);
	const judge = await addDevice(eventId, key, 'judge', 'Table 9');
	await page.goto(judge.pairUrl);
	await expect(page.getByTestId('pair-done')).toBeVisible();
	await rememberJudge(page, 'Ana');

	// Another device already sent an event under the ID this tablet's first event will get
	// (the station gives the tablet its device ID when it first opens).
	await page.goto(`/station?competition=${s.competitionId}&heat=${s.heatId}`);
	await expect(page.getByTestId('start')).toBeVisible();
	const deviceId = await page.evaluate(
		() =>
			new Promise<string>((resolve, reject) => {
				const open = indexedDB.open('puzzle-judge');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const get = open.result.transaction('meta').objectStore('meta').get('deviceId');
					get.onsuccess = () => (get.result ? resolve((get.result as { value: string }).value) : reject(new Error('no device ID yet')));
					get.onerror = () => reject(get.error);
				};
			})
	);
	// The tablet is offline meanwhile, so it cannot pull the squatter's event first (it would then
	// skip that number itself, src/lib/db/event-log.ts).
	await page.context().setOffline(true);
	const squatter = {
		id: `${deviceId}-1`,
		deviceId: 'tab-squatter',
		seq: 1,
		at: T0,
		mono: 0,
		judge: 'X',
		competitionId: s.competitionId,
		heatId: s.heatId,
		entryId: null,
		type: 'incident.noted',
		payload: { note: 'Another device took this ID first' }
	};
	// Pushed with the organizer key: a judge's token pushes its own tablet's events only, an organizer's any device's of its event.
	const pushed = expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: key, json: { events: [squatter] } }), 200, 'squatter');
	expect(pushed.body.stored).toHaveLength(1);

	// The tablet starts its heat (its event 1), then reconnects: the push meets the squatter's.
	await page.getByTestId('start').click();
	await expect(page.getByTestId('seat').first().getByTestId('status')).toHaveText('Running');
	await page.context().setOffline(false);
	// Issue 30 #2: a refused event is an error on the badge (never a green "online"), saying what was refused, in words.
	const badge = page.getByRole('status', { name: 'Sync' }).getByTestId('sync-refused');
	await expect(badge).toBeVisible({ timeout: 30_000 });
	await expect(badge).toHaveAttribute('data-tone', 'danger');
	await expect(badge).toContainText(`Refused by the server: Heat started · Individual rj-${RUN} · Heat 1. Tap for why and what to do`);
	await expect(badge).not.toContainText(deviceId);

	// The badge leads to why and what to do.
	await badge.click();
	await expect(page).toHaveURL(/\/pair\?show=refused$/);
	await expect(page.getByTestId('pair-problem')).toHaveCount(0);
	const details = page.getByTestId('sync-details');
	await expect(details.getByTestId('sync-details-waiting')).toHaveText('0');
	const item = details.getByTestId('sync-rejected-item');
	await expect(item).toHaveCount(1);
	await expect(item).toHaveAttribute('data-kind', 'conflict');
	await expect(item).toContainText('Heat started · Individual rj-');
	await expect(item).toContainText('Why: another device sent an event under the same number first');
	await expect(item).toContainText('What to do: tell the organizer');
	await expect(item).not.toContainText(deviceId);
	await expect(details).toContainText('Events the server refused (1)');
});
