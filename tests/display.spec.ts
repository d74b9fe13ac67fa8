import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { addDevice, call, createEvent, expectStatus, writeSetup, DAY } from './sync-kit';
import { expectNoAxeViolations } from './a11y';

// The service worker is what this spec proves (or what its offline reloads need); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * The room display /display against the production build: a screen paired as a display
 * through the real pairing link, a judge's tablet (its token, over the API) starting a heat of
 * a Spanish competition with its 2:00 preview (ES-PREVIEW) and raising hands; the display
 * counts the preview down, then shows the running clock, the time left and the finishers in
 * order, at 1920×1080, on `page.clock`. It keeps the heat across a reload, and offline.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1920, height: 1080 } });

const SEC = 1000;
const MIN = 60 * SEC;
/** The judge taps "Start": the 2:00 preview begins, the clock starts by itself at START + 2:00. */
const START = Date.parse(`${DAY}T10:00:00Z`);
const CLOCK_ZERO = START + 2 * MIN;
const RULESET = presetById('es-adult-individual')!;
const NAMES = ['Ana', 'Bea', 'Cris', 'Dora'];

async function organize(names = NAMES) {
	const created = await createEvent(`Display cup ${Math.random().toString(36).slice(2, 7)}`);
	const { eventId, token: organizerKey } = created;
	const competitionId = `${eventId}-es`;
	const heatId = `${eventId}-t1`;
	const entryIds = names.map((n) => `${eventId}-${n.toLowerCase().replace(/[^a-z0-9]/g, '')}`);
	await writeSetup(eventId, organizerKey, {
		rulesets: [RULESET],
		competitions: [{ id: competitionId, eventId, name: 'Individual adults', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: heatId, competitionId, name: 'Turn 1' }],
		entries: names.map((name, i) => ({ id: entryIds[i]!, competitionId, heatId, name, members: [], table: '1', seat: String(i + 1) }))
	});
	const display = await addDevice(eventId, organizerKey, 'display', 'Hall screen');
	const judge = await addDevice(eventId, organizerKey, 'judge', 'Table 1');
	return { eventId, competitionId, heatId, entryIds, display, judge, organizerKey, eventName: created.event.name };
}

/** The judge's tablet: the start with its preview, Bea's finish at 32:00, Ana's at 40:00 (both checked). */
async function judgeHeat(org: Awaited<ReturnType<typeof organize>>) {
	const log = new DeviceLog({ deviceId: `judge-${org.eventId}`, judge: 'Eva', competitionId: org.competitionId, heatId: org.heatId });
	log.start(START, org.entryIds, RULESET.previewMs);
	log.finish(org.entryIds[1]!, CLOCK_ZERO + 32 * MIN);
	log.finish(org.entryIds[0]!, CLOCK_ZERO + 40 * MIN);
	const pushed = expectStatus(await call('POST', `/api/events/${org.eventId}/judge-events`, { token: org.judge.token, json: { events: log.events } }), 200, 'push').body;
	expect(pushed.stored).toHaveLength(log.events.length);
}

async function waitForServiceWorker(page: Page) {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
}

/** How often the display reads the clock (src/routes/display/+page.svelte). */
const TICK = 250;

/**
 * The page shows the moment `time`: jump to a second before, then let the timers run to just
 * past it, so that exactly one of the display's ticks falls in (time, time + TICK] whatever
 * their phase. Running clocks are shown rounded down and countdowns rounded up, so a whole
 * second `time` reads the same anywhere in that window. (A bare pauseAt fires the tick at
 * most once, which can come before the page reads its data; stopping exactly at `time` can
 * leave the last tick just before it.) The board must be open first: its ticks begin once it
 * has read the device, which takes real time whatever the page's clock does.
 */
async function showAt(page: Page, time: number) {
	// The board first reads the device (real IndexedDB, not on the page's clock); its ticks start after.
	await expect(page.getByTestId('display-heat').or(page.getByTestId('display-no-heat'))).toBeVisible();
	await page.clock.pauseAt(time - SEC);
	await page.clock.runFor(SEC + TICK);
}

const rows = (page: Page) => page.getByTestId('display-rows').getByTestId('display-row');

test('a display shows the preview, the running clock, the time left and the finishers; across a reload and offline', async ({ page, context }) => {
	expect(RULESET.previewMs).toBe(2 * MIN);
	const org = await organize();

	await page.clock.install({ time: START + 5 * SEC });
	await page.goto(org.display.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText('as display');
	await judgeHeat(org);

	await page.goto('/display');
	await showAt(page, START + 37 * SEC);

	await test.step('the preview counts down (ES-PREVIEW), without layout chrome over it', async () => {
		await expect(page.getByTestId('display-heat')).toHaveText('Turn 1');
		await expect(page.getByRole('heading', { level: 1 })).toContainText('Individual adults');
		await expect(page.getByTestId('display-clock')).toContainText('Preview');
		await expect(page.getByTestId('display-preview')).toHaveText('1:23');
		await expect(page.getByTestId('display-clock')).toHaveAttribute('aria-live', 'off');
		await expect(page.getByRole('heading', { level: 2, name: 'Standings' })).toBeVisible();
		await expect(rows(page)).toHaveCount(4);
		await expect(page.getByRole('button')).toHaveCount(0);
		await expect(page.locator('.sync-region')).toHaveCount(0);
		expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
	});

	await test.step('the clock runs from the end of the preview, with the time left to the 2 h limit', async () => {
		await showAt(page, CLOCK_ZERO + 35 * MIN + 10 * SEC);
		await expect(page.getByTestId('display-elapsed')).toHaveText('35:10');
		await expect(page.getByTestId('display-left')).toHaveText('1:24:50');
		await expect(rows(page).first()).toContainText('Bea');
		await expect(rows(page).first()).toContainText('32:00');
	});

	await test.step('the finishers in order', async () => {
		await showAt(page, CLOCK_ZERO + 45 * MIN);
		await expect(page.getByTestId('display-elapsed')).toHaveText('45:00');
		await expect(rows(page).nth(0)).toHaveText(/1\s*Bea\s*32:00/);
		await expect(rows(page).nth(1)).toHaveText(/2\s*Ana\s*40:00/);
		await expect(rows(page).nth(2)).toContainText('Running');
	});

	await test.step('a reload keeps the heat', async () => {
		await page.reload();
		await expect(page.getByTestId('display-elapsed')).toHaveText('45:00');
		await expect(rows(page).nth(0)).toHaveText(/1\s*Bea\s*32:00/);
		await expect(rows(page).nth(1)).toHaveText(/2\s*Ana\s*40:00/);
	});

	await test.step('offline, a reload shows the heat from what the screen holds', async () => {
		await waitForServiceWorker(page);
		await context.setOffline(true);
		const response = await page.reload();
		expect(response?.fromServiceWorker()).toBe(true);
		await expect(page.getByTestId('display-heat')).toHaveText('Turn 1');
		await expect(page.getByTestId('display-elapsed')).toHaveText('45:00');
		await expect(rows(page).nth(0)).toHaveText(/1\s*Bea\s*32:00/);
		await expect(rows(page).nth(1)).toHaveText(/2\s*Ana\s*40:00/);
		await expect(page.getByTestId('display-offline')).toHaveText('offline');
		// An address naming the heat is not in the precache as such: the worker serves the shell.
		const pinned = await page.goto(`/display?competition=${org.competitionId}&heat=${org.heatId}`);
		expect(pinned?.fromServiceWorker()).toBe(true);
		await expect(page.getByTestId('display-heat')).toHaveText('Turn 1');
		await expect(rows(page).nth(1)).toHaveText(/2\s*Ana\s*40:00/);
		// After the limit: time is up (Cris and Dora did not finish), the clock stands at the limit.
		await showAt(page, CLOCK_ZERO + 2 * 60 * MIN + 5 * SEC);
		await expect(page.getByTestId('display-time-up')).toHaveText('2:00:00');
		await expect(page.getByTestId('display-clock')).toContainText('Time is up');
		await expect(page.getByTestId('display-still-going')).toHaveCount(0);
		await context.setOffline(false);
	});

	await test.step('readable by everyone: no axe-core (WCAG 2.1 AA) violations', async () => {
		// axe waits on timers: the page's clock runs again for it.
		await page.clock.resume();
		await expectNoAxeViolations(page);
	});
});

test('a heat whose first table finished while the other has not started still runs; all finished before the limit says so, not time is up', async ({ page }) => {
	const org = await organize();
	const [ana, bea, cris, dora] = org.entryIds as [string, string, string, string];
	// Two tablets, each with its own token (a judge's token pushes its own tablet's events only).
	const table2Token = (await addDevice(org.eventId, org.organizerKey, 'judge', 'Table 2')).token;
	const push = async (log: DeviceLog, token = org.judge.token) =>
		expectStatus(await call('POST', `/api/events/${org.eventId}/judge-events`, { token, json: { events: log.events } }), 200, 'push');
	// Table 1 starts Ana and Bea; both are done within 9 minutes. Table 2 has not started.
	const table1 = new DeviceLog({ deviceId: `judge1-${org.eventId}`, judge: 'Eva', competitionId: org.competitionId, heatId: org.heatId });
	table1.start(START, [ana, bea], RULESET.previewMs);
	table1.finish(ana, CLOCK_ZERO + 8 * MIN + 31 * SEC);
	table1.finish(bea, CLOCK_ZERO + 8 * MIN + 50 * SEC);
	await push(table1);

	await page.clock.install({ time: CLOCK_ZERO + 10 * MIN });
	await page.goto(org.display.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText('as display');
	await page.goto('/display');
	await showAt(page, CLOCK_ZERO + 12 * MIN);
	await expect(page.getByTestId('display-elapsed')).toHaveText('12:00');
	await expect(page.getByTestId('display-left')).toHaveText('1:48:00');
	await expect(page.getByTestId('display-finished')).toHaveCount(0);

	// Table 2 starts 5 minutes after table 1; its two seats finish by 1:07:00 of the heat.
	const table2 = new DeviceLog({ deviceId: `judge2-${org.eventId}`, judge: 'Pablo', competitionId: org.competitionId, heatId: org.heatId });
	table2.start(START + 5 * MIN, [cris, dora], RULESET.previewMs);
	table2.finish(cris, CLOCK_ZERO + 40 * MIN);
	table2.finish(dora, CLOCK_ZERO + 67 * MIN);
	await push(table2, table2Token);
	await page.reload();
	await showAt(page, CLOCK_ZERO + 70 * MIN);
	await expect(page.getByTestId('display-clock')).toContainText('All finished');
	await expect(page.getByTestId('display-finished')).toHaveText('1:07:00');
	await expect(page.getByTestId('display-left')).toHaveCount(0);
	await expect(page.getByTestId('display-time-up')).toHaveCount(0);
});

test('a long leaderboard scrolls by itself, in a loop; with reduced motion it pages instead', async ({ page }) => {
	const names = Array.from({ length: 30 }, (_, i) => `Competitor ${String(i + 1).padStart(2, '0')}`);
	const org = await organize(names);
	const log = new DeviceLog({ deviceId: `judge-${org.eventId}`, judge: 'Eva', competitionId: org.competitionId, heatId: org.heatId });
	log.start(START, org.entryIds, RULESET.previewMs);
	org.entryIds.slice(0, 20).forEach((id, i) => log.finish(id, CLOCK_ZERO + (30 + i) * MIN));
	expectStatus(await call('POST', `/api/events/${org.eventId}/judge-events`, { token: org.judge.token, json: { events: log.events } }), 200, 'push');

	await page.clock.install({ time: CLOCK_ZERO + 60 * MIN });
	await page.goto(org.display.pairUrl);
	await expect(page.getByTestId('pair-done')).toBeVisible();
	// The address names the heat: the board shows it whatever else runs.
	await page.goto(`/display?competition=${org.competitionId}&heat=${org.heatId}`);
	await showAt(page, CLOCK_ZERO + 61 * MIN);
	await expect(page.getByTestId('display-elapsed')).toHaveText('1:01:00');
	await expect(rows(page)).toHaveCount(30);
	await expect(rows(page).first()).toHaveText(/1\s*Competitor 01\s*30:00/);

	// Longer than the screen: two copies on a moving track (the second hidden from screen readers).
	const track = page.getByTestId('display-scroll');
	await expect(track).toBeVisible();
	await expect(track.locator('ol[aria-hidden="true"] li')).toHaveCount(30);
	const offset = () => track.evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m42);
	const first = await offset();
	await expect.poll(offset).toBeLessThan(first - 5);

	// Reduced motion: no animation, a page of whole rows every few seconds.
	await page.emulateMedia({ reducedMotion: 'reduce' });
	const pages = page.getByTestId('display-pages');
	await expect(pages).toBeVisible();
	const pageOffset = () => pages.evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m42);
	expect(await pageOffset()).toBe(0);
	await page.clock.runFor(8 * SEC);
	await expect.poll(pageOffset).toBeLessThan(-100);
});

test('a screen that is not paired says so and links to the pairing page', async ({ page }) => {
	await page.goto('/display');
	await expect(page.getByTestId('display-unpaired')).toContainText('not paired');
	await expect(page.getByRole('link', { name: 'Pair this screen' })).toHaveAttribute('href', '/pair');
});
