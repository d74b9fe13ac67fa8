import { expect, test } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { expectNoAxeViolations } from './a11y';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { addDevice, call, createEvent, expectStatus, RUN, T0, writeSetup } from './sync-kit';

/**
 * The organizer's review on screen: a tie for first broken by a tie-break heat (ES-TIE), then
 * results published, corrected and published again, and made final, all from /organizer; the
 * public page shows only what was published. Its own event, so the demo event's state does not
 * matter to other specs.
 */

const MIN = 60_000;
const SEC = 1000;
const ruleset = presetById('es-adult-individual')!;

test('ES-TIE: a tie for first gets a tie-break heat in one action, its order decides; then publish, correct, publish again, final', async ({ page }) => {
	const { eventId, token: org } = await createEvent(`Review ${RUN}`);
	const c = `rv-${RUN}`;
	const e = (n: string) => `${c}-${n}`;
	await writeSetup(eventId, org, {
		rulesets: [ruleset],
		competitions: [{ id: c, eventId, name: 'Adults', ruleset: { id: ruleset.id, version: ruleset.version } }],
		heats: [
			{ id: `${c}-h1`, competitionId: c, name: 'Morning' },
			{ id: `${c}-h2`, competitionId: c, name: 'Afternoon' }
		],
		entries: [
			{ id: e('ana'), competitionId: c, heatId: `${c}-h1`, name: 'Ana', members: [] },
			{ id: e('bruno'), competitionId: c, heatId: `${c}-h1`, name: 'Bruno', members: [] },
			{ id: e('carla'), competitionId: c, heatId: `${c}-h2`, name: 'Carla', members: [] },
			{ id: e('diego'), competitionId: c, heatId: `${c}-h2`, name: 'Diego', members: [] }
		]
	});
	const judge = await addDevice(eventId, org, 'judge', 'Table 1');
	const preview = 2 * MIN; // ES-PREVIEW
	// Ana 45:00.4 in the morning, Carla 45:00.9 in the afternoon: equal in whole seconds (ES-WIN), a tie for first.
	const morning = new DeviceLog({ deviceId: `${c}-tab1`, judge: 'Eva', competitionId: c, heatId: `${c}-h1` });
	morning.start(T0, [e('ana'), e('bruno')], preview);
	morning.confirm(morning.hand(e('ana'), T0 + preview + 45 * MIN + 400), T0 + preview + 46 * MIN, 0);
	const brunoHand = morning.hand(e('bruno'), T0 + preview + 50 * MIN);
	morning.confirm(brunoHand, T0 + preview + 51 * MIN, 0);
	const afternoon = new DeviceLog({ deviceId: `${c}-tab2`, judge: 'Pablo', competitionId: c, heatId: `${c}-h2` });
	const T1 = T0 + 4 * 60 * MIN;
	afternoon.start(T1, [e('carla'), e('diego')], preview);
	afternoon.confirm(afternoon.hand(e('carla'), T1 + preview + 45 * MIN + 900), T1 + preview + 46 * MIN, 0);
	afternoon.confirm(afternoon.hand(e('diego'), T1 + preview + 55 * MIN), T1 + preview + 56 * MIN, 0);
	// Two tablets, each with its own token (a judge's token pushes its own tablet's events only).
	const second = await addDevice(eventId, org, 'judge', 'Table 2');
	for (const [log, token] of [[morning, judge.token], [afternoon, second.token]] as const)
		expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token, json: { events: log.events } }), 200, 'push');

	await signInOrganizer(page, org, eventId, `Review ${RUN}`);
	await openOrganizer(page, 'review');
	const table = page.locator(`[data-testid="org-standings"][data-competition="${c}"]`);
	const place = (n: string) => table.locator(`tr[data-entry="${e(n)}"]`).getByTestId('place');
	await expect(place('ana')).toHaveText('1 (tie-break)');
	await expect(place('carla')).toHaveText('1 (tie-break)');

	// One action creates the tie-break heat (on the server, for every tablet); then its order.
	const tiebreak = page.getByTestId('tiebreak').and(page.locator(`[data-competition="${c}"]`));
	await expect(tiebreak).toContainText('Tied for first: Ana, Carla');
	await tiebreak.getByRole('button', { name: 'Create the tie-break heat' }).click();
	await expect(tiebreak.getByTestId('tiebreak-heat')).toContainText('Tie-break heat: Tie-break');
	const setup = expectStatus(await call('GET', `/api/events/${eventId}/setup`, { token: org }), 200, 'setup').body as { heats: { id: string; name: string }[] };
	expect(setup.heats.map((h) => h.id)).toContain(`${c}-tiebreak-1`);
	await tiebreak.getByLabel('Place 1').selectOption({ label: 'Carla' });
	await tiebreak.getByLabel('Place 2').selectOption({ label: 'Ana' });
	await tiebreak.getByRole('button', { name: 'Record the tie-break result' }).click();
	await expect(place('carla')).toHaveText('1');
	await expect(place('ana')).toHaveText('2');
	await expect(page.getByTestId('tiebreak')).toHaveCount(0);

	// Publish from the screen: the server computes what it holds (the tie-break result went there first).
	const publish = page.getByTestId('publish').and(page.locator(`[data-competition="${c}"]`));
	await expect(publish.getByTestId('publish-state')).toContainText('Not published');
	await publish.getByLabel('Note (what changed)').fill('First results');
	await publish.getByRole('button', { name: 'Publish', exact: true }).click();
	// First what will be public, then the step named: nothing is unresolved here.
	const dialog = page.getByRole('dialog', { name: `Publish version 1 of Adults?` });
	await expect(dialog.getByTestId('publish-facts')).toContainText('Ranked entries: 4 of 4');
	await expect(dialog.getByTestId('publish-facts')).toContainText('Awarded places: 1. Carla');
	await expect(dialog.getByTestId('publish-facts')).toContainText('Note: First results');
	await expect(dialog.getByTestId('publish-settled')).toContainText('Nothing unresolved');
	await dialog.getByRole('button', { name: 'Publish version 1' }).click();
	await expect(publish.getByRole('status')).toHaveText('Version 1 published.');
	await expect(publish.getByTestId('publish-state')).toContainText('Published: version 1');

	// A correction with a reason (Bruno's finish was 2 minutes later), then version 2.
	morning.correct(brunoHand, T0 + preview + 60 * MIN, 'Finish tapped early: the video shows 52:00', { type: 'hand.raised', at: T0 + preview + 52 * MIN, payload: {} });
	expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judge.token, json: { events: morning.events } }), 200, 'push correction');
	await page.getByTestId('sync-now').click();
	await expect(table.locator(`tr[data-entry="${e('bruno')}"]`).getByTestId('final-time')).toHaveText('52:00');
	await publish.getByRole('button', { name: 'Publish version 2' }).click();
	await page.getByRole('dialog', { name: 'Publish version 2 of Adults?' }).getByRole('button', { name: 'Publish version 2' }).click();
	await expect(publish.getByTestId('publish-state')).toContainText('Published: version 2');
	await publish.getByRole('button', { name: 'Make final' }).click();
	const final = page.getByRole('dialog', { name: 'Make version 2 of Adults final?' });
	await expect(final).toContainText('cannot be undone');
	await final.getByLabel('I understand that this cannot be undone').check();
	await final.getByRole('button', { name: 'Make version 2 final' }).click();
	await expect(publish.getByTestId('publish-state')).toContainText('Final: version 2, results locked');
	await expect(publish.getByRole('button', { name: /Publish/ })).toHaveCount(0);

	// The public page: version 2, Carla first; version 1 kept and reachable.
	await page.goto(`/results/${eventId}`);
	await expect(page.getByRole('heading', { level: 1 })).toContainText(`Review ${RUN}`);
	await expect(page.locator('main')).toContainText('Carla');
	await expect(page.locator('main')).toContainText('52:00');
	await expectNoAxeViolations(page);
	await page.goto(`/results/${eventId}?competition=${c}&version=1`);
	await expect(page.locator('main')).toContainText('50:00');
	await expectNoAxeViolations(page);
});
