import { expect, test } from '@playwright/test';
import { fillQuickSetup, seatCard, storedEvents } from './station-helpers';

/**
 * Two tabs of the station on one tablet (a judge who opened the app twice, or the installed app
 * beside a browser tab), and the tablet's own note that the limit passed.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const MIN = 60_000;
const T0 = Date.parse('2026-05-16T09:00:00Z');

test("a second tab shows the first tab's taps at once, and taps there show in the first", async ({ context, page }) => {
	await page.clock.install({ time: T0 });
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bohdan']);

	const other = await context.newPage();
	await other.goto(page.url());
	await expect(other.getByTestId('seat')).toHaveCount(2);
	await expect(seatCard(other, 'Ana').getByTestId('status')).toHaveText('Not started');

	await page.getByTestId('start').click();
	await expect(seatCard(other, 'Ana').getByTestId('status')).toHaveText('Running');

	await page.clock.fastForward(20 * MIN);
	await seatCard(other, 'Bohdan').getByTestId('hand').click();
	await expect(seatCard(other, 'Bohdan').getByTestId('status')).toHaveText('Finished');
	await expect(seatCard(page, 'Bohdan').getByTestId('status')).toHaveText('Finished');
	await expect(seatCard(page, 'Bohdan').getByTestId('clock')).toHaveText(/^20:0\d$/);

	await seatCard(page, 'Bohdan').getByTestId('confirm').click();
	await expect(seatCard(other, 'Bohdan').getByTestId('agree')).toBeVisible();

	// One device, one numbering, whichever tab tapped: 1, 2, 3 with nothing skipped or reused.
	const events = await storedEvents(page);
	expect(events.map((e) => [e.type, e.seq])).toEqual([
		['heat.start', 1],
		['hand.raised', 2],
		['check.confirmed', 3]
	]);
	await other.close();
});

test('the tablet records once that it saw the limit stop the running seats; undo still undoes the judge', async ({ page }) => {
	await page.clock.install({ time: T0 });
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bohdan', 'Cyril']);
	const ids = await page.getByTestId('seat').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-seat')!));
	await page.getByTestId('start').click();

	await page.clock.fastForward(30 * MIN);
	await seatCard(page, 'Ana').getByTestId('hand').click();
	await expect(seatCard(page, 'Ana').getByTestId('status')).toHaveText('Finished');

	// Just before the limit the judge taps a finish; the limit passes within the undo window.
	await page.clock.fastForward(60 * MIN - 5_000);
	await seatCard(page, 'Cyril').getByTestId('hand').click();
	await page.clock.fastForward(6_000);
	await expect(seatCard(page, 'Bohdan').getByTestId('status')).toHaveText('Time is up');
	await expect.poll(async () => (await storedEvents(page)).filter((e) => e.type === 'heat.time-limit').length).toBe(1);
	const limit = (await storedEvents(page)).find((e) => e.type === 'heat.time-limit')!;
	expect(limit.entryId).toBeNull();
	expect(limit.payload.entryIds).toEqual([ids[1]]);

	// Undo takes back Cyril's finish, not the tablet's note: Cyril is then stopped by the limit too.
	await page.getByTestId('undo').click();
	await expect(seatCard(page, 'Cyril').getByTestId('status')).toHaveText('Time is up');
	const afterUndo = await storedEvents(page);
	expect(afterUndo.at(-1)!.type).toBe('correction');

	// A reload does not record it again.
	await page.reload();
	await expect(seatCard(page, 'Cyril').getByTestId('status')).toHaveText('Time is up');
	await page.clock.fastForward(2_000);
	expect((await storedEvents(page)).filter((e) => e.type === 'heat.time-limit')).toHaveLength(1);
});
