import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillQuickSetup } from './station-helpers';
import { FULL_ONLY } from './tier';

/**
 * A 10" tablet in landscape (1280×800): with 1 to 6 seats, the presets' usual table sizes,
 * every seat's main action is on screen without scrolling: "Hand raised" while the clocks
 * run, "Confirm" and "Not finished" while every seat is in its check, "I agree" after it. With
 * more seats the screen says which seats lie below and that scrolling reaches them. The gate
 * takes 1 and 6 seats (the fewest and the most that must fit); `npm run test:full` every count.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 800 } });

const MIN = 60_000;
const T0 = Date.parse('2026-05-16T09:00:00Z');
const NAMES = ['Lucía', 'Marta', 'Nuria', 'Olga', 'Pilar', 'Rocío', 'Sara', 'Teresa'];

/** The element lies wholly inside the viewport, as the page stands (nothing scrolled). */
async function expectOnScreen(locator: Locator, what: string) {
	const box = await locator.boundingBox();
	expect(box, what).not.toBeNull();
	const { width, height } = locator.page().viewportSize()!;
	expect(box!.y, `${what}: top on screen`).toBeGreaterThanOrEqual(0);
	expect(box!.y + box!.height, `${what}: bottom on screen (of ${height})`).toBeLessThanOrEqual(height);
	expect(box!.x, `${what}: left on screen`).toBeGreaterThanOrEqual(0);
	expect(box!.x + box!.width, `${what}: right on screen`).toBeLessThanOrEqual(width);
}

async function openTable(page: Page, presetId: string, names: string[]) {
	await page.clock.install({ time: T0 });
	await page.goto('/station');
	await fillQuickSetup(page, presetId, names);
	await page.getByTestId('start').click();
	// The ES preview (2:00) runs out; the clocks run.
	await page.clock.fastForward(3 * MIN);
	await expect(page.getByTestId('seat').first().getByTestId('status')).toHaveText('Running');
	await page.evaluate(() => window.scrollTo(0, 0));
}

for (const presetId of ['es-adult-individual', 'czjpa-individual']) {
	for (let n = 1; n <= 6; n++) {
		test(`${presetId}, ${n} seat${n === 1 ? '' : 's'} at 1280×800: every main action on screen, running, in the check and for the agreement`, n === 1 || n === 6 ? {} : FULL_ONLY, async ({ page }) => {
			const names = NAMES.slice(0, n);
			await openTable(page, presetId, names);
			const seats = page.getByTestId('seat');
			for (let i = 0; i < n; i++) await expectOnScreen(seats.nth(i).getByTestId('hand'), `${names[i]}: Hand raised`);
			await expect(page.getByTestId('more-seats')).toHaveCount(0);

			// Every seat raises the hand: every seat is in its check at once.
			for (let i = 0; i < n; i++) await seats.nth(i).getByTestId('hand').click();
			await page.evaluate(() => window.scrollTo(0, 0));
			for (let i = 0; i < n; i++) {
				await expect(seats.nth(i).getByTestId('status')).toHaveText('Finished');
				await expectOnScreen(seats.nth(i).getByTestId('confirm'), `${names[i]}: Confirm`);
				await expectOnScreen(seats.nth(i).getByTestId('reject'), `${names[i]}: Not finished`);
			}
			await expect(page.getByTestId('more-seats')).toHaveCount(0);

			for (let i = 0; i < n; i++) await seats.nth(i).getByTestId('confirm').click();
			await page.evaluate(() => window.scrollTo(0, 0));
			for (let i = 0; i < n; i++) await expectOnScreen(seats.nth(i).getByTestId('agree'), `${names[i]}: I agree`);
		});
	}
}

test('with 8 seats the screen says above the grid that seats 7–8 lie below; scrolling reaches them', async ({ page }) => {
	await openTable(page, 'es-adult-individual', NAMES);
	const more = page.getByTestId('more-seats');
	await expect(more).toHaveText('↓ Scroll down for seats 7–8');
	await expectOnScreen(more, 'the hint');
	const seats = page.getByTestId('seat');
	for (let i = 0; i < 6; i++) await expectOnScreen(seats.nth(i).getByTestId('hand'), `${NAMES[i]}: Hand raised`);
	await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
	for (const i of [6, 7]) await expectOnScreen(seats.nth(i).getByTestId('hand'), `${NAMES[i]}: Hand raised, scrolled to`);
	await expect(more).toHaveCount(0);
});
