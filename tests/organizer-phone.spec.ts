import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { presetById } from '../src/lib/rules/presets';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { checkScreen, seedEvent } from './screens-kit';
import { call, createEvent, expectStatus, RUN, writeSetup } from './sync-kit';

/**
 * The organizer's screens on a 390×844 phone, one-handed at the desk (issue 30, points 20 and
 * 23): a compact header (the first content high on the screen), the registrations' rows as
 * cards with their actions in reach, the draw's printout without sideways scrolling, the
 * standings saying that they scroll sideways; on a tablet a section link's target is not hidden
 * under the sticky navigation. Pictures of the changed screens in Czech and Spanish.
 */

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1280, height: 800 };
const RELAY = presetById('czjpa-team-relay')!;
const OUT = 'test-results/screens-i30/';

/** An event with a drawn relay of eight people registered one by one (two paid). */
async function seedRegister() {
	const { eventId, token, event } = await createEvent(`Phone desk ${RUN}`);
	const relay = `phone-${RUN}-relay`;
	await writeSetup(eventId, token, { rulesets: [RELAY], competitions: [{ id: relay, eventId, name: 'Štafeta CZJPA', ruleset: { id: RELAY.id, version: RELAY.version } }], heats: [] });
	const e = `/api/events/${eventId}`;
	// IDs as long as a real register's (an import's UUIDs): the printed input lists them.
	for (let i = 1; i <= 8; i++) {
		const id = `person-${RUN}-0f6c1a2e-93b4-4d7e-a1c5-${i}`;
		expectStatus(await call('POST', `${e}/people`, { token, json: { person: { id, name: `Řešitelka Dlouhojmenná ${i}`, birthDate: '1990-01-01', country: 'CZ', club: 'Klub skládačů Brno' } } }), 201, id);
		expectStatus(await call('POST', `${e}/registrations`, { token, json: { registration: { id: `registration-${RUN}-7d2b9e41-5c3a-4f8e-b6d0-${i}`, competitionId: relay, memberIds: [id] } } }), 201, id);
	}
	expectStatus(await call('POST', `${e}/draws`, { token, json: { competitionId: relay, seed: 'Brno-2026-stafeta-Šťastná', leftoverChoice: 'waiting' } }), 201, 'draw');
	return { eventId, token, event, relay };
}

/** How far the page scrolls sideways (0: not at all). */
const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** Where the first thing of the screen's own starts: the top of the first element after the section navigation. */
const contentTop = (page: Page) => page.evaluate(() => document.querySelector('main nav[aria-label="Sections"]')!.nextElementSibling!.getBoundingClientRect().top);

async function pictures(page: Page, name: string) {
	mkdirSync(OUT, { recursive: true });
	for (const lang of ['cs', 'es'] as const) {
		await page.evaluate((l) => {
			localStorage.setItem('PARAGLIDE_LOCALE', l);
			document.cookie = `PARAGLIDE_LOCALE=${l}; path=/`;
		}, lang);
		await page.reload();
		await expect(page.locator('html')).toHaveAttribute('lang', lang);
		for (const size of [TABLET, PHONE]) {
			await page.setViewportSize(size);
			await page.evaluate(() => window.scrollTo(0, 0));
			await page.screenshot({ path: `${OUT}${name}-${lang}-${size.width}.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
		}
	}
	await page.evaluate(() => {
		localStorage.setItem('PARAGLIDE_LOCALE', 'en');
		document.cookie = 'PARAGLIDE_LOCALE=en; path=/';
	});
	await page.reload();
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('on a 390 px phone: a compact header, the registrations as cards with Payment and Cancel in reach, the draw printout without sideways scrolling', async ({ page }) => {
	test.slow();
	const { eventId, token, event, relay } = await seedRegister();
	await page.setViewportSize(PHONE);
	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'register');
	const panel = page.getByTestId('entries');
	await expect(panel.getByLabel('Competition')).toHaveValue(relay);
	await expect(page.getByTestId('entry-row')).toHaveCount(8);

	// The header and the section links leave the screen to the content.
	expect(await contentTop(page), 'the first content under the header').toBeLessThan(220);
	expect(await sideways(page), 'no sideways scrolling').toBeLessThanOrEqual(0);

	// Each row a card: its actions inside the screen, the table's box not scrolling sideways.
	const box = page.getByTestId('entries-registered').locator('xpath=..');
	expect(await box.evaluate((b) => b.scrollWidth - b.clientWidth), 'the registrations do not scroll sideways').toBeLessThanOrEqual(0);
	const row = page.getByTestId('entry-row').first();
	for (const name of [/^Payment of /, /^Cancel the registration of /]) {
		const button = row.getByRole('button', { name });
		await expect(button).toBeVisible();
		const b = (await button.boundingBox())!;
		expect(b.x, `${name}: in the screen`).toBeGreaterThanOrEqual(0);
		expect(b.x + b.width, `${name}: in the screen`).toBeLessThanOrEqual(PHONE.width);
	}
	// Each value says what it is: the column's name goes with it on the card.
	await expect(row.getByTestId('paid')).toHaveAttribute('data-label', 'Paid');
	await checkScreen(page, 'organizer-register');
	await pictures(page, 'organizer-register');

	// The draw's printout.
	await page.setViewportSize(PHONE);
	await page.goto(`/organizer/seating/draw?competition=${encodeURIComponent(relay)}`);
	await expect(page.getByTestId('printed-draw')).toBeVisible();
	expect(await sideways(page), 'the printed draw: no sideways scrolling').toBeLessThanOrEqual(0);
	await checkScreen(page, 'organizer-draw-print');
	await pictures(page, 'organizer-draw-print');
});

test("on a 390 px phone the organizer's standings say that they scroll sideways", async ({ page }) => {
	const seeded = await seedEvent(`Phone standings ${RUN}`);
	await page.setViewportSize(PHONE);
	await signInOrganizer(page, seeded.org, seeded.eventId, seeded.eventName);
	await openOrganizer(page, 'review');
	const table = page.locator(`[data-testid="org-standings"][data-competition="${seeded.competitionId}"]`);
	await expect(table.locator('tbody tr').first()).toBeVisible();
	expect(await sideways(page), 'no sideways scrolling of the page').toBeLessThanOrEqual(0);
	const box = table.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ui-table ")][1]');
	const wider = await box.evaluate((b) => b.scrollWidth > b.clientWidth);
	// Where the table is wider than its box, the box says so (a cue that stays in sight), and it goes once scrolled to the end.
	if (wider) {
		await expect(box).toHaveAttribute('data-more', /end/);
		await expect(box.locator('xpath=..').getByTestId('table-scroll-cue')).toBeVisible();
		await box.evaluate((b) => b.scrollTo({ left: b.scrollWidth }));
		await expect(box).not.toHaveAttribute('data-more', /end/);
		await expect(box).toHaveAttribute('data-more', 'start');
	}
	expect(wider, 'the standings are wider than a phone (else this test proves nothing)').toBe(true);
	await checkScreen(page, 'organizer-review');
	await pictures(page, 'organizer-review');
	// The devices: each a card on a phone, its Revoke in reach.
	await page.setViewportSize(PHONE);
	await openOrganizer(page, 'devices');
	await expect(page.getByTestId('device-row').first()).toBeVisible();
	expect(await sideways(page), 'the devices: no sideways scrolling').toBeLessThanOrEqual(0);
	const revoke = page.getByTestId('device-row').last().getByRole('button', { name: 'Revoke' });
	const b = (await revoke.boundingBox())!;
	expect(b.x + b.width, 'Revoke: in the screen').toBeLessThanOrEqual(PHONE.width);
	await checkScreen(page, 'organizer-devices');
	await pictures(page, 'organizer-devices');
});

test("on a tablet and a phone a section link's target is not hidden under the sticky navigation", async ({ page }) => {
	const { eventId, token, event } = await seedRegister();
	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'seating');
	const nav = page.getByRole('navigation', { name: 'Sections' });
	for (const size of [{ width: 1280, height: 500 }, PHONE]) {
		await page.setViewportSize(size);
		for (const id of ['seating', 'table-cards']) {
			await page.evaluate(() => window.scrollTo(0, 0));
			await nav.locator(`a[href="#${id}"]`).click();
			await expect(page).toHaveURL(new RegExp(`#${id}$`));
			const target = page.locator(`[id="${id}"]`);
			await expect
				.poll(async () => {
					const [t, n] = await Promise.all([target.boundingBox(), nav.boundingBox()]);
					return t!.y - (n!.y + n!.height);
				}, `${size.width}: #${id} below the navigation`)
				.toBeGreaterThanOrEqual(0);
			// It was scrolled to: near the top of the screen, just under the navigation.
			expect((await target.boundingBox())!.y, `${size.width}: #${id} scrolled to`).toBeLessThan(size.height / 2);
		}
	}
});
