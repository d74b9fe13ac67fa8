import { expect, type Locator, type Page } from '@playwright/test';

/** The organizer's register screen (/organizer/register), step by step: what several specs do. */

/** A registration's row in the shown competition's lists, by the unit's name. */
export const entryRow = (page: Page, name: string): Locator => page.getByTestId('entry-row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** Registers one person (found by `query`) for the competition shown. */
export async function registerOne(page: Page, query: string, name: string): Promise<void> {
	const form = page.getByTestId('register-unit');
	if (!(await form.evaluate((d) => (d as HTMLDetailsElement).open))) await form.locator('summary').click();
	await form.getByLabel('Find the person').fill(query);
	await form.getByRole('button', { name: `Choose ${name}` }).click();
	await form.getByRole('button', { name: 'Register', exact: true }).click();
}

/** Cancels `name`'s registration on `day`, the dialog saying `outlook` about the refund first. */
export async function cancel(page: Page, name: string, day: string, outlook: string): Promise<void> {
	await entryRow(page, name).getByRole('button', { name: `Cancel the registration of ${name}` }).click();
	const dialog = page.getByTestId('cancel-dialog');
	await dialog.getByLabel('Cancelled on').fill(day);
	await expect(dialog.getByTestId('refund-outlook')).toHaveText(outlook);
	await dialog.getByRole('button', { name: 'Cancel the registration' }).click();
	await expect(dialog).toBeHidden();
}

/** Records the fee of `name` as paid (the dialog's default amount, 400 CZK). */
export async function pay(page: Page, name: string): Promise<void> {
	await entryRow(page, name).getByRole('button', { name: `Payment of ${name}` }).click();
	const dialog = page.getByTestId('pay-dialog');
	await expect(dialog.getByLabel('Amount paid (CZK)')).toHaveValue('400');
	await dialog.getByRole('button', { name: 'Save the payment' }).click();
	await expect(dialog).toBeHidden();
	await expect(entryRow(page, name).getByTestId('paid')).toContainText('paid');
}
