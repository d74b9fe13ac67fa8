import { gzipSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LIVE_REFRESH_MS } from '../src/lib/contract/live';
import { expectNoAxeViolations } from './a11y';
import { liveCompetition, MIN, publish, showLive, tablet } from './live-kit';
import { signInOrganizer } from './organizer-kit';
import { addDevice, call } from './sync-kit';

/**
 * Issue 32 #3, the public live page /live/{e} against the production server: a tablet's
 * confirmed finish reaches a viewer's phone by the public stream (the page's clock paused, so
 * its poll cannot run); a name followed stays on top across a reload; "provisional" until the
 * organizer publishes, then the published version; with live off the page says so and its
 * HTML, its data and the API hold no name; with the stream cut the poll brings the finish; the
 * page loads no more JS than the public results page.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const standingsRow = (page: Page, entryId: string) => page.getByTestId('live-standings').locator(`tr[data-entry="${entryId}"]`);

test('a tablet’s confirmed finish appears on a viewer’s page without a reload, by the stream (the poll cannot run)', async ({ page }) => {
	const own = await liveCompetition('lv-push', ['Ada Nováková', 'Bo Peña', 'Cy Ek']);
	const t = tablet(own, 'lv-push');
	await t.push();

	await page.clock.install();
	await page.goto(`/live/${own.eventId}`);
	await expect(page.getByTestId('live-stream')).toHaveAttribute('data-stream', 'open');
	await expect(page.getByTestId('live-state')).toContainText('Provisional');
	await expect(page.getByTestId('heat-clock')).toHaveAttribute('data-phase', 'running');
	await expect(standingsRow(page, own.entryIds[1]!).getByTestId('result')).toHaveText('Running');
	// From here no timer of the page fires: not its poll, not a reconnect.
	await page.clock.pauseAt(Date.now() + 1_000);
	const reads: string[] = [];
	page.on('request', (r) => r.url().includes(`/live/${own.competitionId}`) && reads.push(r.url()));

	await t.finish(1, 3 * MIN);
	const bo = standingsRow(page, own.entryIds[1]!);
	await expect(bo.getByTestId('result')).toHaveText(/^3:00/);
	await expect(bo.getByTestId('place')).toHaveText('1');
	await expect(page.getByTestId('live-latest')).toContainText('Bo Peña');
	// Read at the address the announcement named (`?v=`), never by a poll.
	expect(reads.length).toBeGreaterThanOrEqual(1);
	expect(reads.every((u) => new URL(u).searchParams.has('v')), reads.join(' ')).toBe(true);

	// The next finish is a small change: it rides on the announcement itself, and nothing is read.
	const before = reads.length;
	await t.finish(2, 4 * MIN);
	const cy = standingsRow(page, own.entryIds[2]!);
	await expect(cy.getByTestId('result')).toHaveText(/^4:00/);
	await expect(cy.getByTestId('place')).toHaveText('2');
	await expect(page.getByTestId('live-latest')).toContainText('Cy Ek');
	expect(reads).toHaveLength(before);
});

test('a viewer finds a name (case and accents ignored) and follows it: pinned on top, still there after a reload', async ({ page }) => {
	const own = await liveCompetition('lv-follow', ['Ada Nováková', 'Bo Peña', 'Cy Ek']);
	const t = tablet(own, 'lv-follow');
	await t.finish(2, 2 * MIN);

	await page.goto(`/live/${own.eventId}`);
	await expect(page.getByTestId('live-following')).toHaveCount(0);
	await page.getByTestId('live-search').fill('NOVAKOVA');
	await expect(page.getByTestId('live-standings').getByTestId('live-row')).toHaveCount(1);
	const ada = standingsRow(page, own.entryIds[0]!);
	const star = ada.getByRole('button', { name: 'Follow Ada Nováková' });
	await expect(star).toHaveAttribute('aria-pressed', 'false');
	const box = (await star.boundingBox())!;
	expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
	await star.click();
	await expect(star).toHaveAttribute('aria-pressed', 'true');
	await page.getByTestId('live-search').fill('zzz');
	await expect(page.getByTestId('live-standings').getByTestId('live-row')).toHaveCount(0);

	await page.reload();
	const following = page.getByTestId('live-following');
	await expect(following.getByTestId('live-row')).toHaveCount(1);
	await expect(following.getByTestId('name')).toHaveText('Ada Nováková');
	await expect(following.getByRole('button', { name: 'Follow Ada Nováková' })).toHaveAttribute('aria-pressed', 'true');
	// Pinned on top: the followed names come before the standings.
	const [pinnedY, standingsY] = await Promise.all([following.boundingBox(), page.getByTestId('live-standings').boundingBox()]);
	expect(pinnedY!.y).toBeLessThan(standingsY!.y);
	await expect(page.getByTestId('live-standings').getByTestId('live-row')).toHaveCount(3);
	// On a phone: nothing wider than the screen, no axe-core violation (WCAG 2.1 AA).
	await page.setViewportSize({ width: 360, height: 780 });
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
	await expectNoAxeViolations(page);
	// Unfollowed: gone from the top, remembered so.
	await following.getByRole('button', { name: 'Follow Ada Nováková' }).click();
	await expect(page.getByTestId('live-following')).toHaveCount(0);
	await page.reload();
	await expect(page.getByTestId('live-standings').getByTestId('live-row')).toHaveCount(3);
	await expect(page.getByTestId('live-following')).toHaveCount(0);
});

test('“provisional” until the organizer publishes, then the published standings and the results page’s link, without a reload', async ({ page }) => {
	const own = await liveCompetition('lv-pub', ['Ada', 'Bo']);
	const t = tablet(own, 'lv-pub');
	await t.finish(0, 4 * MIN);
	await t.finish(1, 3 * MIN);

	await page.goto(`/live/${own.eventId}`);
	const section = page.getByTestId('live-competition');
	await expect(section).toHaveAttribute('data-state', 'provisional');
	await expect(page.getByTestId('live-state')).toContainText('Provisional');
	await expect(page.getByTestId('live-results-link')).toHaveCount(0);
	await expect(page.getByTestId('live-stream')).toHaveAttribute('data-stream', 'open');

	expect(await publish(own)).toBe(1);
	await expect(section).toHaveAttribute('data-state', 'published');
	await expect(page.getByTestId('live-state')).toContainText('Published, version 1');
	await expect(page.getByTestId('live-state')).not.toContainText('Provisional');
	await expect(page.getByTestId('live-results-link')).toHaveAttribute('href', `/results/${own.eventId}`);
	await expect(standingsRow(page, own.entryIds[1]!).getByTestId('place')).toHaveText('1');
	await expect(standingsRow(page, own.entryIds[0]!).getByTestId('place')).toHaveText('2');
});

test('live off: the page says the results are not live and its HTML, its data and the API hold none of the names; switched on and off, the page follows without a reload', async ({ page }) => {
	const own = await liveCompetition('lv-off', ['Secret Sandra', 'Hidden Hugo'], false);
	const t = tablet(own, 'lv-off');
	await t.finish(0, 2 * MIN);
	const leaks = (text: string) => ['Secret Sandra', 'Hidden Hugo'].filter((n) => text.includes(n));

	const response = await page.goto(`/live/${own.eventId}`);
	expect(response!.status()).toBe(200);
	expect(leaks(await response!.text())).toEqual([]);
	await expect(page.getByTestId('live-none')).toContainText('Results are not live yet.');
	await expect(page.getByTestId('live-none').getByRole('link', { name: 'Published results' })).toHaveAttribute('href', `/results/${own.eventId}`);
	for (const path of [`/live/${own.eventId}/__data.json`, `/api/public/events/${own.eventId}/live`, `/api/public/events/${own.eventId}/live/${own.competitionId}`]) {
		const answer = await call('GET', path);
		expect(leaks(answer.text), path).toEqual([]);
	}
	expect((await call('GET', `/api/public/events/${own.eventId}/live/${own.competitionId}`)).status).toBe(404);

	// Shown live while the page is open: it joins without a reload; stopped: the names leave the page.
	await expect(page.getByTestId('live-stream')).toHaveAttribute('data-stream', 'open');
	await showLive(own);
	await expect(page.getByTestId('live-standings')).toContainText('Secret Sandra');
	await showLive(own, false);
	await expect(page.getByTestId('live-none')).toBeVisible();
	// What the page shows (its first paint's data, from when it was live, stays in its start script).
	expect(leaks(await page.locator('body').innerText())).toEqual([]);
});

test('an unknown event: 404', async ({ page }) => {
	const response = await page.goto('/live/no-such-event-here');
	expect(response!.status()).toBe(404);
});

test('the stream cut: the poll asks every few seconds with If-None-Match (304 while nothing changed) and brings the finish', async ({ page }) => {
	const own = await liveCompetition('lv-cut', ['Ada', 'Bo']);
	const t = tablet(own, 'lv-cut');
	await t.push();
	await page.route('**/live-announcements', (route) => route.abort());
	const polls: { url: string; ifNoneMatch?: string }[] = [];
	const unchanged: string[] = [];
	page.on('request', (r) => r.url().includes(`/live/${own.competitionId}`) && polls.push({ url: r.url(), ifNoneMatch: r.headers()['if-none-match'] }));
	page.on('response', (r) => r.status() === 304 && unchanged.push(r.url()));

	await page.goto(`/live/${own.eventId}`);
	await expect(page.getByTestId('live-stream')).toHaveAttribute('data-stream', 'down');
	await expect.poll(() => unchanged.length, { timeout: 4 * LIVE_REFRESH_MS }).toBeGreaterThanOrEqual(1);

	await t.finish(0, 5 * MIN);
	await expect(standingsRow(page, own.entryIds[0]!).getByTestId('result')).toHaveText(/^5:00/);
	expect(polls.some((p) => p.ifNoneMatch !== undefined && !new URL(p.url).searchParams.has('v'))).toBe(true);
});

test('a QR code to the live page: on the room display while a competition is shown live, and on the printed seat plan', async ({ page, baseURL }) => {
	const own = await liveCompetition('lv-qr', ['Ada', 'Bo'], false);
	const address = `${baseURL}/live/${own.eventId}`;
	const display = await addDevice(own.eventId, own.org, 'display', 'Hall screen');
	await page.goto(display.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText('as display');
	// Nothing shown live: no code on the display.
	const asked = page.waitForResponse((r) => r.url().endsWith(`/api/public/events/${own.eventId}/live`));
	await page.goto('/display');
	await asked;
	await expect(page.getByTestId('display')).toBeVisible();
	await expect(page.getByTestId('live-qr')).toHaveCount(0);
	// Shown live: in the corner, with the address written out.
	await showLive(own);
	await page.reload();
	const qr = page.getByTestId('live-qr');
	await expect(qr).toHaveAttribute('data-address', address);
	await expect(qr.locator('svg')).toBeVisible();
	await expect(qr).toContainText('Follow the results live');
	const box = (await qr.boundingBox())!;
	const view = page.viewportSize()!;
	expect(box.x + box.width / 2, 'in the right half').toBeGreaterThan(view.width / 2);
	expect(box.y + box.height / 2, 'in the bottom half').toBeGreaterThan(view.height / 2);
	expect(box.width, 'small').toBeLessThan(view.width / 4);

	// The printed seat plan: the code to the same page.
	await signInOrganizer(page, own.org, own.eventId, own.eventName);
	await page.goto(`/organizer/seating/plan?heat=${own.heatId}`);
	await expect(page.getByTestId('live-qr')).toHaveAttribute('data-address', address);
	await expect(page.getByTestId('live-qr').locator('svg')).toBeVisible();
});

/** The same-origin JS a fresh browser loads for `path` until the network is idle, gzipped (as bench/station-js.ts counts). */
async function routeJs(browser: Browser, path: string, setUp?: (page: Page) => Promise<void>): Promise<number> {
	const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
	try {
		const page = await context.newPage();
		await setUp?.(page);
		const bodies: Promise<number>[] = [];
		const seen = new Set<string>();
		page.on('response', (r) => {
			const url = new URL(r.url());
			if (!url.pathname.endsWith('.js') || seen.has(url.pathname)) return;
			seen.add(url.pathname);
			bodies.push(r.body().then((b) => gzipSync(b).length));
		});
		await page.goto(path, { waitUntil: 'networkidle' });
		return (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
	} finally {
		await context.close();
	}
}

test('the live page loads no more JS than the public results page (its budget)', async ({ browser }) => {
	const own = await liveCompetition('lv-js', ['Ada', 'Bo']);
	const t = tablet(own, 'lv-js');
	await t.finish(0, 4 * MIN);
	await publish(own);
	const results = await routeJs(browser, `/results/${own.eventId}`);
	// The stream stays open (the network is never idle with it): cut, so that the page polls instead.
	const live = await routeJs(browser, `/live/${own.eventId}`, async (page) => {
		await page.route('**/live-announcements', (route) => route.abort());
	});
	test.info().annotations.push({ type: 'route JS (gzip)', description: `/results/{e} ${(results / 1024).toFixed(1)} KiB, /live/{e} ${(live / 1024).toFixed(1)} KiB` });
	console.log(`route JS, gzip: /results/{e} ${results} B, /live/{e} ${live} B`);
	expect(live).toBeLessThanOrEqual(results);
});
