import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillQuickSetup, seatCard, typeTally } from './station-helpers';

/**
 * The heat screen's standings ("Standings" in the heat's header) on a 390 × 844 phone: the
 * table fits the screen, nothing of the page is wider than the viewport, so nothing scrolls
 * sideways. A Spanish turn with the longest texts the table shows: a tie for first (ES-TIE),
 * an assistance penalty (ES-ASSIST), an unfinished entry with its loose pieces (ES-UNFINISHED)
 * and one whose tally is still to come, under long names. In all three languages.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const SEC = 1000;
const MIN = 60 * SEC;
const START = Date.parse('2026-05-16T09:00:00Z');
/** The Spanish adult preset's preview (ES-PREVIEW): the clock's zero is START + 2:00. */
const PREVIEW = 2 * MIN;
const PHONE = { width: 390, height: 844 } as const;
const NAMES = ['María del Carmen García-Núñez', 'Lucía Fernández de Córdoba', 'Nuria Villanueva-Etxeberria', 'Olga Rodríguez Santamaría', 'Paula Sánchez'];

/** Elements of the page that reach past the viewport's right edge (or start before its left), with what they hold. */
function tooWide(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const width = document.documentElement.clientWidth;
		return [...document.body.querySelectorAll('*')]
			.filter((el) => {
				const r = el.getBoundingClientRect();
				return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5);
			})
			.map((el) => `${el.tagName.toLowerCase()} ${Math.round(el.getBoundingClientRect().width)} px: ${(el.textContent ?? '').trim().slice(0, 40)}`);
	});
}

test('the station standings fit a 390 px phone: no sideways scrolling with the standings open (en, cs, es)', async ({ page }) => {
	await page.clock.install({ time: START - 5 * MIN });
	await page.setViewportSize(PHONE);
	await page.goto('/station');
	await fillQuickSetup(page, 'es-adult-individual', NAMES);
	const [maria, lucia, nuria, olga] = NAMES.map((n) => seatCard(page, n)) as [Locator, Locator, Locator, Locator];
	const at = (ms: number) => page.clock.pauseAt(START + PREVIEW + ms);

	await page.clock.pauseAt(START);
	await page.getByTestId('start').click();
	await at(10 * MIN);
	await lucia.getByTestId('assist').click();
	await at(13 * MIN + 30 * SEC);
	await lucia.getByTestId('assist-end').click();
	await at(42 * MIN);
	await lucia.getByTestId('hand').click();
	await lucia.getByTestId('confirm').click();
	await at(45 * MIN);
	await maria.getByTestId('hand').click();
	await nuria.getByTestId('hand').click();
	await maria.getByTestId('confirm').click();
	await nuria.getByTestId('confirm').click();
	await at(121 * MIN);
	await olga.getByTestId('tally').click();
	await typeTally(olga, ['150', '30', '5']);

	await page.getByRole('button', { name: 'Standings' }).click();
	const table = page.getByTestId('standings');
	await expect(table).toBeVisible();
	// The longest texts are there: the tie, the assistance, the loose pieces, the tally to come.
	await expect(table).toContainText('shares place 1 with 1 other');
	await expect(table).toContainText('+3:30 assistance');
	await expect(table).toContainText('for 20 loose pieces');
	await expect(table).toContainText('group tally');

	for (const [locale, label] of [
		['en', 'Language'],
		['cs', 'Jazyk'],
		['es', 'Idioma']
	] as const) {
		await page.evaluate(() => window.scrollTo(0, 0));
		// Still a table to a screen reader, with a row per entry and its name as the row's header.
		await expect(table.getByRole('row')).toHaveCount(NAMES.length + 1);
		for (const name of NAMES) await expect(table.getByRole('rowheader', { name })).toBeVisible();
		expect(await tooWide(page), `${locale}: nothing wider than the screen`).toEqual([]);
		const box = (await table.boundingBox())!;
		expect(box.x + box.width, `${locale}: the table ends on screen`).toBeLessThanOrEqual(PHONE.width);
		const scroll = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, clientWidth: document.documentElement.clientWidth }));
		expect(scroll.clientWidth, locale).toBe(PHONE.width);
		expect(scroll.scrollWidth, `${locale}: no sideways scrolling`).toBeLessThanOrEqual(PHONE.width);
		if (locale !== 'es') await page.getByLabel(label).selectOption(locale === 'en' ? 'cs' : 'es');
	}
});
