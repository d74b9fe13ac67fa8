import { expect, test, type Page } from '@playwright/test';
import { openOrganizer, ownCompetition, signInOrganizer } from './organizer-kit';
import { addDevice } from './sync-kit';

/**
 * One device session for the whole app (src/lib/session/device-session.svelte.ts): every page
 * load opens the tablet's database once (the screens and the sync engine share it), and no
 * screen polls it: what a screen shows is read again after a write, another tab's write or a
 * sync. Counted in the page itself, from its first script on: the app's connections to its
 * IndexedDB (Dexie opens with a version; a test's own look at the database does not) and its
 * repeating timers.
 */

const HOUR = 60 * 60_000;

async function watch(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const w = window as unknown as { __opens: string[]; __intervals: number[] };
		w.__opens = [];
		w.__intervals = [];
		const open = IDBFactory.prototype.open;
		IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
			if (version !== undefined) w.__opens.push(name);
			return open.call(this, name, version);
		};
		const every = window.setInterval.bind(window);
		window.setInterval = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
			w.__intervals.push(ms ?? 0);
			return every(handler, ms, ...args);
		}) as typeof window.setInterval;
	});
}

const opens = (page: Page) => page.evaluate(() => (window as unknown as { __opens: string[] }).__opens);
/** The repeating timers started so far, but the app update's hourly check. */
const intervals = (page: Page) => page.evaluate((hour) => (window as unknown as { __intervals: number[] }).__intervals.filter((ms) => ms < hour).sort((a, b) => a - b), HOUR);

test('one database per page load for every screen, shared by the sync engine; the organizer’s screens do not poll it', async ({ page }) => {
	const own = await ownCompetition('session', 'czjpa-individual', ['Ada', 'Bo']);
	await watch(page);

	await page.goto('/station');
	await expect(page.getByTestId('chooser').or(page.getByTestId('preset')).first()).toBeAttached();
	expect(await opens(page)).toEqual(['puzzle-judge']);

	await page.goto('/pair');
	await expect(page.getByTestId('pair-page')).toHaveAttribute('data-ready', 'true');
	expect(await opens(page)).toEqual(['puzzle-judge']);

	// The organizer: signed in, then through every screen (the standings are read at once, and again only after a change).
	await signInOrganizer(page, own.org, own.eventId, own.eventName);
	for (const section of ['setup', 'live', 'review', 'devices'] as const) await openOrganizer(page, section);
	await openOrganizer(page, 'review');
	await expect(page.locator(`[data-testid="org-standings"][data-competition="${own.competitionId}"]`)).toBeAttached();
	expect(await opens(page)).toEqual(['puzzle-judge']);
	expect(await intervals(page)).toEqual([]);
});

test('the room display opens the database once and repeats only its clock, its request for a sync (with, every third time, whether results are shown live) and its question for the organizer\'s starts (issue 30 #5a, issue 32)', async ({ page }) => {
	const own = await ownCompetition('session-display', 'czjpa-individual', ['Ada', 'Bo']);
	const display = await addDevice(own.eventId, own.org, 'display', 'Hall screen');
	await watch(page);
	await page.goto(display.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText('as display');
	await page.goto('/display');
	await expect(page.getByTestId('display-no-heat')).toBeVisible();
	expect(await opens(page)).toEqual(['puzzle-judge']);
	expect(await intervals(page)).toEqual([250, 3_000, 10_000]);
});
