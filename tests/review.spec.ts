import { expect, test } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { expectNoAxeViolations } from './a11y';
import { ownCompetition, openOrganizer, signInOrganizer } from './organizer-kit';
import { addDevice } from './sync-kit';

/**
 * The organizer's review of results: the double-check of every recorded finish (filters per
 * table and tablet) and the plots under a competition's standings, axe-checked with both shown.
 */

const T0 = Date.UTC(2026, 4, 16, 9);
const MIN = 60_000;
const auth = (t: string) => ({ authorization: `Bearer ${t}`, accept: 'application/json' });

test('the double-check lists each tablet’s finishes in time order with their fate; the plots show; no axe-core violations', async ({ page, request }) => {
	const own = await ownCompetition('review', 'czjpa-individual', ['Ada', 'Bo', 'Cid', 'Dan', 'Eli']);
	const COMPETITION = own.competitionId;
	const HEAT = own.heatId;
	const entry = (n: number) => own.entryIds[n - 1]!;
	const judges = { 'Review A': own.judge, 'Review B': (await addDevice(own.eventId, own.org, 'judge', 'Review B')).token };
	const stamp = Date.now();
	const a = new DeviceLog({ deviceId: `review-a-${stamp}`, judge: 'Eva', competitionId: COMPETITION, heatId: HEAT });
	const b = new DeviceLog({ deviceId: `review-b-${stamp}`, judge: 'Pablo', competitionId: COMPETITION, heatId: HEAT });
	a.start(T0, [entry(3), entry(4), entry(5)]);
	a.confirm(a.hand(entry(3), T0 + 30 * MIN), T0 + 31 * MIN);
	a.reject(a.hand(entry(5), T0 + 35 * MIN), T0 + 36 * MIN, 'two pieces off');
	a.correct(a.hand(entry(4), T0 + 40 * MIN), T0 + 41 * MIN, 'wrong seat');
	b.confirm(b.hand(entry(5), T0 + 44 * MIN), T0 + 45 * MIN);
	for (const [label, log] of [
		['Review A', a],
		['Review B', b]
	] as const) {
		const res = await request.post(`/api/events/${own.eventId}/judge-events`, { headers: auth(judges[label]), data: { events: log.events } });
		expect(res.status()).toBe(200);
	}

	await signInOrganizer(page, own.org, own.eventId, own.eventName);
	await openOrganizer(page, 'review');

	const panel = page.getByRole('region', { name: 'Double-check finishes' });
	const rows = panel.getByTestId('double-check').locator('tbody tr');
	// Tablets by their paired labels, never their IDs.
	await expect(panel.getByLabel('Tablet', { exact: true }).locator('option')).toHaveText(['All', 'Review B', 'review table']);
	await panel.getByLabel('Tablet', { exact: true }).selectOption({ label: 'review table' });
	await expect(rows).toHaveCount(3);
	await expect(rows.getByTestId('dc-tablet-name')).toHaveText(['review table', 'review table', 'review table']);
	await expect(panel).not.toContainText(a.opts.deviceId);
	await expect(rows.nth(0)).toHaveAttribute('data-status', 'counts');
	await expect(rows.nth(0)).toContainText('30:00');
	await expect(rows.nth(1)).toHaveAttribute('data-status', 'rejected');
	await expect(rows.nth(2)).toHaveAttribute('data-status', 'voided');
	await expect(rows.nth(2)).toContainText('Voided by a correction');

	await panel.getByLabel('Table', { exact: true }).selectOption('5');
	await expect(rows).toHaveCount(1);
	await panel.getByLabel('Tablet', { exact: true }).selectOption('');
	await expect(rows).toHaveCount(2);
	await expect(rows.nth(1)).toHaveAttribute('data-status', 'counts');
	await expect(rows.nth(1)).toContainText('Pablo');

	const competition = page.locator('details').filter({ has: page.locator(`[data-testid="org-standings"][data-competition="${COMPETITION}"]`) });
	await expect(competition.getByRole('img', { name: /^Final times of / })).toBeVisible();
	await expect(competition.getByRole('img', { name: /^Finishes over time: Heat 1/ })).toBeVisible();
	await expectNoAxeViolations(page);
});
