import { expect, test } from '@playwright/test';

/**
 * The locale: detected from the browser's languages on a first visit, switchable without a
 * reload, remembered in localStorage. The start page is server-rendered in English (the base
 * locale) and switches to the user's locale when it hydrates.
 */

test.describe('a Czech browser', () => {
	test.use({ locale: 'cs-CZ' });

	test('gets Czech on a first visit, can switch to Spanish without a reload, and keeps it', async ({ page }) => {
		const errors: string[] = [];
		page.on('pageerror', (e) => errors.push(e.message));
		await page.goto('/');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rozhodčí puzzle');
		await expect(page).toHaveTitle('Rozhodčí puzzle');
		await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
		await expect(page.getByRole('heading', { level: 2, name: 'Přednastavená pravidla' })).toBeVisible();
		await expect(page.getByRole('table', { name: /^Soutěže akce Demo puzzle day/ })).toBeVisible();
		await expect(page.getByRole('columnheader', { name: 'Dílky' })).toBeVisible();
		// The event day, in Czech.
		await expect(page.locator('time')).toHaveText(/^\d{1,2}\. \p{L}+ \d{4}$/u);

		const picker = page.getByLabel('Jazyk');
		await expect(picker).toHaveValue('cs');
		await expect(picker.locator('option')).toHaveText(['English', 'Čeština', 'Español']);
		expect(await page.evaluate(() => localStorage.length)).toBe(0);

		// A marker on window proves the switch does not reload the page.
		await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
		await picker.selectOption('es');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Juez de puzzles');
		await expect(page.getByLabel('Idioma')).toHaveValue('es');
		await expect(page.locator('html')).toHaveAttribute('lang', 'es');
		await expect(page).toHaveTitle('Juez de puzzles');
		await expect(page.getByRole('columnheader', { name: 'Inscripciones' })).toBeVisible();
		expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

		await page.reload();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Juez de puzzles');
		await expect(page.getByLabel('Idioma')).toHaveValue('es');

		await page.getByLabel('Idioma').selectOption('en');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Puzzle judge');
		await expect(page.getByLabel('Language')).toHaveValue('en');
		expect(errors).toEqual([]);
	});
});

test.describe('an English browser', () => {
	test.use({ locale: 'en-US' });

	test('gets English; the server renders English too', async ({ page, request }) => {
		const html = await (await request.get('/')).text();
		expect(html).toMatch(/<h1[^>]*>Puzzle judge<\/h1>/);
		expect(html).toContain('<html lang="en">');

		await page.goto('/');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Puzzle judge');
		await expect(page.getByLabel('Language')).toHaveValue('en');
	});
});

test.describe('a browser in an unsupported language', () => {
	test.use({ locale: 'de-DE' });

	test('falls back to English', async ({ page }) => {
		await page.goto('/');
		await expect(page.getByLabel('Language')).toHaveValue('en');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Puzzle judge');
	});
});
