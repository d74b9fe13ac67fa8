import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillQuickSetup, seatCard } from './station-helpers';

/**
 * The heat header on the judge's tablet tells the truth about the heat's clock: its time left
 * while the limit is ahead, "all finished" when every seat finished before it, "time is up"
 * only at the limit; a pause moves the seat's own time (shown on its card), not the heat's.
 * `page.clock` paused, so every tap lands on an exact millisecond.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const SEC = 1000;
const MIN = 60 * SEC;
const START = Date.parse('2026-05-16T09:00:00Z');

async function quickHeat(page: Page, presetId: string, names: string[]): Promise<Locator[]> {
	await page.clock.install({ time: START - 5 * MIN });
	await page.goto('/station');
	await fillQuickSetup(page, presetId, names);
	await page.clock.pauseAt(START);
	await page.getByTestId('start').click();
	return names.map((n) => seatCard(page, n));
}

const at = (page: Page, ms: number) => page.clock.pauseAt(START + ms);

test('CZ-GEN-FINISH: every seat finished at 1:07 of 1:30:00: the header says all finished, not time is up, also after the limit', async ({ page }) => {
	const [ana, bohdan] = (await quickHeat(page, 'czjpa-individual', ['Ana', 'Bohdan'])) as [Locator, Locator];
	await at(page, 8 * MIN + 31_103);
	await ana.getByTestId('hand').click();
	await ana.getByTestId('confirm').click();
	await at(page, 9 * MIN);
	await expect(page.getByTestId('time-left')).toHaveText('Time left: 1:21:00');

	await at(page, 67 * MIN);
	await bohdan.getByTestId('hand').click();
	await bohdan.getByTestId('confirm').click();
	await at(page, 67 * MIN + 10 * SEC);
	await expect(page.getByTestId('heat-state')).toHaveText('All finished · last at 1:07:00');
	await expect(page.getByTestId('time-left')).toHaveCount(0);
	await expect(page.locator('.bar')).not.toContainText('Time is up');

	await at(page, 95 * MIN);
	await expect(page.getByTestId('heat-state')).toHaveText('All finished · last at 1:07:00');
});

test('ES-PAUSE: tapping Pause leaves the heat’s time left alone; the card shows its pause and its own time left; after the heat’s limit the seat still going is named', async ({ page }) => {
	const PREVIEW = 2 * MIN;
	const [lucia, marta] = (await quickHeat(page, 'es-adult-individual', ['Lucía', 'Marta'])) as [Locator, Locator];
	const clockAt = (ms: number) => at(page, PREVIEW + ms);

	await clockAt(10 * MIN);
	await expect(page.getByTestId('time-left')).toHaveText('Time left: 1:50:00');
	await lucia.getByTestId('pause').click();
	await expect(lucia.getByTestId('status')).toHaveText('Paused');
	await expect(page.getByTestId('time-left')).toHaveText('Time left: 1:50:00');
	await expect(lucia.getByTestId('pause-clock')).toHaveText('Pause 0:00 · at most 5:00 more');

	await clockAt(11 * MIN + 30 * SEC);
	await expect(page.getByTestId('time-left')).toHaveText('Time left: 1:48:30');
	await expect(lucia.getByTestId('pause-clock')).toHaveText('Pause 1:30 · at most 3:30 more');
	// Her clock stands during the pause: her own time left with it.
	await expect(lucia.getByTestId('own-left')).toHaveText('Own time left: 1:50:00');
	await expect(marta.getByTestId('own-left')).toHaveCount(0);

	await clockAt(13 * MIN);
	await lucia.getByRole('button', { name: 'Resume' }).click();
	await expect(lucia.getByTestId('status')).toHaveText('Running');
	await expect(lucia.getByTestId('pause-clock')).toHaveCount(0);
	await clockAt(20 * MIN);
	await expect(page.getByTestId('time-left')).toHaveText('Time left: 1:40:00');
	await expect(lucia.getByTestId('own-left')).toHaveText('Own time left: 1:43:00');

	// The heat's limit: Marta's time is up; Lucía goes on for the 3:00 she paused.
	await clockAt(120 * MIN + 30 * SEC);
	await expect(page.getByTestId('heat-state')).toHaveText('Time is up · 1 seat still going');
	await expect(marta.getByTestId('status')).toHaveText('Time is up');
	await expect(lucia.getByTestId('status')).toHaveText('Running');
	await expect(lucia.getByTestId('own-left')).toHaveText('Own time left: 2:30');
	await expect(lucia.getByTestId('hand')).toBeVisible();
	await clockAt(123 * MIN + SEC);
	await expect(lucia.getByTestId('status')).toHaveText('Time is up');
	await expect(page.getByTestId('heat-state')).toHaveText('Time is up');
});
