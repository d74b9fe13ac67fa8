import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillQuickSetup, seatCard, unfoldQuickSetup, seedTablet, twoEventTablet } from './station-helpers';

/**
 * The station's home on a tablet that holds set-up: the judge chooses event → competition →
 * heat → table step by step, a level with a single choice is taken without asking, the way
 * back is on screen, and the last choice is where the home opens next time.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const level = (page: Page) => page.getByTestId('choose-level');
/** The options of the level shown: the buttons that go on, and those that open a heat. */
const options = (page: Page) => page.getByTestId('chooser').locator('.choices button');
const option = (page: Page, name: string | RegExp) => options(page).filter({ has: page.locator('.name', { hasText: name }) });
const crumbs = (page: Page) => page.getByTestId('crumb');
/** The crumbs' values; those the judge can change are buttons. */
const crumbValues = (page: Page) => crumbs(page).locator('.crumb-value');
const changeable = (page: Page) => page.getByTestId('path').locator('button[data-testid="crumb"] .crumb-value');
const TABLET = twoEventTablet();
/** The names of the seats on screen, found by their entry IDs (data-seat). */
async function seatNames(page: Page): Promise<string[]> {
	await expect(page.getByTestId('seat').first()).toBeVisible();
	const ids = await page.getByTestId('seat').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-seat')));
	return ids.map((id) => TABLET.entries.find((e) => e.id === id)?.name ?? `? ${id}`);
}

async function names(list: Locator): Promise<string[]> {
	return list.locator('.name').allTextContents();
}

test('on a tablet with two events the judge chooses event → competition → heat → table, goes back, and lands there again after a reload', async ({ page }) => {
	await page.goto('/station');
	await seedTablet(page, twoEventTablet());
	// Nothing chosen yet: the events, newest first, and the competition whose event is not here.
	await expect(level(page)).toHaveText('Choose the event');
	expect(await names(options(page))).toEqual(['Summer puzzle day', 'Jarní puzzle den', 'Other competitions']);
	await expect(option(page, 'Jarní puzzle den')).toContainText('Saturday, April 11, 2026 · Sokolovna, Brno');
	await expect(option(page, 'Jarní puzzle den')).toContainText('2 competitions');
	await expect(option(page, 'Other competitions')).toContainText('Their event is not on this tablet');
	await expect(crumbs(page)).toHaveCount(0);
	await expect(page.getByTestId('choose-back')).toHaveCount(0);
	// With heats to choose from, the quick set-up is folded away.
	await expect(page.getByTestId('preset')).toBeHidden();

	await test.step('event → competition → heat → table', async () => {
		await option(page, 'Jarní puzzle den').click();
		await expect(level(page)).toHaveText('Choose the competition');
		expect(await names(options(page))).toEqual(['Individuals', 'Pairs']);
		await expect(option(page, 'Individuals')).toContainText(/Rules: CZJPA individual .*\(v1\)/);
		await expect(option(page, 'Individuals')).toContainText('2 heats · 8 seats');
		await expect(crumbValues(page)).toHaveText(['Jarní puzzle den']);
		await expect(crumbs(page)).toContainText(['Event · Change']);

		await option(page, 'Individuals').click();
		await expect(level(page)).toHaveText('Choose the heat');
		expect(await names(options(page))).toEqual(['Heat 1', 'Heat 2']);
		await expect(option(page, 'Heat 1')).toContainText('2 tables · 6 seats');
		await expect(option(page, 'Heat 1').getByTestId('heat-records')).toHaveText('Nothing recorded yet');
		// Heat 2 sits at one table: its own button opens it.
		await expect(option(page, 'Heat 2')).toHaveAttribute('data-testid', 'open-heat');
		await expect(option(page, 'Heat 2')).toContainText('Table 1 · 2 seats');

		await option(page, 'Heat 1').click();
		await expect(level(page)).toHaveText('Choose your table');
		expect(await names(options(page))).toEqual(['Table 1', 'Table 2']);
		await expect(option(page, 'Table 2')).toContainText('3 seats');
		await expect(crumbValues(page)).toHaveText(['Jarní puzzle den', 'Individuals', 'Heat 1']);
		await expect(changeable(page)).toHaveText(['Jarní puzzle den', 'Individuals', 'Heat 1']);

		await option(page, 'Table 2').click();
		await expect(page).toHaveURL(/\/station\?competition=spring-ind&heat=ind-h1&table=2$/);
		await expect(page.getByTestId('seat')).toHaveCount(3);
		expect(await seatNames(page)).toEqual(['Dana', 'Emil', 'Filip']);
	});

	await test.step('back from the heat: the home shows where the judge was, and what the heat has recorded', async () => {
		await page.getByTestId('start').click();
		await expect(seatCard(page, 'Dana').getByTestId('status')).toHaveText('Running');
		await page.getByRole('button', { name: 'Heats' }).click();
		await expect(level(page)).toHaveText('Choose your table');
		await expect(option(page, 'Table 2')).toHaveAttribute('aria-current', 'true');
		await expect(option(page, 'Table 2')).toContainText('Your last choice');
		await expect(page.getByTestId('chooser')).toContainText('Heat 1 · 6 seats · 1 record on this tablet');

		await page.getByTestId('choose-back').click();
		await expect(level(page)).toHaveText('Choose the heat');
		await expect(option(page, 'Heat 1')).toHaveAttribute('aria-current', 'true');
		await expect(option(page, 'Heat 1').getByTestId('heat-records')).toHaveText('1 record on this tablet');
		await expect(option(page, 'Heat 2').getByTestId('heat-records')).toHaveText('Nothing recorded yet');
		await page.getByTestId('choose-back').click();
		await expect(level(page)).toHaveText('Choose the competition');
		await expect(option(page, 'Individuals')).toContainText('1 heat with records');
		await expect(option(page, 'Pairs')).not.toContainText('with records');
	});

	await test.step('a heat without tables opens with all its seats', async () => {
		await option(page, 'Pairs').click();
		// Its one heat: shown, not skipped, since its button is what opens it.
		await expect(level(page)).toHaveText('Choose the heat');
		await expect(options(page)).toHaveCount(1);
		await option(page, 'Heat 1').click();
		await expect(page).toHaveURL(/\/station\?competition=spring-pairs&heat=pairs-h1$/);
		expect(await seatNames(page)).toEqual(['Ivo & Jana', 'Karel & Lída']);
		await page.goBack();
		await expect(level(page)).toHaveText('Choose the heat');
		await expect(option(page, 'Heat 1')).toHaveAttribute('aria-current', 'true');
	});

	await test.step('the breadcrumb goes back to the event; the levels with one choice are skipped', async () => {
		await crumbs(page).filter({ hasText: 'Jarní puzzle den' }).click();
		await expect(level(page)).toHaveText('Choose the event');
		await expect(option(page, 'Jarní puzzle den')).toHaveAttribute('aria-current', 'true');
		await option(page, 'Summer puzzle day').click();
		// One competition, one heat: straight to the tables, the skipped levels shown but fixed.
		await expect(level(page)).toHaveText('Choose your table');
		expect(await names(options(page))).toEqual(['Table A', 'Table B']);
		await expect(crumbValues(page)).toHaveText(['Summer puzzle day', 'Final', 'Final heat']);
		await expect(changeable(page)).toHaveText(['Summer puzzle day']);
		await expect(page.getByTestId('choose-back')).toHaveText('‹ Back');
	});

	await test.step('after a reload the home opens where the judge was', async () => {
		await page.reload();
		await expect(level(page)).toHaveText('Choose your table');
		await expect(crumbValues(page)).toHaveText(['Summer puzzle day', 'Final', 'Final heat']);
		await option(page, 'Table B').click();
		await expect(page).toHaveURL(/\/station\?competition=summer-final&heat=final-h1&table=B$/);
		expect(await seatNames(page)).toEqual(['Nuria', 'Olga', 'Pilar']);
		// A new visit to the home (not a back): the table just opened is marked.
		await page.goto('/station');
		await expect(level(page)).toHaveText('Choose your table');
		await expect(option(page, 'Table B')).toHaveAttribute('aria-current', 'true');
	});

	await test.step('the competition without a stored event is under "Other competitions"', async () => {
		await page.getByTestId('choose-back').click();
		await option(page, 'Other competitions').click();
		await expect(crumbValues(page)).toHaveText(['Other competitions', 'Club cup']);
		await expect(changeable(page)).toHaveText(['Other competitions']);
		await option(page, 'Round 1').click();
		await expect(page).toHaveURL(/\/station\?competition=club-cup&heat=club-h1&table=1$/);
		expect(await seatNames(page)).toEqual(['Quido']);
	});
});

test('a tablet with one heat at two tables asks only for the table; quick set-ups join it and open as before', async ({ page }) => {
	await page.clock.install({ time: new Date('2026-05-16T09:00:00Z') });
	const one = twoEventTablet();
	one.days = one.days.filter((d) => d.id === 'summer-2026');
	one.competitions = one.competitions.filter((c) => c.eventId === 'summer-2026');
	await page.goto('/station');
	await seedTablet(page, one);
	// Event, competition and heat each have one choice: only the table is asked.
	await expect(level(page)).toHaveText('Choose your table');
	await expect(crumbValues(page)).toHaveText(['Summer puzzle day', 'Final', 'Final heat']);
	await expect(page.getByTestId('choose-back')).toHaveCount(0);
	await expect(page.getByTestId('path').getByRole('button')).toHaveCount(0);
	await option(page, 'Table A').click();
	expect(await seatNames(page)).toEqual(['Lucía', 'Marta']);
	await page.getByRole('button', { name: 'Heats' }).click();

	// A quick set-up on the same tablet: the form unfolds, the new heat opens as before.
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bohdan']);
	await expect(page).toHaveURL(/\/station\?competition=q-[a-z0-9]+&heat=q-[a-z0-9]+-h1&table=1$/);
	await page.getByRole('button', { name: 'Heats' }).click();
	// Two events now (the quick set-up's day is today); the home lands on the quick heat, among
	// the heats of its competition.
	await expect(level(page)).toHaveText('Choose the heat');
	await expect(option(page, 'Heat 1')).toHaveAttribute('aria-current', 'true');
	await expect(option(page, 'Heat 1')).toContainText('Table 1 · 2 seats');
	await expect(crumbValues(page)).toHaveText(['2026-05-16', /^CZJPA individual/]);
	await expect(changeable(page)).toHaveText(['2026-05-16']);
	await page.getByTestId('choose-back').click();
	await expect(level(page)).toHaveText('Choose the event');
	expect(await names(options(page))).toEqual(['Summer puzzle day', '2026-05-16']);
	await expect(option(page, '2026-05-16')).toContainText('Today');
	await expect(option(page, 'Summer puzzle day')).not.toContainText('Today');

	await fillQuickSetup(page, 'czjpa-individual', ['Cecílie']);
	await page.getByRole('button', { name: 'Heats' }).click();
	// Two quick set-ups of the same preset on the same day: told apart by who competes, never by their IDs (issue 30 #3).
	await page.getByTestId('choose-back').click();
	await expect(level(page)).toHaveText('Choose the competition');
	await expect(options(page)).toHaveCount(2);
	expect((await options(page).getByTestId('choice-people').allTextContents()).sort()).toEqual(['Competing: Ana, Bohdan', 'Competing: Cecílie']);
	await expect(options(page).locator('code')).toHaveCount(0);
	await expect(page.getByTestId('chooser')).not.toContainText(/\bq-[a-z0-9]{4,}/);
});

test('the home in Czech and Spanish', async ({ page }) => {
	await page.goto('/station');
	await seedTablet(page, twoEventTablet());
	await page.getByLabel('Language').selectOption('cs');
	await expect(level(page)).toHaveText('Vyberte akci');
	await expect(option(page, 'Jarní puzzle den')).toContainText('2 soutěže');
	await option(page, 'Jarní puzzle den').click();
	await expect(option(page, 'Individuals')).toContainText('2 rozběhy · 8 míst');
	await page.getByLabel('Jazyk').selectOption('es');
	await expect(level(page)).toHaveText('Elige el concurso');
	await expect(option(page, 'Individuals')).toContainText('2 turnos · 8 puestos');
	await expect(page.getByTestId('choose-back')).toHaveText('‹ Atrás');
});

test('the quick set-up makes one seat per name typed, the count field showing it; without names the count typed stands (issue 11, point 6)', async ({ page }) => {
	await page.goto('/station');
	await page.getByTestId('judge').fill('Eva');
	const count = page.getByTestId('seat-count');
	const hint = page.getByTestId('seat-count-hint');
	// Nothing typed: the count is the judge's to set.
	await expect(count).toHaveValue('6');
	await expect(count).toBeEditable();
	await expect(hint).toHaveText('No names typed: the seats are called “Seat 1”, “Seat 2”, …');

	await test.step('four names (a blank line among them) with the count at 6: four seats, no "Seat 5" or "Seat 6"', async () => {
		await page.getByTestId('names').fill('Ana\nBára\n\nCyril\n  Dana  \n\n');
		await expect(count).toHaveValue('4');
		await expect(count).not.toBeEditable();
		await expect(hint).toHaveText('4 seats, one per name typed: the count follows the names.');
		await page.getByTestId('quick-start').click();
		await expect(page.getByTestId('seat')).toHaveCount(4);
		await expect(page.getByTestId('seat').getByRole('heading')).toHaveText(['1 Ana', '2 Bára', '3 Cyril', '4 Dana']);
	});

	await test.step('in Czech the hint follows the count', async () => {
		await page.getByRole('button', { name: 'Heats' }).click();
		await expect(level(page)).toHaveText('Choose the heat');
		await unfoldQuickSetup(page);
		await page.getByTestId('names').fill('Ana\nBára');
		await page.getByLabel('Language').selectOption('cs');
		await expect(hint).toHaveText('2 místa, jedno na každé zadané jméno: počet se řídí jmény.');
		await page.getByLabel('Jazyk').selectOption('en');
	});

	await test.step('names cleared: the count typed stands again, every seat unnamed', async () => {
		await page.getByTestId('names').fill('');
		await expect(count).toHaveValue('6');
		await expect(count).toBeEditable();
		await count.fill('3');
		await expect(hint).toHaveText('No names typed: the seats are called “Seat 1”, “Seat 2”, …');
		await page.getByTestId('quick-start').click();
		await expect(page.getByTestId('seat')).toHaveCount(3);
		await expect(page.getByTestId('seat').getByRole('heading')).toHaveText(['1 Seat 1', '2 Seat 2', '3 Seat 3']);
	});
});

test('the home paints before the tablet’s heats are read; the quick set-up’s fold is right from the first paint (a fresh tablet unfolded, one with heats folded)', async ({ page }) => {
	// What the home's first paints show, recorded as they happen (a read takes milliseconds).
	await page.addInitScript(() => {
		const seen = { reading: false, unfoldedWithHeats: false };
		(window as unknown as { __home: typeof seen }).__home = seen;
		new MutationObserver(() => {
			if (document.querySelector('[data-testid="reading-heats"]')) seen.reading = true;
			const form = document.querySelector<HTMLDetailsElement>('details.quick-setup');
			if (form?.open && localStorage.getItem('puzzle-judge.station-holds-heats') === 'yes') seen.unfoldedWithHeats = true;
		}).observe(document, { childList: true, subtree: true, attributes: true });
	});
	const seen = () => page.evaluate(() => (window as unknown as { __home: { reading: boolean; unfoldedWithHeats: boolean } }).__home);

	await page.goto('/station');
	// A fresh tablet: the set-up form is open at once and stays open.
	await expect(page.getByTestId('preset')).toBeVisible();
	expect((await seen()).reading).toBe(true);

	await seedTablet(page, TABLET);
	await page.reload();
	await expect(option(page, 'Summer puzzle day')).toBeVisible();
	// The first read found heats: the form folded itself once, and is remembered so.
	await expect(page.getByTestId('preset')).toBeHidden();
	await page.reload();
	await expect(option(page, 'Summer puzzle day')).toBeVisible();
	expect(await seen()).toEqual({ reading: true, unfoldedWithHeats: false });
	await expect(page.getByTestId('preset')).toBeHidden();
});
