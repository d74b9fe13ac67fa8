import { expect, test, type Page } from '@playwright/test';
import { liveCompetition, MIN, tablet } from './live-kit';
import { startNginx } from './live-proxy-nginx';
import { freePort } from './server-spawn';
import { BASE } from './sync-kit';

/**
 * Issue 32: through a reverse proxy as documented (Debian's nginx with README's server block and
 * docs/live.md's cache, tests/live-proxy-nginx.ts), a viewer's page gets a tablet's finish by the
 * public stream: the page's clock is paused, so its poll cannot bring it.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const standingsRow = (page: Page, entryId: string) => page.getByTestId('live-standings').locator(`tr[data-entry="${entryId}"]`);

test('issue 32: through nginx as documented, a viewer’s page gets a finish by the stream (the poll cannot run)', async ({ page }) => {
	const nginx = await startNginx(new URL(BASE).host, await freePort());
	try {
		const own = await liveCompetition('lv-proxy', ['Ada Nováková', 'Bo Peña']);
		const t = tablet(own, 'lv-proxy');
		await t.push();

		await page.clock.install();
		await page.goto(`${nginx.base}/live/${own.eventId}`);
		await expect(page.getByTestId('live-stream')).toHaveAttribute('data-stream', 'open');
		await expect(standingsRow(page, own.entryIds[0]!).getByTestId('result')).toHaveText('Running');
		// From here no timer of the page fires: not its poll, not a reconnect.
		await page.clock.pauseAt(Date.now() + 1_000);

		await t.finish(0, 4 * MIN);
		await expect(standingsRow(page, own.entryIds[0]!).getByTestId('result')).toHaveText(/^4:00/);
		await expect(standingsRow(page, own.entryIds[0]!).getByTestId('place')).toHaveText('1');
		expect(nginx.log()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
	} finally {
		await nginx.stop();
	}
});
