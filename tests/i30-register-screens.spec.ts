import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { presetById } from '../src/lib/rules/presets';
import { signInOrganizer } from './organizer-kit';
import { SIZES } from './screens-kit';
import { call, createEvent, expectStatus, RUN, writeSetup } from './sync-kit';
import { FULL_ONLY } from './tier';

/**
 * The register's screens changed by issue 30 (#5b, #12, #18) in Czech and Spanish at 1280×800
 * and 390×844, as pictures under test-results/screens-i30/ to look at: the people with their
 * countries by name, the form with a date of birth the browser could not read, and the import's
 * preview of a day that does not exist with the blocked rows above the line that counts them.
 */

const IND = presetById('czjpa-individual')!;
const OUT = 'test-results/screens-i30';
const LANGS = [
	{ lang: 'cs', locale: 'cs-CZ', add: 'Přidat osobu', save: 'Přidat do evidence' },
	{ lang: 'es', locale: 'es-ES', add: 'Añadir una persona', save: 'Añadir al registro' }
] as const;

async function shootBoth(page: Page, name: string): Promise<void> {
	for (const size of [SIZES[0], { width: 390, height: 844 }]) {
		await page.setViewportSize(size);
		await page.screenshot({ path: `${OUT}/${name}-${size.width}.png`, fullPage: true });
	}
	await page.setViewportSize(SIZES[0]);
}

for (const l of LANGS) {
	test(`issue 30 register screens in ${l.lang}: countries by name, an unreadable date at its field, a day that does not exist`, FULL_ONLY, async ({ browser }) => {
		test.slow();
		mkdirSync(OUT, { recursive: true });
		const { eventId, token, event } = await createEvent(`Register ${l.lang} ${RUN}`);
		const competitionId = `${eventId}-ind`;
		await writeSetup(eventId, token, {
			rulesets: [IND],
			competitions: [{ id: competitionId, eventId, name: 'CZJPA', ruleset: { id: IND.id, version: IND.version } }],
			heats: [{ id: `${competitionId}-h1`, competitionId, name: 'Heat 1' }]
		});
		const rows = [
			{ name: 'Jana Nováková', country: 'CZE', club: 'Puzzle Brno', birthDate: '1990-01-02' },
			{ name: 'Lucía Peña', country: 'ESP', club: 'Puzzlemanía Madrid', birthDate: '1985-03-04' },
			{ name: 'Petr Novák', country: 'CZ', birthDate: '1979-05-06' }
		].map((r) => ({ ...r, competitionId }));
		expectStatus(await call('POST', `/api/events/${eventId}/registrations/import`, { token, json: { rows } }), 200, 'import');

		// Signed in in English (the kit's labels), then the screen's language chosen as the language menu stores it.
		const context = await browser.newContext({ locale: l.locale, timezoneId: 'UTC', viewport: SIZES[0] });
		await context.addInitScript(() => localStorage.getItem('PARAGLIDE_LOCALE') ?? localStorage.setItem('PARAGLIDE_LOCALE', 'en'));
		const page = await context.newPage();
		await signInOrganizer(page, token, eventId, event.name);
		await page.evaluate((lang) => localStorage.setItem('PARAGLIDE_LOCALE', lang), l.lang);
		await page.goto('/organizer/register');
		const panel = page.getByTestId('people-panel');
		await expect(panel.getByTestId('person-row')).toHaveCount(3);
		await shootBoth(page, `register-people-${l.lang}`);

		await panel.getByRole('button', { name: l.add }).click();
		const form = panel.getByTestId('person-form');
		await form.locator('input[name="name"]').fill('Tereza Šimková');
		await form.locator('input[name="birthDate"]').focus();
		await page.keyboard.type('0304');
		await form.getByRole('button', { name: l.save }).click();
		await expect(form.locator('input[name="birthDate"]')).toHaveAttribute('aria-invalid', 'true');
		await form.scrollIntoViewIfNeeded();
		await shootBoth(page, `register-person-form-unreadable-date-${l.lang}`);
		for (const width of [1280, 390]) {
			await page.setViewportSize({ ...SIZES[0], width });
			await form.screenshot({ path: `${OUT}/register-person-form-only-${l.lang}-${width}.png` });
		}
		await page.setViewportSize(SIZES[0]);

		await page.goto('/organizer/register/import');
		await page.getByTestId('csv-input').setInputFiles({ name: 'dates.csv', mimeType: 'text/csv', buffer: Buffer.from('Name;Date of birth;Country\nIrena Nová;12.05.1988;Česko\nOta Starý;31. 2. 2001;SVK\n') });
		await expect(page.getByTestId('csv-blocked')).toBeVisible();
		await shootBoth(page, `register-import-no-such-day-${l.lang}`);
		for (const width of [1280, 390]) {
			await page.setViewportSize({ ...SIZES[0], width });
			await page.getByTestId('csv-import').screenshot({ path: `${OUT}/register-import-preview-only-${l.lang}-${width}.png` });
		}
		await context.close();
	});
}
