import { expect, test, type Page } from '@playwright/test';
import { fillQuickSetup, storedEvents } from './station-helpers';

// The service worker is what this spec proves (or what its offline reloads need); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * A whole heat started offline: after one visit online (the service worker installed and in
 * control, see offline.spec.ts), the network goes away, the judge sets up a heat, starts it and
 * taps "Hand raised"; the page is reloaded while still offline. The tap must survive, with its
 * time, in IndexedDB, and the page must come from the worker.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const MIN = 60_000;
const T0 = Date.parse('2026-05-16T09:00:00Z');

async function waitForServiceWorker(page: Page) {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** The stored heat.start and hand.raised events, read straight from IndexedDB (not through the app). */
async function storedTaps(page: Page) {
	return (await storedEvents(page))
		.filter((e) => e.type === 'heat.start' || e.type === 'hand.raised')
		.map(({ type, at, entryId, seq }) => ({ type, at, entryId, seq }));
}

test('CZ-GEN-FINISH offline: a heat set up, started and finished without a network survives an offline reload', async ({ page, context }) => {
	await page.clock.install({ time: T0 });
	await page.goto('/station');
	await expect(page.getByTestId('quick-start')).toBeVisible();
	await waitForServiceWorker(page);

	await context.setOffline(true);
	expect(await page.evaluate(() => navigator.onLine)).toBe(false);

	// Set up on the spot and start, all offline.
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bohdan', 'Cyril']);
	const heatUrl = page.url();
	expect(heatUrl).toMatch(/\/station\?competition=q-[a-z0-9]+&heat=q-[a-z0-9]+-h1&table=1$/);

	const bohdan = page.getByTestId('seat').filter({ has: page.getByRole('heading', { name: 'Bohdan' }) });
	await page.getByTestId('start').click();
	await expect(bohdan.getByTestId('status')).toHaveText('Running');

	await page.clock.fastForward(12 * MIN);
	await bohdan.getByTestId('hand').click();
	await expect(bohdan.getByTestId('status')).toHaveText('Finished');
	const clock = await bohdan.getByTestId('clock').textContent();
	expect(clock).toMatch(/^12:0\d$/);
	const taps = await storedTaps(page);
	expect(taps.map((t) => t.type)).toEqual(['heat.start', 'hand.raised']);
	const [start, hand] = taps as [(typeof taps)[0], (typeof taps)[0]];
	expect(hand.entryId).toBe(await bohdan.getAttribute('data-seat'));
	const elapsed = hand.at - start.at;
	expect(elapsed).toBeGreaterThanOrEqual(12 * MIN);

	// Time goes on; the reload happens offline.
	await page.clock.fastForward(3 * MIN);
	const loaded: { url: string; type: string; fromWorker: boolean }[] = [];
	page.on('response', (r) => loaded.push({ url: r.url(), type: r.request().resourceType(), fromWorker: r.fromServiceWorker() }));
	const response = await page.reload();
	expect(response, 'a response for the reload').not.toBeNull();
	expect(response!.fromServiceWorker()).toBe(true);
	expect(response!.status()).toBe(200);
	expect(page.url()).toBe(heatUrl);
	// Really offline: the server cannot be reached from the page (navigator.onLine is not a proof:
	// Chromium 150 reports true after a reload under Playwright's emulated offline).
	expect(await page.evaluate(() => fetch('/api/health').then(() => 'reached', () => 'unreachable'))).toBe('unreachable');
	await expect(bohdan).toBeVisible();
	// The app's code came from the worker's precache too.
	const code = loaded.filter((r) => r.type === 'document' || r.type === 'script' || r.type === 'stylesheet');
	expect(code.filter((r) => r.type === 'script').length).toBeGreaterThan(0);
	expect(code.filter((r) => !r.fromWorker)).toEqual([]);

	// The tap survived: the same status, the same frozen clock, the same stored event.
	await expect(bohdan.getByTestId('status')).toHaveText('Finished');
	await expect(bohdan.getByTestId('clock')).toHaveText(clock!);
	await expect(bohdan.getByTestId('confirm')).toBeVisible();
	for (const other of ['Ana', 'Cyril']) {
		const s = page.getByTestId('seat').filter({ has: page.getByRole('heading', { name: other }) });
		await expect(s.getByTestId('status')).toHaveText('Running');
		await expect(s.getByTestId('clock')).toHaveText(/^15:0\d$/);
	}
	expect(await storedTaps(page)).toEqual(taps);

	// And the heat goes on offline: the check, confirmed after the reload, gives the tap's time.
	await bohdan.getByTestId('confirm').click();
	const m = Math.floor(elapsed / MIN);
	const s = Math.floor((elapsed % MIN) / 1000);
	await expect(bohdan.getByTestId('result')).toHaveText(`${m}:${String(s).padStart(2, '0')}.${String(elapsed % 1000).padStart(3, '0')}`);
	expect(clock).toBe(`${m}:${String(s).padStart(2, '0')}`);
});
