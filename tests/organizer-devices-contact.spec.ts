import { expect, test } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { quickSetup } from '../src/lib/station/quick-setup';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { addDevice, call, createEvent, expectStatus, RUN, T0 } from './sync-kit';
import { writeSetup } from './sync-kit';

/**
 * What the organizer is told of the event's devices (issue 30, point 14): "Last contact" counts
 * any request (a display that only pulls, the organizer's own device), and the merge screen
 * says who judged a competition of the organizer's that holds events, not "no judge events yet".
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const RULESET = presetById('czjpa-individual')!;
const MIN = 60_000;

test('Devices: a display that only pulls and the organizer’s own device show their last contact, a tablet never used says never', async ({ page }) => {
	const { eventId, token: org, event } = await createEvent(`Contact ${RUN}`);
	const display = await addDevice(eventId, org, 'display', 'Hall screen');
	const unused = await addDevice(eventId, org, 'judge', 'Spare tablet');
	expectStatus(await call('GET', `/api/events/${eventId}/judge-events?after=0`, { token: display.token }), 200, 'the display pulls');

	await signInOrganizer(page, org, eventId, event.name);
	await openOrganizer(page, 'devices');
	const row = (id: string) => page.locator(`[data-testid="device-row"][data-device="${id}"]`);
	const lastContact = (id: string) => row(id).locator('td').nth(1);
	await expect(row(display.device.id)).toBeVisible();
	await expect(lastContact(display.device.id)).not.toHaveText('never');
	await expect(lastContact(display.device.id)).toHaveText(/\d/);
	const self = page.locator('[data-testid="device-row"]').filter({ hasText: 'this device' });
	await expect(self.locator('td').nth(1)).toHaveText(/\d/);
	await expect(lastContact(unused.device.id)).toHaveText('never');
});

test('merge: a competition of the organizer’s holding a tablet’s events is “judged by” its judge, not “no judge events yet”', async ({ page }) => {
	const { eventId, token: org, event } = await createEvent(`Merge words ${RUN}`);
	const c = `mw-${RUN}`;
	const entries = ['Ana', 'Bob'].map((name, i) => ({ id: `${c}-e${i + 1}`, competitionId: c, heatId: `${c}-h1`, name, members: [], table: '1', seat: String(i + 1) }));
	await writeSetup(eventId, org, {
		rulesets: [RULESET],
		competitions: [{ id: c, eventId, name: 'Individual', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: `${c}-h1`, competitionId: c, name: 'Heat 1' }],
		entries
	});
	const table = await addDevice(eventId, org, 'judge', 'Table 1');
	const log = new DeviceLog({ deviceId: `tab-1-${RUN}`, judge: 'Eva', competitionId: c, heatId: `${c}-h1` });
	log.start(T0, entries.map((e) => e.id));
	log.hand(entries[0]!.id, T0 + 40 * MIN);
	expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: table.token, json: { events: log.events } }), 200, 'push');
	// A tablet's quick set-up of the same ruleset: one that may be folded into the organizer's.
	const q = quickSetup({ presetId: 'czjpa-individual', competitionName: 'Quick CZ', seatNames: ['Cyril'], day: '2026-05-16', suffix: `q${RUN.slice(-8)}` });
	if (!q.ok) throw new Error('quick set-up');
	const quick = await addDevice(eventId, org, 'judge', 'Table 2');
	const qlog = new DeviceLog({ deviceId: `tab-2-${RUN}`, judge: 'Pablo', competitionId: q.value.competitionId, heatId: q.value.heatId });
	qlog.start(T0, [`${q.value.competitionId}-s1`]);
	expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: quick.token, json: { events: qlog.events, setup: q.value.bundle } }), 200, 'quick push');

	await signInOrganizer(page, org, eventId, event.name);
	await openOrganizer(page, 'setup');
	const kept = page.getByTestId('merge-panel').getByLabel('Competition to keep');
	await expect(kept.locator('option', { hasText: 'Individual' })).toHaveText('Individual · entries: 2 · judged by Eva');
});
