import { expect, test, type Page } from '@playwright/test';
import { fillQuickSetup, seatCard } from './station-helpers';

/**
 * The judge station in real Chromium with real IndexedDB, against the production build.
 * `page.clock` drives time, so a 90-minute heat runs in seconds.
 */

const T0 = new Date('2026-05-16T09:00:00Z');
const MIN = 60_000;

async function quickHeat(page: Page, presetId: string, names: string[]) {
	await page.goto('/station');
	await fillQuickSetup(page, presetId, names);
}

const seat = seatCard;

test('CZ-GEN-FINISH, CZ-GEN-RECORD: a CZJPA heat on the tablet survives a reload', async ({ page }) => {
	await page.clock.install({ time: T0 });
	await quickHeat(page, 'czjpa-individual', ['Ana', 'Bob', 'Cyril']);
	await page.getByTestId('start').click();
	await expect(seat(page, 'Ana').getByTestId('status')).toHaveText('Running');

	await page.clock.fastForward(42 * MIN);
	await seat(page, 'Ana').getByTestId('hand').click();
	await expect(seat(page, 'Ana').getByTestId('clock')).toHaveText(/^42:0\d$/);
	// The check takes a while; the time stays at the tap.
	await page.clock.fastForward(MIN);
	await seat(page, 'Ana').getByTestId('missing').fill('2');
	await seat(page, 'Ana').getByTestId('confirm').click();
	await expect(seat(page, 'Ana').getByTestId('result')).toContainText('42:2');
	await seat(page, 'Ana').getByTestId('agree').click();
	await expect(seat(page, 'Ana').getByTestId('status')).toHaveText('Finished · locked');

	// A rejected check: the clock goes on as if it never stopped.
	await seat(page, 'Bob').getByTestId('hand').click();
	await seat(page, 'Bob').getByTestId('reject').click();
	await expect(seat(page, 'Bob').getByTestId('status')).toHaveText('Running');

	await page.reload();
	await expect(seat(page, 'Ana').getByTestId('status')).toHaveText('Finished · locked');
	await expect(seat(page, 'Bob').getByTestId('status')).toHaveText('Running');
	await expect(seat(page, 'Bob').getByTestId('clock')).toHaveText(/^43:\d\d$/);

	// The limit: every running seat stops by itself; the tally decides.
	await page.clock.fastForward(50 * MIN);
	await expect(seat(page, 'Bob').getByTestId('status')).toHaveText('Time is up');
	await expect(seat(page, 'Bob').getByTestId('clock')).toHaveText('1:30:00');
	await seat(page, 'Bob').getByTestId('tally').click();
	for (const digit of ['3', '0', '0']) await seat(page, 'Bob').getByRole('button', { name: digit, exact: true }).click();
	await seat(page, 'Bob').getByTestId('tally-add').click();
	await seat(page, 'Bob').getByRole('button', { name: '2', exact: true }).click();
	await seat(page, 'Bob').getByTestId('tally-add').click();
	await expect(seat(page, 'Bob').getByTestId('tally-sum')).toContainText('300 counted');
	await seat(page, 'Bob').getByTestId('tally-save').click();
	await expect(seat(page, 'Bob').getByTestId('result')).toContainText('300 pieces counted');

	await page.getByRole('button', { name: 'Standings' }).click();
	const rows = page.getByTestId('standings').locator('tbody tr');
	await expect(rows.nth(0)).toContainText('Ana');
	await expect(rows.nth(1)).toContainText('Bob');
});

test('ES-PREVIEW, ES-PAUSE, ES-ASSIST: a Spanish adult turn on the tablet', async ({ page }) => {
	await page.clock.install({ time: T0 });
	await quickHeat(page, 'es-adult-individual', ['Lucía', 'Marta', 'Nuria']);
	await page.getByTestId('start').click();
	await expect(seat(page, 'Lucía').getByTestId('status')).toHaveText('Preview');
	await expect(page.getByTestId('preview-left')).toContainText('2:00');
	await page.clock.fastForward(2 * MIN);
	await expect(seat(page, 'Lucía').getByTestId('status')).toHaveText('Running');

	// Two pauses; then no third (ES-PAUSE), with the reason shown.
	const lucia = seat(page, 'Lucía');
	for (let i = 0; i < 2; i++) {
		await page.clock.fastForward(5 * MIN);
		await lucia.getByTestId('pause').click();
		await expect(lucia.getByTestId('status')).toHaveText('Paused');
		await page.clock.fastForward(MIN);
		await lucia.getByRole('button', { name: 'Resume' }).click();
		await expect(lucia.getByTestId('status')).toHaveText('Running');
	}
	await expect(lucia.getByTestId('pause')).toHaveCount(0);
	await expect(lucia).toContainText('All pauses used');

	// A pause that ends itself at 5:00.
	const nuria = seat(page, 'Nuria');
	await nuria.getByTestId('pause').click();
	await page.clock.fastForward(5 * MIN + 2000);
	await expect(nuria.getByTestId('status')).toHaveText('Running');

	// Assistance: the 10-minute cap (ES-ASSIST).
	const marta = seat(page, 'Marta');
	await marta.getByTestId('assist').click();
	await page.clock.fastForward(11 * MIN);
	await marta.getByTestId('assist-end').click();
	await expect(marta.getByTestId('assist')).toHaveCount(0);
	await expect(marta).toContainText('Assistance time cap reached');

	await page.reload();
	await expect(lucia).toContainText('0 of 2 pauses left');
	await expect(marta.getByTestId('status')).toHaveText('Running');
});
