import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import type { JudgeEvent } from '../src/lib/events/schema';
import { fillQuickSetup, seatCard, storedEvents } from './station-helpers';

/**
 * A second tablet on the same seat. Tablet A (judge Petr) judged Ana and she agreed with her
 * 8:31.103; this tablet, offline, raised her hand at 8:44.966 and is in the middle of its
 * check when A's events arrive the way sync delivers pulled events: stored in the tablet's
 * IndexedDB and posted on the events channel (src/lib/sync/client/browser.ts). The check under
 * the judge's finger stays and confirms this tablet's own finish; the card says that another
 * tablet recorded the seat, what each recorded, which counts, and that the organizer decides.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const SEC = 1000;
const MIN = 60 * SEC;
const START = Date.parse('2026-05-16T09:00:00Z');

/** Stores the events as a pull does, then posts them on the channel the open heat listens to. */
async function receiveFromAnotherTablet(page: Page, events: JudgeEvent[]) {
	await page.evaluate(
		(list) =>
			new Promise<void>((resolve, reject) => {
				const open = indexedDB.open('puzzle-judge');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const tx = db.transaction('events', 'readwrite');
					for (const e of list) tx.objectStore('events').put(e);
					tx.oncomplete = () => {
						db.close();
						const channel = new BroadcastChannel('puzzle-judge.events:puzzle-judge');
						for (const e of list) channel.postMessage(e);
						channel.close();
						resolve();
					};
					tx.onerror = () => reject(tx.error);
				};
			}),
		events
	);
}

test('another tablet’s result arrives mid-check: the check stays and confirms this tablet’s finish; both records shown, the organizer decides', async ({ page }) => {
	await page.clock.install({ time: START - 5 * MIN });
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bohdan']);
	const params = new URL(page.url()).searchParams;
	const ana = seatCard(page, 'Ana');
	const anaId = (await ana.getAttribute('data-seat'))!;
	await page.clock.pauseAt(START);
	await page.getByTestId('start').click();

	await page.clock.pauseAt(START + 8 * MIN + 44_966);
	await ana.getByTestId('hand').click();
	await expect(ana.getByTestId('confirm')).toBeVisible();
	await expect(ana.getByTestId('records')).toHaveCount(0);
	const ownHand = (await storedEvents(page)).find((e) => e.type === 'hand.raised')! as unknown as JudgeEvent;

	// Tablet A's Ana: finished at 8:31.103, checked, agreed before this tablet's tap.
	const other = new DeviceLog({ deviceId: 'tab-a0a0a0a0', judge: 'Petr', competitionId: params.get('competition')!, heatId: params.get('heat')! });
	other.finish(anaId, START + 8 * MIN + 31_103);
	await page.clock.pauseAt(START + 9 * MIN);
	await receiveFromAnotherTablet(page, other.events);

	const records = ana.getByTestId('records');
	await expect(records).toContainText('Another tablet also recorded this seat');
	await expect(records.getByTestId('record-mine')).toHaveText('This tablet (Eva): finished 8:44.966 · check pending — does not count');
	await expect(records.getByTestId('record-other')).toHaveText('Other tablet (Petr): finished 8:31.103 · agreed by the competitor — counts');
	await expect(records).toContainText('The organizer decides which record counts.');
	// What counts is shown as such; the check the judge is doing has not gone.
	await expect(ana.getByTestId('status')).toHaveText('Finished · locked');
	await expect(ana.getByTestId('clock')).toHaveText('8:31');
	await expect(ana.getByTestId('confirm')).toBeVisible();
	await expect(ana.getByTestId('reject')).toBeVisible();

	await ana.getByTestId('confirm').click();
	await expect(ana.getByTestId('confirm')).toHaveCount(0);
	// This tablet's check, of this tablet's finish (not of tablet A's).
	const checks = ((await storedEvents(page)) as unknown as JudgeEvent[]).filter((e) => e.type === 'check.confirmed' && e.deviceId === ownHand.deviceId);
	expect(checks.map((e) => e.type === 'check.confirmed' && e.payload.ref)).toEqual([ownHand.id]);
	await expect(records.getByTestId('record-mine')).toHaveText('This tablet (Eva): finished 8:44.966 — does not count');

	// Nothing vanishes after a reload either.
	await page.reload();
	await expect(seatCard(page, 'Ana').getByTestId('record-mine')).toHaveText('This tablet (Eva): finished 8:44.966 — does not count');
	await expect(seatCard(page, 'Ana').getByTestId('record-other')).toContainText('8:31.103');
	await expect(seatCard(page, 'Bohdan').getByTestId('records')).toHaveCount(0);
});
