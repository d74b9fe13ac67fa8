import { expect, test, type Page } from '@playwright/test';
import { JUDGE_KEY, seatCard, seedTablet, storedEvents, twoEventTablet } from './station-helpers';

/**
 * The judge's name on the station (issue 11, point 7): a tablet without one asks once, before
 * any heat opens, and remembers it; it is changed on the home or in the heat's header (a shift
 * change); every event keeps the name of whoever tapped, and no event carries a made-up name.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const T0 = new Date('2026-05-16T09:00:00Z');
const MIN = 60_000;

/** Who recorded what: each stored event's type and judge, in the order recorded. */
async function whoRecorded(page: Page): Promise<[type: string, judge: string][]> {
	return (await storedEvents(page)).map((e) => [e.type, e.judge]);
}

test('a blank tablet asks the judge’s name once, before the heat opens; it is remembered, changed mid-heat, and each event carries the name of whoever tapped', async ({ page }) => {
	await page.clock.install({ time: T0 });
	await page.goto('/station');
	const field = page.getByTestId('judge');
	await expect(field).toHaveValue('');
	await expect(page.getByTestId('judge-hint')).toHaveText('Who is judging on this tablet? Type your name: it is recorded with everything you tap.');

	await test.step('a heat set up without a name does not open until the name is given', async () => {
		await page.getByTestId('preset').selectOption('czjpa-individual');
		await page.getByTestId('names').fill('Ana\nBára');
		await page.getByTestId('quick-start').click();
		const ask = page.getByTestId('judge-ask');
		await expect(ask.getByRole('heading', { level: 1 })).toHaveText('Who is judging?');
		await expect(page.getByTestId('judge-ask-heat')).toHaveText('CZJPA individual (500 pieces, 90 min) · Heat 1 · table 1');
		await expect(page.getByTestId('seat')).toHaveCount(0);
		// A blank name is not a name.
		await page.getByTestId('judge-ask-name').fill('   ');
		await page.getByTestId('judge-ask-go').click();
		await expect(ask.getByRole('alert')).toHaveText('Type your name first.');
		await expect(page.getByTestId('seat')).toHaveCount(0);
		// Said in the judge's language too.
		await page.getByLabel('Language').selectOption('cs');
		await expect(ask.getByRole('heading', { level: 1 })).toHaveText('Kdo rozhoduje?');
		await page.getByLabel('Jazyk').selectOption('en');

		await page.getByTestId('judge-ask-name').fill('  Eva  Nováková ');
		await page.getByTestId('judge-ask-go').click();
		await expect(page.getByTestId('seat')).toHaveCount(2);
		await expect(page.getByTestId('judge-current')).toHaveText('Judge: Eva Nováková');
		expect(await storedEvents(page)).toEqual([]);
	});

	await test.step('the name is remembered: a reload opens the heat without asking', async () => {
		await page.getByTestId('start').click();
		await expect(seatCard(page, 'Ana').getByTestId('status')).toHaveText('Running');
		await page.reload();
		await expect(page.getByTestId('seat')).toHaveCount(2);
		await expect(page.getByTestId('judge-ask')).toHaveCount(0);
		await expect(page.getByTestId('judge-current')).toHaveText('Judge: Eva Nováková');
		expect(await page.evaluate((key) => localStorage.getItem(key), JUDGE_KEY)).toBe('Eva Nováková');
	});

	await test.step('a shift change in the heat’s header: the next tap carries the new name', async () => {
		await page.getByTestId('judge-change').click();
		const dialog = page.getByTestId('judge-dialog');
		await expect(dialog.getByRole('heading')).toHaveText('Who is judging now?');
		await expect(page.getByTestId('judge-change-name')).toHaveValue('Eva Nováková');
		// Blank: refused, the name stays.
		await page.getByTestId('judge-change-name').fill('');
		await page.getByTestId('judge-change-save').click();
		await expect(dialog.getByRole('alert')).toHaveText('Type your name first.');
		await page.getByTestId('judge-change-cancel').click();
		await expect(dialog).toBeHidden();
		await expect(page.getByTestId('judge-current')).toHaveText('Judge: Eva Nováková');

		await page.getByTestId('judge-change').click();
		await page.getByTestId('judge-change-name').fill('Marta');
		await page.getByTestId('judge-change-save').click();
		await expect(dialog).toBeHidden();
		await expect(page.getByTestId('judge-current')).toHaveText('Judge: Marta');
		await page.clock.fastForward(40 * MIN);
		await seatCard(page, 'Ana').getByTestId('hand').click();
		await expect(seatCard(page, 'Ana').getByTestId('status')).not.toHaveText('Running');
		expect(await whoRecorded(page)).toEqual([
			['heat.start', 'Eva Nováková'],
			['hand.raised', 'Marta']
		]);
	});

	await test.step('the home shows the name kept, and changes it too', async () => {
		await page.reload();
		await expect(page.getByTestId('judge-current')).toHaveText('Judge: Marta');
		await page.getByRole('button', { name: 'Heats' }).click();
		await expect(field).toHaveValue('Marta');
		await expect(page.getByTestId('judge-hint')).toHaveText("Remembered on this tablet. Another judge taking over? Type their name here or in the heat's header.");
		await field.fill('Pilar');
		await page.getByTestId('open-heat').click();
		await expect(page.getByTestId('judge-current')).toHaveText('Judge: Pilar');
		await seatCard(page, 'Bára').getByTestId('hand').click();
		await expect(seatCard(page, 'Bára').getByTestId('status')).not.toHaveText('Running');
		expect(await whoRecorded(page)).toEqual([
			['heat.start', 'Eva Nováková'],
			['hand.raised', 'Marta'],
			['hand.raised', 'Pilar']
		]);
	});
});

test('a heat link on a tablet without a name asks first; going back records nothing, and the name typed on the home opens it', async ({ page }) => {
	await page.goto('/station');
	await seedTablet(page, twoEventTablet(), { judge: null });
	await page.goto('/station?competition=spring-ind&heat=ind-h2&table=1');
	await expect(page.getByTestId('judge-ask')).toBeVisible();
	await expect(page.getByTestId('judge-ask-heat')).toHaveText('Individuals · Heat 2 · table 1');
	// Not paired: nothing said about the tablet's label.
	await expect(page.getByTestId('judge-ask-tablet')).toHaveCount(0);
	await expect(page.getByTestId('seat')).toHaveCount(0);

	await page.getByTestId('judge-ask-back').click();
	await expect(page).toHaveURL(/\/station\?$|\/station$/);
	await expect(page.getByTestId('chooser')).toBeVisible();
	expect(await storedEvents(page)).toEqual([]);

	await page.getByTestId('judge').fill('Gustav');
	await page.goto('/station?competition=spring-ind&heat=ind-h2&table=1');
	await expect(page.getByTestId('seat')).toHaveCount(2);
	await expect(page.getByTestId('judge-current')).toHaveText('Judge: Gustav');
	await page.getByTestId('start').click();
	expect(await whoRecorded(page)).toEqual([['heat.start', 'Gustav']]);

	// A name blanked on the home is gone: the next heat asks again.
	await page.getByRole('button', { name: 'Heats' }).click();
	await page.getByTestId('judge').fill('');
	await page.reload();
	await expect(page.getByTestId('judge')).toHaveValue('');
	await page.goto('/station?competition=spring-ind&heat=ind-h2&table=1');
	await expect(page.getByTestId('judge-ask')).toBeVisible();
});
