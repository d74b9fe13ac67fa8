import { expect, test, type Page } from '@playwright/test';
import { fillSixSeats, HEAT_2_START, playSixSeats, screen, seedEvent, setUpSixSeats, SIX_SEATS_START } from './screens-kit';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { seatCard, seedTablet, twoEventTablet } from './station-helpers';

/**
 * Every screen of the app, in the states a user meets it in, at a 1280×800 tablet and a
 * 390×844 phone: a picture of each (SCREENSHOTS=before|after writes docs/screenshots/…), and
 * the checks every screen passes (tests/screens-kit.ts, checkScreen): every control at least
 * 44×44 px (the station's 48 px tall), no sideways scrolling, the sync badge in its own place
 * covering nothing, no axe-core violation.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 240_000 });

const MIN = 60_000;

/** Fixed IDs (a quick set-up's heat shows its ID): the same pictures on every run. */
async function fixedIds(page: Page) {
	await page.addInitScript(() => {
		let n = 0;
		crypto.randomUUID = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
	});
}

test('the start page', async ({ page }) => {
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await screen(page, 'home');
});

test('the station: quick set-up, a heat before and during its run, the tally, the standings, a seat’s rarer actions, the judge’s name', async ({ page }) => {
	await fixedIds(page);
	await page.clock.install({ time: SIX_SEATS_START - 5 * MIN });
	await page.goto('/station');
	await expect(page.getByTestId('judge')).toBeVisible();
	await screen(page, 'station-quick-setup-empty');
	await fillSixSeats(page);
	await screen(page, 'station-quick-setup');

	await setUpSixSeats(page);
	await screen(page, 'station-heat-ready');
	await playSixSeats(page);
	const paused = { pausedClock: true };
	await screen(page, 'station-heat', paused);

	await page.getByRole('button', { name: 'Standings' }).click();
	await expect(page.getByTestId('standings')).toBeVisible();
	await screen(page, 'station-standings', paused);
	await page.getByRole('button', { name: 'Standings' }).click();

	const marta = seatCard(page, 'Marta');
	await marta.getByTestId('more').click();
	await marta.getByTestId('dq').click();
	await expect(marta.getByTestId('dq-reason')).toBeVisible();
	await screen(page, 'station-seat-more', paused);
	await marta.getByTestId('more').click();

	await page.getByTestId('judge-change').click();
	await expect(page.getByTestId('judge-dialog')).toBeVisible();
	await screen(page, 'station-judge-dialog', paused);
	await page.keyboard.press('Escape');
	await expect(page.getByTestId('judge-dialog')).toBeHidden();
});

test('the station’s chooser: events, heats, tables; the judge’s name asked before a heat', async ({ page }) => {
	await page.goto('/station');
	await seedTablet(page, twoEventTablet());
	const choice = (name: string) => page.getByTestId('chooser').getByRole('button').filter({ hasText: name });
	const level = page.getByTestId('choose-level');
	await expect(level).toHaveText('Choose the event');
	await screen(page, 'station-chooser-events');
	await choice('Jarní puzzle den').click();
	await choice('Individuals').click();
	await expect(level).toHaveText('Choose the heat');
	await screen(page, 'station-chooser-heats');
	await choice('Heat 1').click();
	await expect(level).toHaveText('Choose your table');
	await screen(page, 'station-chooser-tables');

	await seedTablet(page, twoEventTablet(), { judge: null });
	await page.evaluate(() => localStorage.clear());
	await page.goto('/station?competition=spring-ind&heat=ind-h1&table=1');
	await expect(page.getByTestId('judge-ask')).toBeVisible();
	await screen(page, 'station-judge-ask');
});

test('pairing: unpaired, done, paired with its sync details, the unpair question; a paired station', async ({ page }) => {
	await page.goto('/pair');
	await expect(page.getByTestId('pair-not-paired')).toBeVisible();
	await screen(page, 'pair-unpaired');

	const event = await seedEvent('Pairing day');
	// From another page: the link opens /pair afresh, as the camera app does.
	await page.goto('/');
	await page.goto(event.tablet.pairUrl);
	await expect(page.getByTestId('pair-done')).toBeVisible();
	await screen(page, 'pair-done');

	await page.goto('/pair');
	await expect(page.getByTestId('pair-current')).toBeVisible();
	await expect(page.getByTestId('sync-details')).toBeVisible();
	await screen(page, 'pair-paired');
	await page.getByTestId('pair-unpair').click();
	await expect(page.getByTestId('pair-unpair-yes')).toBeVisible();
	await screen(page, 'pair-unpair');

	await page.goto('/station');
	await expect(page.getByTestId('chooser')).toContainText('Pairing day');
	await screen(page, 'station-paired');
});

test('the room display: unpaired, then a heat under way with its standings', async ({ page }) => {
	await page.goto('/display');
	await expect(page.getByTestId('display-unpaired')).toBeVisible();
	await screen(page, 'display-unpaired');

	const event = await seedEvent('Display day');
	await page.clock.install({ time: HEAT_2_START + 45 * MIN });
	await page.goto(event.display.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText('as display');
	await page.goto('/display');
	await expect(page.getByTestId('display-heat')).toHaveText('Heat 2');
	await page.clock.runFor(1000);
	await expect(page.getByTestId('display-rows')).toContainText('Filip Kučera');
	await screen(page, 'display');
});

test('the public results page: the latest version and an older one', async ({ page }) => {
	const event = await seedEvent('Results day');
	await page.goto(`/results/${event.eventId}`);
	await expect(page.locator(`section[data-competition="${event.competitionId}"]`)).toHaveAttribute('data-version', '2');
	await screen(page, 'results');
	await page.goto(`/results/${event.eventId}?competition=${event.competitionId}&version=1`);
	await expect(page.locator(`section[data-competition="${event.competitionId}"]`)).toHaveAttribute('data-version', '1');
	await screen(page, 'results-older');
});

test('the organizer: signing in, the event, an entry’s audit trail, publishing, the printable results', async ({ page }) => {
	await page.goto('/organizer');
	await expect(page.getByRole('textbox', { name: 'Organizer key' })).toBeVisible();
	await screen(page, 'organizer-sign-in');

	const event = await seedEvent('Organizer day');
	await signInOrganizer(page, event.org, event.eventId, event.eventName);
	await screen(page, 'organizer-hub');
	await openOrganizer(page, 'event');
	await expect(page.getByTestId('competition').first()).toBeVisible();
	await screen(page, 'organizer-event');
	await openOrganizer(page, 'setup');
	await expect(page.locator('#merge')).toBeVisible();
	await screen(page, 'organizer-setup');
	await openOrganizer(page, 'live');
	await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
	await screen(page, 'organizer-live');
	await openOrganizer(page, 'devices');
	await expect(page.locator('#devices')).toBeVisible();
	await screen(page, 'organizer-devices');
	await openOrganizer(page, 'review');
	const table = page.locator(`[data-testid="org-standings"][data-competition="${event.competitionId}"]`);
	await expect(table.locator(`tr[data-entry="${event.entryIds[5]}"]`).getByTestId('place')).toHaveText('1');
	await screen(page, 'organizer');

	await table.getByRole('button', { name: 'Audit trail of Bára Svobodová' }).click();
	await expect(page.getByTestId('entry-detail')).toBeVisible();
	await screen(page, 'organizer-entry-detail');
	await page.keyboard.press('Escape');
	await expect(page.getByTestId('entry-detail')).toBeHidden();

	const publish = page.getByTestId('publish').and(page.locator(`[data-competition="${event.competitionId}"]`));
	await publish.getByRole('button', { name: 'Publish version 3' }).click();
	await expect(page.getByTestId('publish-dialog')).toBeVisible();
	await screen(page, 'organizer-publish-dialog');
	await page.keyboard.press('Escape');

	await page.goto(`/organizer/print?competition=${event.competitionId}`);
	await expect(page.getByTestId('print-standings')).toContainText('Bára Svobodová');
	await screen(page, 'organizer-print');
});
