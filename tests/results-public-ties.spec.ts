import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { tiebreakResultEvent } from '../src/lib/results/tiebreak-heat';
import { addDevice, call, createEvent, expectStatus, RUN, T0, writeSetup } from './sync-kit';

/**
 * Issue 30 #19: the public page shows the award marks the organizer's standings show; a tie for
 * first says what became of it (awaiting a tie-break, decided by one, or kept by rules without
 * one); nothing internal to the devices (a "Not paired" badge) is shown to the public.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const MIN = 60_000;

/** An event of one competition of `presetId`, one heat, entries `names`: each finishes at the minutes given (+ ms). */
async function finishedHeat(tag: string, presetId: string, finishes: Record<string, number>) {
	const ruleset = presetById(presetId)!;
	const { eventId, token: org, event } = await createEvent(`${tag} ${RUN}`);
	const c = `${tag}-${RUN}`;
	const heatId = `${c}-h1`;
	const names = Object.keys(finishes);
	const id = (name: string) => `${c}-${name.toLowerCase()}`;
	await writeSetup(eventId, org, {
		rulesets: [ruleset],
		competitions: [{ id: c, eventId, name: 'Open', ruleset: { id: ruleset.id, version: ruleset.version } }],
		heats: [{ id: heatId, competitionId: c, name: 'Heat 1' }],
		entries: names.map((name) => ({ id: id(name), competitionId: c, heatId, name, members: [] }))
	});
	const judge = await addDevice(eventId, org, 'judge', 'Table 1');
	const log = new DeviceLog({ deviceId: `${c}-tab`, judge: 'Eva', competitionId: c, heatId });
	const preview = ruleset.previewMs;
	log.start(T0, names.map(id), preview);
	for (const [name, at] of Object.entries(finishes)) log.confirm(log.hand(id(name), T0 + preview + at), T0 + preview + at + MIN, 0);
	const push = async () => expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judge.token, json: { events: log.events } }), 200, 'push');
	await push();
	const publish = async () => expectStatus(await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId: c } }), 201, 'publish');
	return { eventId, eventName: event.name, c, id, log, push, publish };
}

const row = (page: Page, name: string) => page.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test('issue 30 #19, ES-TIE: the public page marks the awarded places, says a tie for first awaits a tie-break, then that the tie-break decided it; no device badge', async ({ page }) => {
	// ES-WIN counts whole seconds: Ana 45:00.4 and Carla 45:00.9 tie for first; Bruno is third.
	const h = await finishedHeat('ties', 'es-adult-individual', { Ana: 45 * MIN + 400, Carla: 45 * MIN + 900, Bruno: 50 * MIN });
	await h.publish();

	await page.goto(`/results/${h.eventId}`);
	await expect(row(page, 'Ana').getByTestId('place')).toHaveText('1');
	await expect(row(page, 'Carla').getByTestId('place')).toHaveText('1');
	// The winner's award (ES: awards.topN 1), on both tied entries, as on the organizer's standings.
	await expect(row(page, 'Ana').getByTestId('award-mark')).toBeVisible();
	await expect(row(page, 'Carla').getByTestId('award-mark')).toBeVisible();
	await expect(row(page, 'Bruno').getByTestId('award-mark')).toHaveCount(0);
	const tie = page.getByTestId('results-tie');
	await expect(tie).toContainText('Ana and Carla are tied for first place');
	await expect(tie).toContainText('a tie-break puzzle may decide');
	// Nothing of the devices: a public reader pairs nothing.
	await expect(page.getByText('Not paired')).toHaveCount(0);
	await expect(page.locator('.sync-region, [data-testid="sync-status"]')).toHaveCount(0);

	// The tie-break puzzle: Carla ahead of Ana; version 2.
	const result = tiebreakResultEvent({ entryIds: [h.id('Ana'), h.id('Carla')] }, [h.id('Carla'), h.id('Ana')]);
	h.log.record(result.type, T0 + 3 * 60 * MIN, null, result.payload);
	await h.push();
	await h.publish();
	await page.reload();
	await expect(row(page, 'Carla').getByTestId('place')).toHaveText('1');
	await expect(row(page, 'Ana').getByTestId('place')).toHaveText('2');
	await expect(row(page, 'Carla').getByTestId('award-mark')).toBeVisible();
	await expect(row(page, 'Ana').getByTestId('award-mark')).toHaveCount(0);
	await expect(page.getByTestId('results-tie')).toHaveText('First place was decided by a tie-break puzzle: 1. Carla, 2. Ana.');
});

test('issue 30 #19, CZ-IND-RANK-3: two first places under rules without a tie-break: the page says the tie stands by the rules', async ({ page }) => {
	const h = await finishedHeat('shared', 'czjpa-individual', { Dana: 40 * MIN, Emil: 40 * MIN, Filip: 55 * MIN });
	await h.publish();
	await page.goto(`/results/${h.eventId}`);
	await expect(row(page, 'Dana').getByTestId('place')).toHaveText('1');
	await expect(row(page, 'Emil').getByTestId('place')).toHaveText('1');
	await expect(row(page, 'Dana').getByTestId('award-mark')).toBeVisible();
	await expect(row(page, 'Filip').getByTestId('award-mark')).toBeVisible();
	await expect(page.getByTestId('results-tie')).toHaveText('Dana and Emil share first place: these rules have no tie-break, so the tie stands.');
});
