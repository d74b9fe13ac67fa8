import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { JudgeEvent } from '../src/lib/events/schema';
import { organizeDeskEvent } from './desk-kit';
import { addDevice, pullAll } from './sync-kit';

// The service worker is what this spec proves (or what its offline reloads need); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * Two door devices at once (issue 14): both check people in with no network, one person at
 * both doors; when the network returns every check-in reaches the server from its own device,
 * none overwrites another, and each door then shows the other's check-ins (the same log,
 * outbox and sync as a judge's actions).
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const entry = (page: Page, name: string) => page.getByTestId('desk-entry').filter({ hasText: name });

async function openDoor(context: BrowserContext, pairUrl: string, label: string): Promise<Page> {
	const page = await context.newPage();
	await page.goto(pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText(`as check-in desk “${label}”`);
	await page.goto('/desk');
	await expect(page.getByTestId('desk-counts')).toHaveText('0 of 2 checked in · 1 on the waiting list');
	return page;
}

async function checkIn(page: Page, search: string, name: string, answer: (row: ReturnType<typeof entry>) => Promise<void> = async () => {}): Promise<void> {
	await page.getByTestId('desk-search').fill(search);
	const row = entry(page, name);
	await row.getByTestId('desk-check-in').click();
	await answer(row);
	if (await row.getByTestId('desk-confirm').isVisible()) await row.getByTestId('desk-confirm').click();
	await expect(row.getByTestId('desk-checked-in')).toBeVisible();
}

test('two doors check people in offline; back online every check-in reaches the server and the other door, none overwritten', async ({ browser }) => {
	const org = await organizeDeskEvent();
	const door2 = await addDevice(org.eventId, org.token, 'desk', 'Door 2');
	const contexts = [await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' }), await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' })] as const;
	try {
		const one = await openDoor(contexts[0], org.desk.pairUrl, 'Door 1');
		const two = await openDoor(contexts[1], door2.pairUrl, 'Door 2');

		await test.step('both offline: Door 1 checks in Jana and Tom, Door 2 checks in Eva and Jana too', async () => {
			for (const c of contexts) await c.setOffline(true);
			await checkIn(one, 'novakova', 'Jana Nováková', (row) => row.getByTestId('desk-paid').check());
			await checkIn(one, 'maly', 'Tomáš Malý', (row) => row.getByTestId('desk-adult').fill('Petr Malý'));
			await checkIn(two, 'eva', 'Eva Nová');
			await checkIn(two, 'jana', 'Jana Nováková');
			// Eva waits (issue 30 #11): counted apart from the registered.
			await expect(one.getByTestId('desk-counts')).toHaveText('2 of 2 checked in · 1 on the waiting list');
			await expect(two.getByTestId('desk-counts')).toHaveText('1 of 2 checked in · 1 on the waiting list');
		});

		await test.step('back online: the server holds all four check-ins, each from its own device', async () => {
			for (const c of contexts) await c.setOffline(false);
			await expect
				.poll(async () => (await pullAll(org.eventId, org.token)).events.filter((e) => e.type === 'entry.checked-in').length, { timeout: 30_000 })
				.toBe(4);
			const checkIns = ((await pullAll(org.eventId, org.token)).events as JudgeEvent[]).filter((e) => e.type === 'entry.checked-in');
			const byDoor = (door: string) => checkIns.filter((e) => e.judge === door).map((e) => e.entryId).sort();
			expect(byDoor('Door 1')).toEqual([org.id('r-jana'), org.id('r-tom')].sort());
			expect(byDoor('Door 2')).toEqual([org.id('r-eva'), org.id('r-jana')].sort());
			expect(new Set(checkIns.map((e) => e.deviceId)).size).toBe(2);
			expect(new Set(checkIns.map((e) => e.id)).size).toBe(4);
		});

		await test.step('each door shows the other’s check-ins after its next sync', async () => {
			for (const page of [one, two]) {
				await page.reload();
				await expect(page.getByTestId('desk-counts')).toHaveText('2 of 2 checked in · 1 on the waiting list', { timeout: 30_000 });
				for (const name of ['Jana Nováková', 'Tomáš Malý', 'Eva Nová']) {
					await page.getByTestId('desk-search').fill(name);
					await expect(entry(page, name).getByTestId('desk-checked-in')).toBeVisible();
				}
			}
		});
	} finally {
		for (const c of contexts) await c.close();
	}
});
