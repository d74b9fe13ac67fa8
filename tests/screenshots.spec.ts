import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillSixSeats, playSixSeats, setUpSixSeats, SIX_SEATS_START } from './screens-kit';
import { seedTablet, twoEventTablet } from './station-helpers';
import { FULL_ONLY } from './tier';

/**
 * Screenshots of the station's main screens for docs/screenshots/, at a landscape and a
 * portrait tablet size, with checks that the screens are usable on a tablet there: nothing
 * scrolls sideways, every seat card is fully on screen, the main actions are at least 72 px
 * tall and every other button at least 48 px. In `npm run test:full` (FULL_ONLY): the gate
 * checks every screen at the phone's size (tests/screens.spec.ts).
 */

// The pictures show the station ready to work offline: the service worker is allowed.
test.use({ locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'allow' });

// The committed screenshots are rewritten only on request (UPDATE_SCREENSHOTS=1 npx playwright
// test tests/screenshots.spec.ts); an ordinary run writes them under test-results/.
const OUT = fileURLToPath(new URL(process.env.UPDATE_SCREENSHOTS ? '../docs/screenshots/' : '../test-results/screenshots/', import.meta.url));
const VIEWPORTS = [
	{ width: 1280, height: 800 },
	{ width: 800, height: 1280 }
] as const;
/** A phone, for the layout checks only. */
const PHONE = { width: 390, height: 844 } as const;
const MIN = 60_000;
const START = SIX_SEATS_START;

/** Buttons that are the main action of their screen or card. */
const MAIN_ACTIONS = 'button.main, button.start, button.go';

async function checkLayout(page: Page, where: string) {
	const viewport = page.viewportSize()!;
	const scroll = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
	expect(scroll.innerWidth, where).toBe(viewport.width);
	expect(scroll.scrollWidth, `${where}: no horizontal scrolling`).toBeLessThanOrEqual(viewport.width);

	for (const box of await page.getByTestId('seat').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON() as DOMRect))) {
		expect(box.left, `${where}: a seat card starts on screen`).toBeGreaterThanOrEqual(0);
		expect(box.right, `${where}: a seat card ends on screen`).toBeLessThanOrEqual(viewport.width);
	}

	const buttons = await page.locator('button, summary').evaluateAll((els, mainSelector) => {
		return els
			.filter((el) => el.checkVisibility())
			.map((el) => {
				const r = el.getBoundingClientRect();
				return { label: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40), main: el.matches(mainSelector), height: r.height, width: r.width };
			});
	}, MAIN_ACTIONS);
	expect(buttons.length, where).toBeGreaterThan(0);
	const tooLow = buttons.filter((b) => b.height < (b.main ? 72 : 48) - 0.5);
	expect(tooLow, `${where}: main actions ≥ 72 px tall, other buttons ≥ 48 px`).toEqual([]);
	// Narrow targets are reported, not failed: the rule checked is the height.
	const narrow = buttons.filter((b) => b.width < 48 - 0.5);
	if (narrow.length > 0)
		test.info().annotations.push({ type: 'narrow buttons', description: `${where}: ${narrow.map((b) => `"${b.label}" ${b.width.toFixed(1)} px wide`).join(', ')}` });
	return buttons;
}

async function shoot(page: Page, name: string, fullPage = true) {
	const { width, height } = page.viewportSize()!;
	mkdirSync(OUT, { recursive: true });
	await page.screenshot({ path: `${OUT}${name}-${width}x${height}.png`, fullPage });
}

const seat = (page: Page, name: string) => page.getByTestId('seat').filter({ has: page.getByRole('heading', { name }) });

test('the station screens at 1280×800 and 800×1280 (and the heat on a phone): screenshots, no sideways scrolling, large enough buttons', FULL_ONLY, async ({ page }) => {
	// The same pictures on every run: fixed IDs (the heat's ID is shown), a paused clock.
	await page.addInitScript(() => {
		let n = 0;
		crypto.randomUUID = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
	});
	await page.clock.install({ time: START - 5 * MIN });
	await page.setViewportSize(VIEWPORTS[0]);
	await page.goto('/station');
	await fillSixSeats(page);

	for (const viewport of VIEWPORTS) {
		await page.setViewportSize(viewport);
		const buttons = await checkLayout(page, `home ${viewport.width}x${viewport.height}`);
		expect(buttons.filter((b) => b.main).map((b) => b.label)).toEqual(['Set up the heat']);
		await shoot(page, 'station-home');
	}

	// A Spanish adult turn (pauses allowed), 6 seats in different states at 2:01:00 of counted time.
	await setUpSixSeats(page);
	await playSixSeats(page);
	const [lucia, marta, nuria, pilar, rocio] = ['Lucía', 'Marta', 'Nuria', 'Pilar', 'Rocío'].map((n) => seat(page, n)) as [Locator, Locator, Locator, Locator, Locator];

	const statuses = await page.getByTestId('status').allTextContents();
	expect(statuses).toEqual(['Paused', 'Running', 'Finished', 'Finished · locked', 'Time is up', 'Time is up']);
	await expect(nuria.getByTestId('confirm')).toBeVisible();
	await expect(pilar.getByTestId('tally-sum')).toContainText('155 counted · 45 loose');
	await expect(rocio.getByTestId('result')).toContainText('180 pieces counted');
	await expect(page.getByRole('status').filter({ hasText: 'Ready to work offline' })).toBeVisible();
	// The heat's limit has passed; Lucía and Marta go on, their limits moved back by their pauses (ES-PAUSE).
	await expect(page.getByTestId('heat-state')).toHaveText('Time is up · 2 seats still going');
	await expect(lucia.getByTestId('pause-clock')).toHaveText('Pause 2:00 · at most 3:00 more');
	await expect(lucia.getByTestId('own-left')).toHaveText('Own time left: 6:00');
	await expect(marta.getByTestId('own-left')).toHaveText('Own time left: 3:00');

	// The heat on a phone too (layout checks only, no picture). From the top, as the judge sees it.
	await page.evaluate(() => window.scrollTo(0, 0));
	for (const viewport of [...VIEWPORTS, PHONE]) {
		await page.setViewportSize(viewport);
		const where = `heat ${viewport.width}x${viewport.height}`;
		const buttons = await checkLayout(page, where);
		// Hand raised ×2, Confirm, agree (Rocío): the main actions on screen.
		expect(buttons.filter((b) => b.main).length, where).toBe(4);
		if (viewport === PHONE) continue;
		await shoot(page, 'heat');
		await pilar.getByTestId('tally-save').scrollIntoViewIfNeeded();
		await shoot(page, 'tally', false);
		await page.evaluate(() => window.scrollTo(0, 0));
	}
});

test('the home on a tablet full of heats at 1280×800, 800×1280 and on a phone: the chooser fits, its buttons are large enough', FULL_ONLY, async ({ page }) => {
	await page.clock.install({ time: START - 5 * MIN });
	await page.setViewportSize(VIEWPORTS[0]);
	await page.goto('/station');
	await seedTablet(page, twoEventTablet());
	await page.getByTestId('judge').fill('Eva');
	const level = page.getByTestId('choose-level');
	const choice = (name: string) => page.getByTestId('chooser').locator('.choices button').filter({ has: page.locator('.name', { hasText: name }) });

	// The first level: the events.
	await expect(level).toHaveText('Choose the event');
	for (const viewport of [...VIEWPORTS, PHONE]) {
		await page.setViewportSize(viewport);
		const buttons = await checkLayout(page, `events ${viewport.width}x${viewport.height}`);
		// The quick set-up is folded away: no main action on this screen.
		expect(buttons.filter((b) => b.main)).toEqual([]);
		if (viewport !== PHONE) await shoot(page, 'station-choose-event');
	}

	// A heat started on this tablet, then back to its competition's heats.
	await page.setViewportSize(VIEWPORTS[0]);
	await choice('Jarní puzzle den').click();
	await choice('Individuals').click();
	await choice('Heat 2').click();
	await page.clock.pauseAt(START);
	await page.getByTestId('start').click();
	await page.getByRole('button', { name: 'Heats' }).click();
	await expect(level).toHaveText('Choose the heat');
	await expect(choice('Heat 2')).toContainText('1 record on this tablet');
	for (const viewport of [...VIEWPORTS, PHONE]) {
		await page.setViewportSize(viewport);
		await checkLayout(page, `heats ${viewport.width}x${viewport.height}`);
		if (viewport !== PHONE) await shoot(page, 'station-choose-heat');
	}

	// The tables of a heat, under the whole breadcrumb.
	await choice('Heat 1').click();
	await expect(level).toHaveText('Choose your table');
	for (const viewport of [PHONE, ...VIEWPORTS]) {
		await page.setViewportSize(viewport);
		await checkLayout(page, `tables ${viewport.width}x${viewport.height}`);
	}
});
