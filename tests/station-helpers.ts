import { expect, type Locator, type Page } from '@playwright/test';

/** Fills the station's quick set-up (already open at /station) and waits for the seat grid. */
export async function fillQuickSetup(page: Page, presetId: string, names: string[]): Promise<void> {
	await page.getByTestId('judge').fill('Eva');
	await page.getByTestId('preset').selectOption(presetId);
	await page.getByTestId('seat-count').fill(String(names.length));
	await page.getByTestId('names').fill(names.join('\n'));
	await page.getByTestId('quick-start').click();
	await expect(page.getByTestId('seat')).toHaveCount(names.length);
}

/** The seat card whose heading holds `name`. */
export function seatCard(page: Page, name: string): Locator {
	return page.getByTestId('seat').filter({ has: page.getByRole('heading', { name }) });
}
