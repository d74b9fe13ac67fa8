import { expect, test } from '@playwright/test';
import { fillQuickSetup, seatCard, storedEvents } from './station-helpers';

/**
 * A saved incident note shows on its seat card; the undo of the last tap survives a reload
 * for the rest of its 10 seconds (UNDO_WINDOW_MS), and only then greys out.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const SEC = 1000;
const MIN = 60 * SEC;
const START = Date.parse('2026-05-16T09:00:00Z');

test('ES-INCIDENT: a saved incident note is shown on its seat card, also after a reload', async ({ page }) => {
	await page.clock.install({ time: START });
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bohdan']);
	await page.getByTestId('start').click();
	const ana = seatCard(page, 'Ana');
	await ana.getByRole('button', { name: 'More' }).click();
	await ana.getByRole('button', { name: 'Incident note…' }).click();
	await ana.getByRole('textbox', { name: 'Incident note' }).fill('Her table wobbles; moved at 12:00');
	await ana.getByRole('button', { name: 'Save note' }).click();
	await expect(ana.getByTestId('incident')).toHaveText('Note: Her table wobbles; moved at 12:00');
	await expect(seatCard(page, 'Bohdan').getByTestId('incident')).toHaveCount(0);
	await page.reload();
	await expect(seatCard(page, 'Ana').getByTestId('incident')).toHaveText('Note: Her table wobbles; moved at 12:00');
});

test('undo after a reload: the last tap is still undoable within its 10 seconds, and the undo works; after them it is greyed out', async ({ page }) => {
	await page.clock.install({ time: START - MIN });
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bohdan']);
	await page.clock.pauseAt(START);
	await page.getByTestId('start').click();
	const ana = seatCard(page, 'Ana');
	await page.clock.pauseAt(START + 20 * MIN);
	await ana.getByTestId('hand').click();
	await expect(ana.getByTestId('status')).toHaveText('Finished');

	await page.clock.pauseAt(START + 20 * MIN + 3 * SEC);
	await page.reload();
	await expect(seatCard(page, 'Ana').getByTestId('status')).toHaveText('Finished');
	await expect(page.getByTestId('undo')).toBeEnabled();
	await page.getByTestId('undo').click();
	await expect(seatCard(page, 'Ana').getByTestId('status')).toHaveText('Running');
	expect((await storedEvents(page)).map((e) => e.type)).toEqual(['heat.start', 'hand.raised', 'correction']);
	// The undo itself is not undone, before or after a reload.
	await expect(page.getByTestId('undo')).toBeDisabled();

	// A new tap, a reload, and the window running out while the page is open.
	await page.clock.pauseAt(START + 30 * MIN);
	await seatCard(page, 'Bohdan').getByTestId('hand').click();
	// Stored before the reload (a reload may cut short a write still under way, never one shown done).
	await expect(seatCard(page, 'Bohdan').getByTestId('status')).toHaveText('Finished');
	await page.reload();
	await expect(page.getByTestId('undo')).toBeEnabled();
	await page.clock.pauseAt(START + 30 * MIN + 10 * SEC + 500);
	await expect(page.getByTestId('undo')).toBeDisabled();
	await page.reload();
	await expect(seatCard(page, 'Bohdan').getByTestId('status')).toHaveText('Finished');
	await expect(page.getByTestId('undo')).toBeDisabled();
});
