import { expect, test, type Page } from '@playwright/test';
import { fillQuickSetup, relayTableUrl, relayTablet, seatCard, seedTablet } from './station-helpers';

/**
 * What a heat shows only sometimes loads when it is first shown (issue 34, a heat's first load):
 * the station's standings table, the camera of "Photo", a relay's team screens. Each click below
 * must fetch scripts the heat had not fetched, and the part must then work.
 */

/** The same-origin scripts a page fetched so far (paths). */
function scriptsOf(page: Page): Set<string> {
	const seen = new Set<string>();
	page.on('response', (r) => {
		const url = new URL(r.url());
		if (url.pathname.endsWith('.js')) seen.add(url.pathname);
	});
	return seen;
}

/** Waits until the network is idle, then what was fetched since `before`. */
async function fetchedSince(page: Page, seen: Set<string>, before: Set<string>): Promise<string[]> {
	await page.waitForLoadState('networkidle');
	return [...seen].filter((s) => !before.has(s));
}

test.use({ serviceWorkers: 'block', locale: 'en-US' });

test('an individual heat loads its standings table and its camera only when first shown', async ({ page }) => {
	const seen = scriptsOf(page);
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ada', 'Bea']);
	await page.getByTestId('start').click();
	const ada = seatCard(page, 'Ada');
	await expect(ada.getByTestId('hand')).toBeVisible();
	await page.waitForLoadState('networkidle');

	let before = new Set(seen);
	await page.getByRole('button', { name: 'Standings' }).click();
	await expect(page.getByTestId('standings')).toBeVisible();
	expect(await fetchedSince(page, seen, before), 'scripts the standings fetched').not.toEqual([]);

	// The check offers a photo once pieces are counted missing.
	await ada.getByTestId('hand').click();
	await ada.getByTestId('missing').fill('2');
	before = new Set(seen);
	await ada.getByTestId('photo').click();
	await expect(page.getByTestId('photo-camera')).toBeVisible();
	expect(await fetchedSince(page, seen, before), 'scripts the camera fetched').not.toEqual([]);
	await page.getByTestId('photo-done').click();
	await expect(page.getByTestId('photo-camera')).toBeHidden();
});

test('a relay heat loads its team screens, which an individual heat never fetched', async ({ page }) => {
	const seen = scriptsOf(page);
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ada']);
	await expect(seatCard(page, 'Ada')).toBeVisible();
	await page.waitForLoadState('networkidle');
	const individual = new Set(seen);

	await page.goto('/station');
	await seedTablet(page, relayTablet([{ name: 'Sovy', members: ['Ema', 'Filip', 'Gita', 'Hana'] }]));
	await page.goto(relayTableUrl(1));
	await expect(page.getByTestId('relay-team')).toHaveCount(1);
	expect(await fetchedSince(page, seen, individual), 'scripts only the relay fetched').not.toEqual([]);
});
