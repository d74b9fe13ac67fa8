import { expect, test } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { axeViolations, expectNoAxeViolations } from './a11y';
import { ownCompetition, openOrganizer, signInOrganizer } from './organizer-kit';

/**
 * Accessibility of the results screens (axe-core, WCAG 2.1 AA): the organizer's standings with
 * results in them. The public results page and the room display have their checks in their own
 * specs' flows (results-public, display) where the data they need is made.
 */

const T0 = Date.UTC(2026, 4, 16, 9);
const MIN = 60_000;
const auth = (t: string) => ({ authorization: `Bearer ${t}`, accept: 'application/json' });

test('the organizer’s standings have no axe-core violations', async ({ page, request }) => {
	const own = await ownCompetition('a11y', 'czjpa-individual', ['Alena', 'Boris', 'Cecílie']);
	const log = new DeviceLog({ deviceId: `a11y-${Date.now()}`, judge: 'Eva', competitionId: own.competitionId, heatId: own.heatId });
	const entries = own.entryIds;
	log.start(T0, entries);
	log.confirm(log.hand(entries[0]!, T0 + 50 * MIN), T0 + 51 * MIN, 2);
	log.confirm(log.hand(entries[1]!, T0 + 45 * MIN), T0 + 46 * MIN, 0);
	const res = await request.post(`/api/events/${own.eventId}/judge-events`, { headers: auth(own.judge), data: { events: log.events } });
	expect(res.status()).toBe(200);

	await signInOrganizer(page, own.org, own.eventId, own.eventName);
	await openOrganizer(page, 'review');
	const table = page.locator(`[data-testid="org-standings"][data-competition="${own.competitionId}"]`);
	await expect(table.locator(`tr[data-entry="${entries[1]}"]`).getByTestId('place')).toHaveText('1');
	await expectNoAxeViolations(page);
});

test('the check finds what it is for: an image without a text, a button without a name, grey on grey; in the part asked for only', async ({ page }) => {
	await page.setContent(
		'<main><h1>Test</h1><img src="data:,"><p style="color:#999;background:#aaa">faint</p><section id="part"><button></button></section></main>'
	);
	const all = (await axeViolations(page)).map((v) => v.split(' ')[0]);
	expect(all).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'color-contrast']));
	// Again on the same page (axe is already in it), only inside #part.
	expect((await axeViolations(page, '#part')).map((v) => v.split(' ')[0])).toEqual(['button-name']);
});
