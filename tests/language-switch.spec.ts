import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { ownCompetition, openOrganizer, signInOrganizer } from './organizer-kit';
import { addDevice, call, expectStatus } from './sync-kit';

/**
 * The organizer's screen and the room display follow the browser's language, and each has the
 * language picker too (src/lib/i18n/LocaleSwitcher.svelte): the organizer's in its header (and
 * on its sign-in screen), the display's in a corner, seen on its notices and, over a heat,
 * only under the pointer or the keyboard's focus. Switching changes the texts at once.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const SEC = 1000;
const MIN = 60 * SEC;
const T0 = Date.UTC(2026, 4, 16, 9);

async function pushEvents(eventId: string, token: string, log: DeviceLog) {
	const pushed = expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token, json: { events: log.events } }), 200, 'push').body;
	expect(pushed.stored).toHaveLength(log.events.length);
}

const opacity = (page: Page) => page.locator('.locale-switcher').evaluate((el) => getComputedStyle(el).opacity);

test('the organizer switches language on the sign-in screen and in the header; the final-times plot’s ticks differ, as times', async ({ page }) => {
	// Three quick finishes: 0:12, 0:15 and 0:18 (the ticks once read "0.2 0.2 0.3 0.3").
	const own = await ownCompetition('lang', 'czjpa-individual', ['Alena', 'Boris', 'Cecílie']);
	const log = new DeviceLog({ deviceId: `lang-${Date.now()}`, judge: 'Eva', competitionId: own.competitionId, heatId: own.heatId });
	log.start(T0, own.entryIds);
	own.entryIds.forEach((id, i) => log.finish(id, T0 + (12 + 3 * i) * SEC));
	await pushEvents(own.eventId, own.judge, log);

	await test.step('the sign-in screen', async () => {
		await page.goto('/organizer');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organizer');
		await page.getByLabel('Language').selectOption('es');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organización');
		await expect(page.getByRole('heading', { level: 2, name: 'Crear un evento' })).toBeVisible();
		await page.getByLabel('Idioma').selectOption('en');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organizer');
	});

	await signInOrganizer(page, own.org, own.eventId, own.eventName);
	await openOrganizer(page, 'review');
	const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
	const plot = page.getByTestId('finish-times-plot');
	const ticks = plot.getByTestId('plot-x-tick');

	await test.step('in English: the plot’s time axis in whole seconds, every label once', async () => {
		await expect(header.getByRole('heading', { level: 1 })).toContainText('— Organizer');
		await expect(ticks).toHaveText(['0:12', '0:13', '0:14', '0:15', '0:16', '0:17', '0:18']);
		await expect(plot).toContainText('Final time');
	});

	await test.step('Czech, from the header', async () => {
		await header.getByLabel('Language').selectOption('cs');
		await expect(header.getByRole('heading', { level: 1 })).toContainText('— Organizátor');
		await expect(page.getByRole('navigation').getByRole('link', { name: 'Konflikty' })).toBeVisible();
		await expect(plot).toContainText('Výsledný čas');
		await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
	});

	await test.step('Spanish, and it is remembered across a reload', async () => {
		await header.getByLabel('Jazyk').selectOption('es');
		await expect(header.getByRole('heading', { level: 1 })).toContainText('— Organización');
		await expect(page.getByRole('navigation').getByRole('link', { name: 'Conflictos' })).toBeVisible();
		await page.reload();
		await expect(page.getByRole('heading', { level: 1 })).toContainText('— Organización');
		await expect(page.getByLabel('Idioma')).toHaveValue('es');
		const labels = await ticks.allTextContents();
		expect(new Set(labels).size, labels.join(' ')).toBe(labels.length);
	});
});

test('a display that is not paired: the language picker is on its notice', async ({ page }) => {
	await page.goto('/display');
	await expect(page.getByTestId('display-unpaired')).toContainText('not paired');
	await page.getByLabel('Language').selectOption('es');
	await expect(page.getByTestId('display-unpaired')).toContainText('no está emparejada');
	await expect(page.getByRole('link', { name: 'Emparejar' })).toHaveAttribute('href', '/pair');
	await page.getByLabel('Idioma').selectOption('cs');
	await expect(page.getByTestId('display-unpaired')).toContainText('není spárovaná');
	expect(await opacity(page)).toBe('1');
});

test('the room display over a heat: the picker stays out of sight until focused, then switches the texts', async ({ page }) => {
	const own = await ownCompetition('langd', 'es-adult-individual', ['Ana', 'Bea']);
	const display = await addDevice(own.eventId, own.org, 'display', 'Hall screen');
	await page.goto(display.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText('as display');

	// A heat started a minute ago: its 2:00 preview runs (ES-PREVIEW).
	const log = new DeviceLog({ deviceId: `langd-${Date.now()}`, judge: 'Eva', competitionId: own.competitionId, heatId: own.heatId });
	log.start(Date.now() - MIN, own.entryIds, own.ruleset.previewMs);
	await pushEvents(own.eventId, own.judge, log);

	await page.goto('/display');
	await expect(page.getByTestId('display-heat')).toHaveText('Heat 1');
	await expect(page.getByRole('heading', { level: 2 })).toHaveText('Standings');
	await expect(page.getByTestId('display-clock')).toContainText('Preview');
	// Nothing of it shows over the heat; no button either.
	expect(await opacity(page)).toBe('0');
	await expect(page.getByRole('button')).toHaveCount(0);

	// Someone at the screen's keyboard: Tab brings it up.
	await page.keyboard.press('Tab');
	await expect(page.getByLabel('Language')).toBeFocused();
	await expect.poll(() => opacity(page)).toBe('1');
	await page.getByLabel('Language').selectOption('cs');
	await expect(page.getByRole('heading', { level: 2 })).toHaveText('Pořadí');
	await expect(page.getByTestId('display-clock')).toContainText('Prohlížení předlohy');
	await page.getByLabel('Jazyk').selectOption('es');
	await expect(page.getByRole('heading', { level: 2 })).toHaveText('Clasificación');
	await expect(page.getByTestId('display-clock')).toContainText('Visualización');

	// Focus elsewhere: out of sight again.
	await page.locator('body').click({ position: { x: 600, y: 300 } });
	await expect.poll(() => opacity(page)).toBe('0');
});
