import { expect, test, type Page } from '@playwright/test';
import { fillQuickSetup, relayTableUrl, relayTablet, seatCard, seedTablet } from './station-helpers';

// The service worker is what this spec proves (or what its offline reloads need); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * What the station loads (issue #18, "a lighter station"): the home does not fetch the heat
 * screen's code (the heat session, scoring, the seat cards); opening a heat does. The service
 * worker precaches those chunks, so a heat still opens offline, and the language still
 * switches offline, on the home and in a heat.
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

async function waitForServiceWorker(page: Page) {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

test.describe('without the worker (every script from the network)', () => {
	test.use({ serviceWorkers: 'block', locale: 'en-US' });

	test('the home loads without the heat screen’s code; opening a heat fetches it, and the worker precaches it', async ({ page, request }) => {
		const seen = scriptsOf(page);
		await page.goto('/station');
		await expect(page.getByTestId('quick-start')).toBeVisible();
		await page.waitForLoadState('networkidle');
		const home = new Set(seen);

		await fillQuickSetup(page, 'czjpa-individual', ['Ada', 'Bea']);
		await expect(page.getByTestId('start')).toBeVisible();
		await page.waitForLoadState('networkidle');
		const added = [...seen].filter((s) => !home.has(s));
		expect(added.length, 'scripts that opening a heat adds').toBeGreaterThan(0);

		// Every one of them is in the worker's precache list (so it loads offline).
		const worker = await (await request.get('/sw.js')).text();
		for (const path of added) expect(worker, `${path} precached`).toContain(`"${path.slice(1)}"`);
	});
});

test.describe('offline after a first visit', () => {
	test.use({ locale: 'en-US' });

	test('a new page opens the home, switches to Czech, opens a heat from the worker’s cache, and switches to Spanish there', async ({ page, context }) => {
		const errors: string[] = [];
		await page.goto('/station');
		await expect(page.getByTestId('quick-start')).toBeVisible();
		await waitForServiceWorker(page);
		await page.close();

		await context.setOffline(true);
		const cold = await context.newPage();
		cold.on('pageerror', (e) => errors.push(e.message));
		const response = await cold.goto('/station');
		expect(response!.fromServiceWorker()).toBe(true);
		await expect(cold).toHaveTitle('Judge station');

		await cold.getByLabel('Language').selectOption('cs');
		await expect(cold).toHaveTitle('Stanoviště rozhodčího');

		await fillQuickSetup(cold, 'czjpa-individual', ['Ada', 'Bea', 'Cyril']);
		await expect(cold.getByTestId('start')).toHaveText('Odstartovat rozběh');

		await cold.getByLabel('Jazyk').selectOption('es');
		await expect(cold.getByTestId('start')).toHaveText('Iniciar el turno');
		await expect(cold).toHaveTitle('Estación del juez');
		// Really offline: the server cannot be reached from the page.
		expect(await cold.evaluate(() => fetch('/api/health').then(() => 'reached', () => 'unreachable'))).toBe('unreachable');
		expect(errors).toEqual([]);
	});
});

/** Waits until the network is idle, then what was fetched since `before`. */
async function fetchedSince(page: Page, seen: Set<string>, before: Set<string>): Promise<string[]> {
	await page.waitForLoadState('networkidle');
	return [...seen].filter((s) => !before.has(s));
}

/**
 * What a heat shows only sometimes loads when it is first shown (issue 34, a heat's first load):
 * the station's standings table, the camera of "Photo", a relay's team screens. Each click below
 * must fetch scripts the heat had not fetched, and the part must then work.
 */
test.describe('what a heat shows only sometimes (every script from the network)', () => {
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
});
