import { expect, test, type Locator } from '@playwright/test';
import { fillQuickSetup } from './station-helpers';

/**
 * The design layer's components where the app uses them (src/lib/ui): a Dialog gives the
 * focus back to what opened it, however it closes (Escape, a button, a save), and Escape
 * closes it leaving things as they were; a Field describes its control by its message, the
 * hint or the error in its place, and marks it invalid while it is an error.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

/** The control's description, as a screen reader reads it: the text of the elements its aria-describedby names. */
async function description(control: Locator): Promise<string | null> {
	return control.evaluate((el) => {
		const ids = el.getAttribute('aria-describedby');
		if (!ids) return null;
		return ids
			.split(/\s+/)
			.map((id) => document.getElementById(id)?.textContent?.trim() ?? `#${id} missing`)
			.join(' ');
	});
}

test('a dialog (the judge’s name in the heat’s header) gives the focus back to its opener; Escape closes it, leaving the name', async ({ page }) => {
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bára']);
	const opener = page.getByTestId('judge-change');
	const dialog = page.getByRole('dialog', { name: 'Who is judging now?' });

	// Escape: closed, the name as it was, the focus on the opener.
	await opener.focus();
	await page.keyboard.press('Enter');
	await expect(dialog).toBeVisible();
	await expect(page.getByTestId('judge-change-name')).toBeFocused();
	await page.getByTestId('judge-change-name').fill('Jan');
	await page.keyboard.press('Escape');
	await expect(dialog).toBeHidden();
	await expect(opener).toBeFocused();
	await expect(page.getByTestId('judge-current')).toHaveText('Judge: Eva');

	// Cancel: the same.
	await opener.click();
	await expect(dialog).toBeVisible();
	await dialog.getByRole('button', { name: 'Cancel' }).click();
	await expect(dialog).toBeHidden();
	await expect(opener).toBeFocused();

	// Saved: closed, the new name, the focus on the opener.
	await opener.click();
	await page.getByTestId('judge-change-name').fill('Jan');
	await page.getByTestId('judge-change-save').click();
	await expect(dialog).toBeHidden();
	await expect(page.getByTestId('judge-current')).toHaveText('Judge: Jan');
	await expect(opener).toBeFocused();
});

test('a field is described by its hint; an error takes the hint’s place, is announced, and marks the field invalid', async ({ page }) => {
	await page.goto('/station');
	// The judge's name on the home: described by its hint, valid.
	const judge = page.getByTestId('judge');
	await expect(judge).toHaveAttribute('aria-describedby', 'judge-name-hint');
	expect(await description(judge)).toBe('Who is judging on this tablet? Type your name: it is recorded with everything you tap.');
	await expect(judge).not.toHaveAttribute('aria-invalid');
	// Its label names it.
	await expect(page.getByRole('textbox', { name: "Judge's name" })).toHaveAttribute('data-testid', 'judge');

	// The seat count: described by what the names make of it.
	const seats = page.getByTestId('seat-count');
	expect(await description(seats)).toBe('No names typed: the seats are called “Seat 1”, “Seat 2”, …');
	await page.getByTestId('names').fill('Ana\nBára');
	expect(await description(seats)).toBe('2 seats, one per name typed: the count follows the names.');

	// The question before a heat: nothing to say at first, then the error, announced.
	await page.getByTestId('quick-start').click();
	const name = page.getByTestId('judge-ask-name');
	await expect(name).toBeVisible();
	await expect(name).not.toHaveAttribute('aria-describedby');
	await expect(name).not.toHaveAttribute('aria-invalid');
	await page.getByTestId('judge-ask-go').click();
	await expect(name).toHaveAttribute('aria-invalid', 'true');
	expect(await description(name)).toBe('Type your name first.');
	await expect(page.getByTestId('judge-ask').getByRole('alert')).toHaveText('Type your name first.');
});
