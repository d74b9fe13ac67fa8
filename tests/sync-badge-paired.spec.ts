import { expect, test } from '@playwright/test';
import { addDevice, createEvent, revokeDevice, RUN } from './sync-kit';

/**
 * The sync badge's paired part (src/lib/sync/ui/PairedSyncBadge.svelte) loads once the status
 * leaves "not paired" (issue 34): a fresh tablet's first load carries none of its texts, and a
 * paired tablet's badge still says each state, here a token the server refuses.
 */

test.use({ locale: 'en-US', serviceWorkers: 'block' });

test("a fresh tablet's first load has none of the paired badge's texts; a refused token still shows as one, leading to /pair", async ({ page }) => {
	const bodies: Promise<string>[] = [];
	page.on('response', (r) => {
		if (new URL(r.url()).pathname.endsWith('.js')) bodies.push(r.text().catch(() => ''));
	});
	await page.goto('/station');
	const badge = page.getByRole('status', { name: 'Sync' }).locator('.badge');
	await expect(badge).toHaveAttribute('data-state', 'unpaired');
	await expect(badge).toHaveText('Not paired');
	await page.waitForLoadState('networkidle');
	const firstLoad = await Promise.all(bodies);
	expect(firstLoad.length).toBeGreaterThan(0);
	// The English text of a refused token, as the compiled messages hold it (main's first load had it).
	expect(firstLoad.filter((js) => js.includes('Pairing refused')), 'scripts with the paired badge texts').toEqual([]);

	const { eventId, token: key } = await createEvent(`Badge ${RUN}`);
	const judge = await addDevice(eventId, key, 'judge', 'Table 5');
	await page.goto(judge.pairUrl);
	await expect(page.getByTestId('pair-done')).toBeVisible();
	await revokeDevice(eventId, key, judge.device.id);

	await page.goto('/station');
	await expect(badge).toHaveAttribute('data-state', 'auth-failed', { timeout: 30_000 });
	await expect(badge).toHaveText('Pairing refused: pair again');
	await expect(badge).toHaveAttribute('href', '/pair');
	await expect(page.getByRole('status', { name: 'Sync' }).locator('.badge')).toHaveCount(1);
});
