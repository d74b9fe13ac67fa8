import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { liveCompetition, MIN, nameCompetition, tablet } from './live-kit';

/**
 * Issue 32 #4, the livestream overlay /live/{e}/overlay?competition=…: a transparent page for a
 * streaming program's browser source (1920×1080), no header and no controls, the heat clock,
 * the best `top` and the latest `latest` finishers, kept current by the same public stream as
 * the live page. With UPDATE_SCREENSHOTS=1 it rewrites the README's picture (docs/img/), the
 * overlay shot with its transparency and laid over a sample picture.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1920, height: 1080 } });

const OUT = fileURLToPath(new URL(process.env.UPDATE_SCREENSHOTS ? '../docs/img/' : '../test-results/screenshots/', import.meta.url));
const NAMES = ['Ada Nováková', 'Bo Peña', 'Cy Ek', 'Dana Horák', 'Eli Moreno', 'Fay Lind', 'Gus Wolf', 'Hana Kříž', 'Ivo Ruiz', 'Jo Park', 'Kim Berg', 'Lea Voss'];

test('the overlay: transparent, no header or controls, the heat clock, the best N and the latest finishers, kept current by the stream', async ({ page }) => {
	const own = await liveCompetition('lv-overlay', NAMES);
	await nameCompetition(own, 'Individual 500 · Semi-final');
	const t = tablet(own, 'lv-overlay', 50 * MIN);
	// Eight finishers, entered out of order; four still going.
	for (const [i, at] of [
		[7, 41],
		[0, 32],
		[3, 36],
		[5, 44],
		[1, 30],
		[6, 38],
		[2, 47],
		[4, 33]
	] as const)
		await t.finish(i, at * MIN + i * 1000);

	await page.goto(`/live/${own.eventId}/overlay?competition=${own.competitionId}&top=5&latest=2`);
	const overlay = page.getByTestId('live-overlay');
	await expect(overlay).toContainText('Individual 500 · Semi-final');
	for (const element of ['html', 'body']) expect(await page.locator(element).evaluate((e) => getComputedStyle(e).backgroundColor), element).toBe('rgba(0, 0, 0, 0)');
	await expect(page.locator('header, nav, button, input, select, a')).toHaveCount(0);

	await expect(overlay.getByTestId('heat-clock')).toHaveAttribute('data-phase', 'running');
	await expect(overlay.getByTestId('heat-still-going')).toHaveText('4 still going');
	const top = overlay.getByTestId('overlay-top').getByTestId('overlay-row');
	await expect(top).toHaveCount(5);
	await expect(top.first()).toContainText('Bo Peña');
	await expect(top.first()).toContainText('30:01');
	await expect(top.nth(4)).toContainText('Gus Wolf');
	const latest = overlay.getByTestId('overlay-latest').locator('li');
	await expect(latest).toHaveCount(2);
	// The latest by their finish: Cy (47:02), then Fay (44:05).
	await expect(latest.first()).toContainText('Cy Ek');
	await expect(latest.nth(1)).toContainText('Fay Lind');
	// Large type for the back of a stream's picture: the rows at least 3 % of the frame's height.
	expect(parseFloat(await top.first().evaluate((e) => getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(0.03 * 1080);

	await expectNoAxeViolations(page);

	// A finish while the stream runs: on the overlay without a reload.
	await t.finish(9, 49 * MIN);
	await expect(latest.first()).toContainText('Jo Park');
	await expect(latest.nth(1)).toContainText('Cy Ek');
	await expect(top.first()).toContainText('Bo Peña');
	await expect(overlay.getByTestId('heat-still-going')).toHaveText('3 still going');

	// The README's picture: the overlay with its transparency, then laid over a sample picture.
	mkdirSync(OUT, { recursive: true });
	const shot = await page.screenshot({ omitBackground: true });
	// Laid over a sample picture (flat shapes: a small file), at 1280×720 for the README.
	const backdrop = await page.context().newPage();
	await backdrop.setViewportSize({ width: 1280, height: 720 });
	await backdrop.setContent(
		`<body style="margin:0;width:1280px;height:720px;overflow:hidden;background:#3d5a4c">` +
			`<div style="position:absolute;left:0;right:0;top:430px;bottom:0;background:#6b4f3a"></div>` +
			`<div style="position:absolute;left:90px;top:330px;width:560px;height:250px;background:#c9b79c;border-radius:12px"></div>` +
			`<img alt="" style="position:absolute;inset:0;width:1280px;height:720px" src="data:image/png;base64,${shot.toString('base64')}"></body>`
	);
	await backdrop.screenshot({ path: `${OUT}live-overlay.png`, scale: 'css' });
	await backdrop.close();
});

test('the overlay of a competition not shown live says so quietly; without a competition: 400', async ({ page }) => {
	const own = await liveCompetition('lv-overlay-off', ['Ada', 'Bo'], false);
	await page.goto(`/live/${own.eventId}/overlay?competition=${own.competitionId}`);
	await expect(page.getByTestId('overlay-missing')).toHaveText('Not live');
	await expect(page.getByText('Ada')).toHaveCount(0);
	expect((await page.goto(`/live/${own.eventId}/overlay`))!.status()).toBe(400);
});
