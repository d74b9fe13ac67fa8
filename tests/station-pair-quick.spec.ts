import { expect, test, type Page } from '@playwright/test';
import { addDevice, createEvent, pullAll, RUN, setupOf, writeSetup } from './sync-kit';
import { fillQuickSetup, seatCard, storedEvents } from './station-helpers';

/**
 * A heat set up on the spot on a blank tablet, judged, and the tablet paired afterwards (issue
 * 11, point 9): the push carries the quick set-up, the server adopts its competition into the
 * paired event, and the tablet then holds it under that event. The quick set-up's own day,
 * left without competitions, is not listed as an empty event; nothing recorded is lost.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const level = (page: Page) => page.getByTestId('choose-level');
const option = (page: Page, name: string | RegExp) =>
	page.getByTestId('chooser').locator('.choices button').filter({ has: page.locator('.name', { hasText: name }) });

/** The tablet's days and the event its competition belongs to, read straight from IndexedDB. */
function tabletDays(page: Page, competitionId: string): Promise<{ days: string[]; eventOfCompetition: string | null }> {
	return page.evaluate(
		(id) =>
			new Promise((resolve, reject) => {
				const open = indexedDB.open('puzzle-judge');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const tx = db.transaction(['days', 'competitions'], 'readonly');
					const days = tx.objectStore('days').getAllKeys();
					const competition = tx.objectStore('competitions').get(id);
					tx.oncomplete = () => {
						db.close();
						resolve({ days: (days.result as string[]).sort(), eventOfCompetition: (competition.result as { eventId?: string } | undefined)?.eventId ?? null });
					};
					tx.onerror = () => reject(tx.error);
				};
			}),
		competitionId
	);
}

test('a quick set-up judged on a blank tablet, then paired: its competition joins the paired event, no empty day is listed, every event stays', async ({ page }) => {
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bohdan']);
	const competitionId = new URL(page.url()).searchParams.get('competition')!;
	await page.getByTestId('start').click();
	await seatCard(page, 'Ana').getByTestId('hand').click();
	await expect(seatCard(page, 'Ana').getByTestId('status')).not.toHaveText('Running');
	const recorded = await storedEvents(page);
	expect(recorded.map((e) => [e.type, e.judge])).toEqual([
		['heat.start', 'Eva'],
		['hand.raised', 'Eva']
	]);
	const quickDay = (await tabletDays(page, competitionId)).eventOfCompetition!;
	expect(quickDay).toMatch(/^day-\d{4}-\d{2}-\d{2}$/);

	// The organizer's event, with a competition of its own, and the tablet paired to it.
	const eventName = `Adoption cup ${RUN}`;
	const { eventId, token: key } = await createEvent(eventName);
	const own = setupOf(eventId, `adopt-${RUN}`, 2);
	await writeSetup(eventId, key, own.body);
	const judge = await addDevice(eventId, key, 'judge', 'Table 3');
	await page.goto(judge.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText(`Paired with ${eventName} as judge “Table 3”.`);

	// The push carries the quick set-up and its events; the next pull brings the competition back under the event.
	await expect.poll(async () => (await pullAll(eventId, key)).events.map((e) => e.id).sort(), { timeout: 20_000 }).toEqual(recorded.map((e) => e.id).sort());
	await expect.poll(() => tabletDays(page, competitionId), { timeout: 20_000 }).toEqual({ days: [eventId], eventOfCompetition: eventId });

	await page.goto('/station');
	// The home lands on the quick heat, now under the paired event, with what was recorded.
	await expect(level(page)).toHaveText('Choose the heat');
	await expect(page.getByTestId('crumb').locator('.crumb-value')).toHaveText([eventName, /^CZJPA individual/]);
	await expect(option(page, 'Heat 1').getByTestId('heat-records')).toHaveText('2 records on this tablet');
	expect(await storedEvents(page)).toEqual(recorded);
	// One event on the tablet, the paired one, taken without asking: both competitions in it.
	await page.getByTestId('choose-back').click();
	await expect(level(page)).toHaveText('Choose the competition');
	await expect(page.getByTestId('crumb').locator('.crumb-value')).toHaveText([eventName]);
	await expect(page.getByTestId('chooser').locator('.choices .name')).toHaveText([/^CZJPA individual/, `Individual adopt-${RUN}`]);
	await expect(page.getByTestId('chooser')).not.toContainText('0 competitions');
	// No other event on the tablet to go back to.
	await page.reload();
	await expect(level(page)).toHaveText('Choose the competition');
	await expect(page.getByTestId('choose-back')).toHaveCount(0);

	// A paired tablet without a judge's name asks for one: its label names the tablet, not the judge.
	await page.getByTestId('judge').fill('');
	await option(page, /^CZJPA individual/).click();
	await option(page, 'Heat 1').click();
	await expect(page.getByTestId('judge-ask-tablet')).toHaveText('This tablet is paired as “Table 3”: that names the tablet, not the judge.');
	await page.getByTestId('judge-ask-name').fill('Marta');
	await page.getByTestId('judge-ask-go').click();
	await expect(page.getByTestId('judge-current')).toHaveText('Judge: Marta');
	await expect(seatCard(page, 'Ana').getByTestId('status')).not.toHaveText('Running');
});
