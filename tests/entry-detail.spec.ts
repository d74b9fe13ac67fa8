import { expect, test } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { expectNoAxeViolations } from './a11y';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { addDevice, call, createEvent, expectStatus, RULESET, RUN, T0, writeSetup } from './sync-kit';

/**
 * The entry detail on /organizer: the audit trail of one entry recorded by two tablets (each
 * with its own name and clock report) and corrected with a reason, and the versions of its
 * record. Its own event, so the demo event's state does not matter.
 */

const MIN = 60_000;
const SEC = 1000;

test('entry detail: every event with its tablet, receipt time and clock offset, the correction\'s reason, the versions of the record; axe-clean; Escape closes', async ({ page }) => {
	test.setTimeout(90_000);
	const name = `Audit ${RUN}`;
	const { eventId, token: org } = await createEvent(name);
	const c = `ad-${RUN}`;
	const heatId = `${c}-h1`;
	const ana = `${c}-ana`;
	await writeSetup(eventId, org, {
		rulesets: [RULESET],
		competitions: [{ id: c, eventId, name: 'Individuals', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: heatId, competitionId: c, name: 'Heat 1' }],
		entries: [
			{ id: ana, competitionId: c, heatId, name: 'Ana', members: [] },
			{ id: `${c}-bob`, competitionId: c, heatId, name: 'Bob', members: [] }
		]
	});
	const north = await addDevice(eventId, org, 'judge', 'North tablet');
	const south = await addDevice(eventId, org, 'judge', 'South tablet');
	const tab1 = new DeviceLog({ deviceId: `${c}-tab1`, judge: 'Eva', competitionId: c, heatId });
	const tab2 = new DeviceLog({ deviceId: `${c}-tab2`, judge: 'Jan', competitionId: c, heatId });
	tab1.start(T0, [ana, `${c}-bob`]);
	const hand = tab1.hand(ana, T0 + 40 * MIN);
	const check = tab2.confirm(hand, T0 + 40 * MIN + 30 * SEC, 2);
	const push = async (token: string, events: unknown[], clock: { offsetMs: number; roundTripMs: number; measuredAt: number }) =>
		expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token, json: { events, clock } }), 200, 'push');
	await push(north.token, tab1.events, { offsetMs: -120, roundTripMs: 9, measuredAt: Date.now() });
	await push(south.token, tab2.events, { offsetMs: 250, roundTripMs: 14, measuredAt: Date.now() });
	const fix = tab2.correct(check, T0 + 50 * MIN, 'Recounted: no piece missing', { type: 'check.confirmed', at: check.at, payload: { ref: hand.id, missingPieces: 0 } });
	await push(south.token, tab2.events, { offsetMs: 250, roundTripMs: 14, measuredAt: Date.now() });

	await signInOrganizer(page, org, eventId, name);
	await openOrganizer(page, 'review');
	const table = page.locator(`[data-testid="org-standings"][data-competition="${c}"]`);
	await expect(table.locator(`tr[data-entry="${ana}"]`).getByTestId('final-time')).toHaveText('40:00.000');
	const opener = table.getByRole('button', { name: 'Audit trail of Ana' });
	await opener.click();

	const dialog = page.getByRole('dialog', { name: 'Ana: audit trail' });
	await expect(dialog).toBeVisible();
	const trail = dialog.getByTestId('entry-trail');
	const rows = trail.locator('tbody tr');
	await expect(rows).toHaveCount(4);
	// Every event arrived: its receipt time is shown, with the pushing tablet's name and clock.
	await expect(trail.getByTestId('received').filter({ hasText: 'not received' })).toHaveCount(0);
	await expect(rows.nth(0).getByTestId('device')).toContainText('North tablet');
	await expect(rows.nth(0)).toContainText('Heat started');
	await expect(rows.nth(0).getByTestId('offset')).toHaveText('-120 ms (round trip 9 ms)');
	await expect(rows.nth(1)).toContainText('Hand raised (finish)');
	await expect(rows.nth(2).getByTestId('device')).toContainText('South tablet');
	await expect(rows.nth(2).getByTestId('offset')).toHaveText('+250 ms (round trip 14 ms)');
	await expect(rows.nth(2)).toContainText('2 missing pieces');
	await expect(rows.nth(2)).toContainText('corrected later');
	await expect(rows.nth(3)).toContainText('Correction');
	await expect(rows.nth(3).getByTestId('reason')).toHaveText('Reason: Recounted: no piece missing');
	await expect(rows.nth(3)).toContainText('Jan');

	// The versions: running, finished pending check, checked with a penalty, corrected back to 40:00.
	const versions = dialog.getByTestId('entry-versions').locator('tbody tr');
	await expect(versions).toHaveCount(4);
	await expect(versions.nth(2).getByTestId('version-final')).not.toHaveText('40:00.000');
	await expect(versions.nth(2)).toContainText('penalties');
	await expect(versions.nth(3).getByTestId('version-final')).toHaveText('40:00.000');
	await expect(versions.nth(3)).toContainText('final time');

	await expectNoAxeViolations(page);
	await page.keyboard.press('Escape');
	await expect(dialog).toHaveCount(0);
	await expect(opener).toBeFocused();

	// Correct this event: the organizer voids the recount; the trail and the versions follow.
	await opener.click();
	const form = dialog.getByTestId('entry-void');
	await form.getByLabel('Event to void').selectOption(fix.id);
	await form.getByLabel('Reason (required)').fill('The recount was of the wrong table');
	await form.getByRole('button', { name: 'Void the event' }).click();
	await expect(form.getByRole('status')).toHaveText('Correction recorded.');
	await expect(rows).toHaveCount(5);
	await expect(trail.getByTestId('reason').filter({ hasText: 'The recount was of the wrong table' })).toHaveCount(1);
	await expect(versions).toHaveCount(5);
	await expect(versions.nth(4).getByTestId('version-final')).not.toHaveText('40:00.000');
	// Once synced, the server answers for the organizer's correction too.
	await expect(trail.getByTestId('received').filter({ hasText: 'not received' })).toHaveCount(0);
	await expectNoAxeViolations(page);
});
