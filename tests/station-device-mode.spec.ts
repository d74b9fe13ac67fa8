import { expect, test, type Page } from '@playwright/test';
import { addDevice, call, createEvent, expectStatus, RUN } from './sync-kit';
import { fillQuickSetup } from './station-helpers';
import { signInOrganizer, openOrganizer } from './organizer-kit';

/**
 * Storage on iPads and installed tablets (issue 17, point 3). Where persistent storage is
 * refused, the station's warning is an instruction for the platform (an iPad's Safari tab: add
 * the app to the Home Screen and open it from there), and the station says, small, whether it
 * runs as the installed app or in a browser tab, on its home and heat screens. Each tablet tells
 * the server with its syncs, and the organizer's device list shows it (unknown before).
 *
 * Chromium has no iPad and no Home Screen: init scripts make persistent storage refused or
 * granted, and `matchMedia('(display-mode: standalone)')` match (page.emulateMedia does not
 * cover display-mode); the iPad is its user agent.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Persistent storage refused (`granted` false) or granted; optionally the app "installed" (display-mode standalone). */
async function tablet(page: Page, { granted, installed }: { granted: boolean; installed: boolean }): Promise<void> {
	await page.addInitScript(
		([granted, installed]) => {
			const storage = navigator.storage as StorageManager & { persist: () => Promise<boolean>; persisted: () => Promise<boolean> };
			storage.persist = () => Promise.resolve(granted);
			storage.persisted = () => Promise.resolve(granted);
			if (installed) {
				const real = window.matchMedia.bind(window);
				window.matchMedia = (query: string) =>
					query.replace(/\s+/g, '') === '(display-mode:standalone)' ? ({ ...real(query), matches: true, media: query } as MediaQueryList) : real(query);
			}
		},
		[granted, installed] as const
	);
}

test.describe('an iPad in a Safari tab', () => {
	test.use({ userAgent: IPAD, hasTouch: true });

	test('persistence refused: the station says to add the app to the Home Screen, and that it runs in a browser tab, on the home and the heat screen', async ({ page }) => {
		await tablet(page, { granted: false, installed: false });
		await page.goto('/station');
		const warning = page.getByTestId('storage-warning');
		await expect(warning).toHaveAttribute('data-advice', 'home-screen');
		await expect(warning).toContainText('Add the app to the Home Screen (Share ▸ Add to Home Screen), then open it from there before the event');
		await expect(page.getByTestId('display-mode')).toHaveText('Running in a browser tab');

		await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bohdan']);
		await expect(page.getByTestId('storage-warning')).toContainText('Add the app to the Home Screen');
		await expect(page.getByTestId('display-mode')).toHaveText('Running in a browser tab');
	});
});

test('another tablet in a tab is told to install the app; with persistence granted only the mode is shown', async ({ page, browser }) => {
	await tablet(page, { granted: false, installed: false });
	await page.goto('/station');
	await expect(page.getByTestId('storage-warning')).toHaveAttribute('data-advice', 'install');
	await expect(page.getByTestId('storage-warning')).toContainText('Install the app');
	await expect(page.getByTestId('storage-warning')).not.toContainText('Home Screen (Share');

	const granted = await browser.newPage({ locale: 'en-US' });
	await tablet(granted, { granted: true, installed: false });
	await granted.goto('/station');
	await expect(granted.getByTestId('display-mode')).toHaveText('Running in a browser tab');
	await expect(granted.getByTestId('storage-warning')).toHaveCount(0);
	await granted.close();
});

test('an installed tablet says so, tells the server with its sync, and the organizer’s device list shows which tablets run installed', async ({ page, browser }) => {
	await tablet(page, { granted: false, installed: true });
	await page.goto('/station');
	await expect(page.getByTestId('display-mode')).toHaveText('Running as the installed app');
	// Already installed: not told to install itself.
	await expect(page.getByTestId('storage-warning')).toHaveAttribute('data-advice', 'installed');
	await expect(page.getByTestId('storage-warning')).not.toContainText('Install the app');

	const eventName = `Installed cup ${RUN}`;
	const { eventId, token: key } = await createEvent(eventName);
	const judge = await addDevice(eventId, key, 'judge', 'Table 1');
	const other = await addDevice(eventId, key, 'judge', 'Table 2');
	await page.goto(judge.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText(`Paired with ${eventName}`);

	// The tablet's syncs say it runs installed; the other tablet never synced: unknown.
	const modeOf = async (id: string) => {
		const list = expectStatus(await call('GET', `/api/events/${eventId}/devices`, { token: key }), 200, 'device list').body as {
			devices: { id: string; displayMode?: { mode: string } | null }[];
		};
		return list.devices.find((d) => d.id === id)?.displayMode?.mode ?? null;
	};
	await expect.poll(() => modeOf(judge.device.id), { timeout: 20_000 }).toBe('standalone');
	expect(await modeOf(other.device.id)).toBeNull();

	const organizer = await browser.newPage({ locale: 'en-US', timezoneId: 'UTC' });
	await signInOrganizer(organizer, key, eventId, eventName);
	await openOrganizer(organizer, 'devices');
	const row = (label: string) => organizer.getByTestId('device-row').filter({ hasText: label }).getByTestId('device-mode');
	await expect(organizer.getByRole('columnheader', { name: 'Runs as' })).toBeVisible();
	await expect(row('Table 1')).toHaveAttribute('data-mode', 'standalone');
	await expect(row('Table 1')).toContainText('Installed app');
	await expect(row('Table 2')).toHaveAttribute('data-mode', 'unknown');
	await expect(row('Table 2')).toHaveText('Not yet known');
	await organizer.close();
});
