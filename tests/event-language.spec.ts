import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { addDevice, call, DAY, expectStatus, RUN, T0, writeSetup, type CreatedEvent } from './sync-kit';

/**
 * Issue 30 #15: an event's "Printed lists and public pages in: Español" holds for every paper
 * and for the public page, whatever the reader's language; the organizer's own screens (the
 * links and buttons above a print, the cards page's step) stay in the organizer's language.
 * The browser here is English; the event is Spanish.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const MIN = 60_000;
const ES = presetById('es-adult-individual')!;
const NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Félix'];

async function spanishEvent() {
	const created = expectStatus(await call('POST', '/api/events', { json: { event: { name: `Torneo ${RUN}`, date: DAY, language: 'es' } } }), 201, 'create').body as CreatedEvent;
	const { eventId, token: org } = created;
	const c = `lang-${RUN}`;
	const heatId = `${c}-h1`;
	const id = (i: number) => `${c}-e${i + 1}`;
	await writeSetup(eventId, org, {
		rulesets: [ES],
		competitions: [{ id: c, eventId, name: 'Adultos', ruleset: { id: ES.id, version: ES.version } }],
		heats: [{ id: heatId, competitionId: c, name: 'Mañana' }],
		entries: NAMES.map((name, i) => ({ id: id(i), competitionId: c, heatId, name, members: [], table: String(i + 1), seat: '1' }))
	});
	const judge = await addDevice(eventId, org, 'judge', 'Mesa 1');
	const log = new DeviceLog({ deviceId: `${c}-tab`, judge: 'Eva', competitionId: c, heatId });
	const preview = ES.previewMs;
	log.start(T0, NAMES.map((_, i) => id(i)), preview);
	log.confirm(log.hand(id(0), T0 + preview + 41 * MIN), T0 + preview + 42 * MIN, 0);
	log.confirm(log.hand(id(1), T0 + preview + 47 * MIN), T0 + preview + 48 * MIN, 0);
	expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judge.token, json: { events: log.events } }), 200, 'push');
	return { eventId, eventName: created.event.name, org, competitionId: c, heatId };
}

/** The document (its <main>) is in Spanish, the print button above it in the organizer's English. */
async function expectSpanishSheet(page: Page) {
	await expect(page.locator('main.ui-sheet')).toHaveAttribute('lang', 'es');
	await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
}

test('issue 30 #15: an event printed in Spanish: the results print, the table cards, the seat plan and the public page are Spanish for an English reader; the organizer’s screens stay English', async ({ page, browser }) => {
	const ev = await spanishEvent();
	await signInOrganizer(page, ev.org, ev.eventId, ev.eventName);
	await openOrganizer(page, 'review');
	await expect(page.locator(`[data-testid="org-standings"][data-competition="${ev.competitionId}"]`)).toContainText('Ana');
	// The organizer's own screen: English.
	await expect(page.getByRole('columnheader', { name: 'Final time' }).first()).toBeAttached();

	await test.step('the printable results', async () => {
		await page.goto(`/organizer/print?competition=${ev.competitionId}`);
		const sheet = page.locator('main.ui-sheet');
		await expect(sheet.getByTestId('print-standings')).toContainText('Ana');
		await expect(sheet).toHaveAttribute('lang', 'es');
		await expect(sheet.getByRole('columnheader', { name: 'Tiempo final' })).toBeVisible();
		await expect(sheet.getByTestId('print-ruleset')).toContainText('Reglamento:');
		await expect(sheet.getByTestId('print-standings')).toContainText('Terminado');
		// The screen-only frame: the organizer's language.
		await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
		await expect(page.getByRole('link', { name: 'Back to the organizer' })).toBeVisible();
	});

	await test.step('the seat plan', async () => {
		await page.goto(`/organizer/seating/plan?heat=${ev.heatId}`);
		await expect(page.getByRole('heading', { level: 1 })).toContainText('Plano de mesas');
		await expectSpanishSheet(page);
	});

	await test.step('the table cards: the cards Spanish, the step above them English', async () => {
		await page.goto(`/organizer/seating/cards?heat=${ev.heatId}`);
		await expect(page.getByTestId('cards-issue-panel').getByRole('heading', { level: 1 })).toContainText('Table cards');
		await page.getByTestId('cards-issue').click();
		const card = page.locator('[data-testid="table-card"][data-table="1"]');
		await expect(card.getByRole('heading', { level: 1 })).toHaveText('Mesa 1');
		await expect(card).toContainText('Juez: escanea este código');
		await expect(page.getByTestId('table-card-sheet')).toHaveAttribute('lang', 'es');
		await expect(page.getByTestId('cards-issue-panel')).toContainText('Opening this page prints no cards');
	});

	await test.step('the public page, for an English reader with no sign-in', async () => {
		expectStatus(await call('POST', `/api/events/${ev.eventId}/publications`, { token: ev.org, json: { competitionId: ev.competitionId } }), 201, 'publish');
		const reader = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
		const publicPage = await reader.newPage();
		await publicPage.goto(`/results/${ev.eventId}`);
		// The whole page below the browser's own chrome: the event's language (the document's <html lang> is the reader's).
		await expect(publicPage.getByTestId('public-results')).toHaveAttribute('lang', 'es');
		await expect(publicPage.getByText('Resultados publicados')).toBeVisible();
		await expect(publicPage.getByRole('table', { name: 'Clasificación de Adultos, versión 1' })).toBeVisible();
		await expect(publicPage.getByRole('columnheader', { name: 'Puesto' })).toBeVisible();
		await expect(publicPage.getByRole('rowheader', { name: 'Ana' })).toBeVisible();
		await expect(publicPage.locator('main')).toContainText('Terminado');
		// On a phone the table scrolls sideways: its cue is the page's language too.
		await publicPage.setViewportSize({ width: 390, height: 844 });
		await expect(publicPage.getByTestId('table-scroll-cue')).toHaveText(/^Desliza la tabla/);
		await reader.close();
	});
});
