import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { addDevice, createEvent, RUN, setupOf, writeSetup } from './sync-kit';
import { rememberJudge } from './station-helpers';

/**
 * The paired sync badge's code loads when a status other than "not paired" first shows (issue
 * 34). Without the service worker (a first visit, or a browser that refuses it) that load can
 * fail: the network gone at that moment. The badge must not then go on saying "Not paired" on
 * a paired tablet: the next change of the status loads it again (a flaky test found it: the
 * tablet went offline just as its station opened).
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

/** The paired badge's chunk in this build (the build's Vite manifest names it). */
function pairedBadgeChunk(): string {
	const manifest = JSON.parse(readFileSync('.svelte-kit/output/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
	const entry = manifest['src/lib/sync/ui/PairedSyncBadge.svelte'];
	if (!entry) throw new Error('the build has no chunk of its own for PairedSyncBadge.svelte');
	return `/${entry.file}`;
}

test('a paired badge whose code failed to load (offline, no worker) shows at the next change of the status, not "Not paired" for ever', async ({ page }) => {
	const { eventId, token: key } = await createEvent(`Badge ${RUN}`);
	const s = setupOf(eventId, `bd-${RUN}`, 2);
	await writeSetup(eventId, key, s.body);
	const judge = await addDevice(eventId, key, 'judge', 'Table 3');

	// Every request for the badge's code fails until the network "comes back".
	const chunk = pairedBadgeChunk();
	let failed = 0;
	await page.route(`**${chunk}`, (route) => {
		failed++;
		return route.abort('internetdisconnected');
	});

	await page.goto(judge.pairUrl);
	await expect(page.getByTestId('pair-done')).toBeVisible();
	await rememberJudge(page, 'Ana');
	await page.goto(`/station?competition=${s.competitionId}&heat=${s.heatId}`);
	await expect(page.getByTestId('start')).toBeVisible();
	const badge = page.getByRole('status', { name: 'Sync' });
	await expect.poll(() => failed, { message: 'the badge asked for its code and was refused' }).toBeGreaterThan(0);
	// What a tablet shows meanwhile: the badge's code is not there.
	await expect(badge.locator('[data-state="unpaired"]')).toBeVisible();

	// The network is back; the judge starts the heat, which the tablet then sends (the status changes).
	await page.unroute(`**${chunk}`);
	await page.getByTestId('start').click();
	await expect(page.getByTestId('seat').first().getByTestId('status')).toHaveText('Running');
	await expect(badge.locator('[data-state="unpaired"]')).toHaveCount(0, { timeout: 30_000 });
	await expect(badge).toContainText('Online', { timeout: 30_000 });
});
