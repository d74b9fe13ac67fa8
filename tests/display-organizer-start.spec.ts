import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { axeViolations } from './a11y';
import { addDevice, call, createEvent, expectStatus, writeSetup } from './sync-kit';
import { textContrast } from './text-contrast';

/**
 * The room display and the organizer's start (issue 30 #5a): "Start on every tablet" reaches the
 * display as it reaches the tablets, with no tablet having sent anything. The display in Czech
 * and Spanish at 1280×800 and 390×844 (#16, #23): its column headers do not run into each other,
 * the time left is whole on screen, and its language menu on the notice screen is readable.
 */

const MIN = 60_000;
const RULESET = presetById('es-adult-individual')!;
const NAMES = ['Vojtěch Ďurica', 'Šárka Nováková', 'Belén Fernández', 'Íñigo Martínez'];
const SIZES = [
	{ width: 1280, height: 800 },
	{ width: 390, height: 844 }
];

async function organize() {
	const { eventId, token, event } = await createEvent(`Sala ${Math.random().toString(36).slice(2, 7)}`);
	const competitionId = `${eventId}-es`;
	const heatId = `${eventId}-t1`;
	const entryIds = NAMES.map((_, i) => `${eventId}-e${i + 1}`);
	await writeSetup(eventId, token, {
		rulesets: [RULESET],
		competitions: [{ id: competitionId, eventId, name: 'Individual', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: heatId, competitionId, name: 'Turno 1' }],
		entries: NAMES.map((name, i) => ({ id: entryIds[i]!, competitionId, heatId, name, members: [], table: '1', seat: String(i + 1) }))
	});
	const display = await addDevice(eventId, token, 'display', 'Sala');
	return { eventId, token, eventName: event.name, competitionId, heatId, entryIds, display };
}

async function pairedDisplay(browser: Browser, org: Awaited<ReturnType<typeof organize>>, viewport = SIZES[0]!) {
	const context = await browser.newContext({ viewport, locale: 'en-US' });
	const page = await context.newPage();
	await page.goto(org.display.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText('as display');
	await page.goto('/display');
	return page;
}

test('the room display follows the organizer\'s "Start on every tablet" (issue 30 #5a): the heat, its preview and its seats, before any tablet sent a start', async ({ browser }) => {
	test.setTimeout(60_000);
	const org = await organize();
	const page = await pairedDisplay(browser, org);
	await expect(page.getByTestId('display-no-heat')).toHaveText('No heat has started yet.');

	// The organizer starts the heat on every tablet; no judge tablet has pushed anything.
	expectStatus(await call('POST', `/api/events/${org.eventId}/heat-starts`, { token: org.token, json: { id: `start-${org.eventId}`, competitionId: org.competitionId, heatId: org.heatId, organizerAt: Date.now(), offsetMs: 0 } }), 201, 'start');
	const listed = expectStatus(await call('GET', `/api/events/${org.eventId}/heat-starts`, { token: org.token }), 200, 'starts').body as { starts: unknown[] };
	expect(listed.starts).toHaveLength(1);

	await expect(page.getByTestId('display-heat')).toHaveText('Turno 1', { timeout: 15_000 });
	await expect(page.getByTestId('display-clock')).toContainText('Preview');
	await expect(page.getByTestId('display-preview')).toHaveText(/^[12]:\d\d$/);
	await expect(page.getByTestId('display-rows').getByTestId('display-row')).toHaveCount(4);
	await page.context().close();
});

/** Two boxes overlap (more than a rounding pixel). */
function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
	return a.x + a.width > b.x + 1 && b.x + b.width > a.x + 1 && a.y + a.height > b.y + 1 && b.y + b.height > a.y + 1;
}

/** The box of an element's text itself (not of its block, which may be narrower than the text it lets overflow). */
async function textBox(locator: Locator) {
	return locator.evaluate((el) => {
		const range = document.createRange();
		range.selectNodeContents(el);
		const r = range.getBoundingClientRect();
		return { x: r.x, y: r.y, width: r.width, height: r.height };
	});
}

async function expectWithin(inner: Locator, outer: Locator, what: string) {
	const [t, o] = [await textBox(inner), (await outer.boundingBox())!];
	expect(t.x, `${what}: left edge`).toBeGreaterThanOrEqual(o.x - 1);
	expect(t.x + t.width, `${what}: right edge (${t.x + t.width} > ${o.x + o.width})`).toBeLessThanOrEqual(o.x + o.width + 1);
}

/** The contrast of a control's own text on its own background (./text-contrast.ts). */
async function contrastOf(locator: Locator): Promise<number> {
	return locator.evaluate(textContrast);
}

async function chooseLanguage(page: Page, lang: 'cs' | 'es') {
	await page.locator('.display-locale select').selectOption(lang);
	await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

for (const lang of ['cs', 'es'] as const) {
	for (const size of SIZES) {
		test(`the display in ${lang} at ${size.width}×${size.height} (issue 30 #16, #23): the language menu readable, the column headers apart, the time left whole`, async ({ browser }) => {
			test.setTimeout(90_000);
			const org = await organize();
			const page = await pairedDisplay(browser, org, size);
			await expect(page.getByTestId('display-no-heat')).toBeVisible();

			// #23: the notice screen's language menu can be read (axe-core: colour contrast).
			expect(await axeViolations(page, '.display-locale')).toEqual([]);
			expect(await contrastOf(page.locator('.display-locale select')), 'the language menu: its text on its background').toBeGreaterThanOrEqual(4.5);
			await chooseLanguage(page, lang);
			await page.screenshot({ path: `test-results/screens-i30/display-notice-${lang}-${size.width}.png` });

			// A judge's tablet started the heat 10 minutes ago (2:00 preview): 8 minutes run, 1:52:00 left.
			const log = new DeviceLog({ deviceId: `judge-${org.eventId}`, judge: 'Eva', competitionId: org.competitionId, heatId: org.heatId });
			log.start(Date.now() - 10 * MIN, org.entryIds, RULESET.previewMs);
			expectStatus(await call('POST', `/api/events/${org.eventId}/judge-events`, { token: (await addDevice(org.eventId, org.token, 'judge', 'Mesa 1')).token, json: { events: log.events } }), 200, 'push');
			await page.reload();
			await expect(page.getByTestId('display-left')).toHaveText(/^1:5\d:\d\d$/, { timeout: 20_000 });

			// #16: the header cells do not run into each other; the clocks' digits lie whole in their cells, on screen.
			const head = page.locator('.head > span');
			await expect(head).toHaveCount(3);
			const cells = await Promise.all([0, 1, 2].map((i) => textBox(head.nth(i))));
			for (let i = 0; i < 2; i++) expect(overlap(cells[i]!, cells[i + 1]!), `header ${i + 1} and ${i + 2} overlap: ${JSON.stringify(cells)}`).toBe(false);
			for (const id of ['display-left', 'display-elapsed']) {
				const digits = page.getByTestId(id);
				await expectWithin(digits, digits.locator('xpath=..'), id);
				await expectWithin(digits, page.getByTestId('display'), `${id} on screen`);
				await expect(digits).toBeInViewport({ ratio: 1 });
			}
			await page.screenshot({ path: `test-results/screens-i30/display-heat-${lang}-${size.width}.png` });
			await page.context().close();
		});
	}
}
