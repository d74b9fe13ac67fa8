import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { checkScreenSizes, SIZES } from './screens-kit';
import { addDevice, call, createEvent, expectStatus, RUN, writeSetup } from './sync-kit';

/**
 * The register's people on the organizer's screen (issue 14): found with and without
 * diacritics, a page at a time, with their registrations and the door's check-in; a person
 * added and edited in a form with its errors next to the fields; two organizer devices editing
 * the same person (the later save shows both, loses neither: take the saved one, or keep
 * mine); the history in words; the personal data erased, the name kept. Each state checked
 * at 1280 and 390 px.
 */

const IND = presetById('czjpa-individual')!;
const NAMES = ['Jana Nováková', 'Lucía Peña', 'Petr Novák', 'Cyril Dvořák', 'Dana Černá', 'Emil Procházka', 'Filip Kučera', 'Gustav Veselý', 'Hana Horáková', 'Ivana Malá', 'Karel Svoboda', 'Lenka Dušková', 'Marek Král', 'Nela Benešová', 'Oto Pokorný', 'Pavla Marková', 'Radek Fiala', 'Simona Kolářová', 'Tomáš Malý', 'Uršula Nová', 'Václav Zeman', 'Zdena Holá', 'Adam Šťastný', 'Bohdana Jelínková', 'Ctibor Říha'];

interface Organizer {
	eventId: string;
	eventName: string;
	token: string;
	deviceLabel: string;
	competitionId: string;
	/** Registration ID by person name. */
	registrations: Map<string, string>;
	personId(name: string): Promise<string>;
	/** The register as the server holds it. */
	register(): Promise<{ people: { id: string; name: string }[] }>;
}

/** An event with a CZJPA individual, 25 people imported into it, Jana checked in at the door. */
async function organize(): Promise<Organizer> {
	const created = await createEvent(`People ${RUN}`);
	const { eventId, token } = created;
	const competitionId = `${eventId}-ind`;
	await writeSetup(eventId, token, {
		rulesets: [IND],
		competitions: [{ id: competitionId, eventId, name: 'Individuals', ruleset: { id: IND.id, version: IND.version } }],
		heats: [{ id: `${competitionId}-h1`, competitionId, name: 'Heat 1' }]
	});
	const rows = NAMES.map((name, i) => ({
		name,
		competitionId,
		birthDate: `19${70 + i}-0${(i % 9) + 1}-1${i % 10}`,
		...(i === 0 ? { country: 'CZ', club: 'Puzzle Brno', email: `jana.${RUN}@example.org`, phone: '+420 777 123 456' } : {}),
		...(i === 1 ? { country: 'ESP', club: 'Puzzlemanía Madrid' } : {})
	}));
	const imported = expectStatus(await call('POST', `/api/events/${eventId}/registrations/import`, { token, json: { rows } }), 200, 'import').body;
	expect(imported.registrationsAdded).toBe(25);
	const registrations = new Map<string, string>(imported.registrations.map((r: { name: string; id: string }) => [r.name, r.id]));
	// The door checks Jana in (a desk device's event, pulled by the organizer's sync).
	const desk = await addDevice(eventId, token, 'desk', 'Door 1');
	const door = new DeviceLog({ deviceId: `door-${eventId}`, judge: 'Door 1', competitionId, heatId: null });
	const checkIn = door.record('entry.checked-in', Date.now(), registrations.get('Jana Nováková')!, {});
	expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: desk.token, json: { events: [checkIn] } }), 200, 'check-in');
	const register = async () => expectStatus(await call('GET', `/api/events/${eventId}/register`, { token }), 200, 'register').body as { people: { id: string; name: string }[] };
	const personId = async (name: string) => (await register()).people.find((p) => p.name === name)!.id;
	return { eventId, eventName: created.event.name, token, deviceLabel: created.device.label, competitionId, registrations, personId, register };
}

async function openRegister(page: Page, org: Organizer): Promise<Locator> {
	await signInOrganizer(page, org.token, org.eventId, org.eventName);
	await openOrganizer(page, 'register');
	const panel = page.getByTestId('people-panel');
	await expect(panel.getByTestId('people-count')).toHaveText('25 people');
	return panel;
}

const row = (panel: Locator, name: string) => panel.getByTestId('person-row').filter({ has: panel.page().getByRole('button', { name, exact: true }) });
const field = (form: Locator, label: string) => form.locator('.ui-field').filter({ has: form.page().getByLabel(label, { exact: true }) });

async function secondOrganizer(browser: Browser, org: Organizer) {
	const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
	const page = await context.newPage();
	return { context, page, panel: await openRegister(page, org) };
}

async function openEdit(panel: Locator, name: string): Promise<Locator> {
	await panel.getByTestId('people-search').fill(name);
	await row(panel, name).getByRole('button', { name }).click();
	await panel.getByTestId('person-card').getByRole('button', { name: 'Edit' }).click();
	const form = panel.getByTestId('person-form');
	await expect(form.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
	return form;
}

test.use({ locale: 'en-US', timezoneId: 'UTC', viewport: SIZES[0] });

test('the register of people: search with and without diacritics, a page at a time, registrations and check-ins; add and edit with errors by the fields', async ({ page }) => {
	// A long scenario: three times the default budget, for a busy machine.
	test.slow();
	const org = await organize();
	const panel = await openRegister(page, org);

	// A page at a time.
	await expect(panel.getByTestId('person-row')).toHaveCount(20);
	await expect(panel.getByTestId('people-page')).toHaveText('1–20 of 25');
	await panel.getByRole('button', { name: 'Next page' }).click();
	await expect(panel.getByTestId('person-row')).toHaveCount(5);
	await expect(panel.getByTestId('people-page')).toHaveText('21–25 of 25');

	// Without and with diacritics, any case: the same person, with the competition, the status and the door's check-in.
	const search = panel.getByTestId('people-search');
	for (const q of ['novakova', 'Nováková', 'NOVAKOVA']) {
		await search.fill(q);
		await expect(panel.getByTestId('people-count')).toHaveText(`1 of 25 match “${q}”`);
		await expect(panel.getByTestId('person-row')).toHaveCount(1);
	}
	const jana = row(panel, 'Jana Nováková');
	// Issue 30 #12: the country by its name in the viewer's language; Lucía was imported as ESP, kept as ES.
	await expect(jana).toContainText('Czechia · Puzzle Brno');
	await expect(jana.getByTestId('person-registration')).toContainText('Individuals: registered');
	await expect(jana.getByTestId('checked-in')).toHaveText('Checked in', { timeout: 30_000 });
	await search.fill('nov');
	await expect(panel.getByTestId('person-row')).toHaveCount(3);
	await expect(panel.getByTestId('people-page')).toHaveCount(0);
	await search.fill('pena');
	await expect(row(panel, 'Lucía Peña')).toContainText('Spain · Puzzlemanía Madrid');
	await expect(row(panel, 'Lucía Peña').getByTestId('checked-in')).toHaveCount(0);
	await search.fill('zzzz');
	await expect(panel.getByText('No one matches “zzzz”.')).toBeVisible();
	await search.fill('');
	await checkScreenSizes(page, 'register people list');
	await search.fill('nov');

	// The card: the details the organizer keeps, the registrations.
	await row(panel, 'Jana Nováková').getByRole('button', { name: 'Jana Nováková' }).click();
	const card = panel.getByTestId('person-card');
	await expect(card.getByRole('heading', { name: 'Jana Nováková' })).toBeFocused();
	await expect(card.getByTestId('person-email')).toHaveText(`jana.${RUN}@example.org`);
	await expect(card.getByTestId('person-birthDate')).toHaveText('Jan 10, 1970');
	await expect(card.getByTestId('person-registration')).toContainText('Individuals: registered');
	await expect(card.getByTestId('checked-in')).toBeVisible();
	await checkScreenSizes(page, 'register person card');

	// Add: the errors next to their fields, in words; nothing sent until they are fixed.
	await panel.getByRole('button', { name: 'Add a person' }).click();
	const form = panel.getByTestId('person-form');
	await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
	await form.getByLabel('E-mail').fill('tom at home');
	await form.getByLabel('Country', { exact: true }).fill('Atlantis');
	await form.getByRole('button', { name: 'Add to the register' }).click();
	await expect(field(form, 'Name')).toContainText('Enter the name.');
	await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
	await expect(field(form, 'E-mail')).toContainText('Not an e-mail address (such as name@example.org).');
	await expect(field(form, 'Country')).toContainText('Not a country: write its code, such as CZ or CZE, or its name.');
	await expect(form.getByText('Correct the fields marked above.')).toBeVisible();
	await checkScreenSizes(page, 'register person form errors');
	await form.getByLabel('Name', { exact: true }).fill('Tereza Šimková');
	await form.getByLabel('E-mail').fill(`tereza.${RUN}@example.org`);
	await form.getByLabel('Country', { exact: true }).fill('CZE');
	// Issue 30 #5b: a date of birth half typed cannot be read by the browser (the value empty,
	// validity.badInput): an error beside the field, nothing saved without the date.
	const birth = form.getByLabel('Date of birth');
	await birth.focus();
	await page.keyboard.type('0304');
	expect(await birth.evaluate((el: HTMLInputElement) => [el.value, el.validity.badInput])).toEqual(['', true]);
	await form.getByRole('button', { name: 'Add to the register' }).click();
	await expect(field(form, 'Date of birth')).toContainText('This date could not be read: enter the day, the month and the year in full, or clear the field.');
	await expect(birth).toHaveAttribute('aria-invalid', 'true');
	await expect(form.getByText('Correct the fields marked above.')).toBeVisible();
	await checkScreenSizes(page, 'register person form unreadable date');
	expect((await org.register()).people).toHaveLength(25);
	await birth.fill('2012-06-01');
	await form.getByLabel('Accompanying adult').fill('Martin Šimek');
	await form.getByRole('button', { name: 'Add to the register' }).click();
	await expect(panel.getByText('Added: Tereza Šimková.')).toBeVisible();
	await expect(card.getByTestId('person-country')).toHaveText('Czechia (CZ)');
	await expect(panel.getByTestId('people-count')).toHaveText('3 of 26 match “nov”');
	await expect(card.getByRole('heading', { name: 'Tereza Šimková' })).toBeVisible();
	await expect(card.getByTestId('person-accompaniedBy')).toHaveText('Martin Šimek');
	await expect(card.getByText('Not registered')).toBeVisible();

	// Edit: the club changed.
	await card.getByRole('button', { name: 'Edit' }).click();
	await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Tereza Šimková');
	await form.getByLabel('Club').fill('Hlavolamy Praha');
	await form.getByRole('button', { name: 'Save' }).click();
	await expect(panel.getByText('Saved: Tereza Šimková.')).toBeVisible();
	await expect(card.getByTestId('person-club')).toHaveText('Hlavolamy Praha');
	const tereza = await org.personId('Tereza Šimková');
	expect(expectStatus(await call('GET', `/api/events/${org.eventId}/people/${tereza}`, { token: org.token }), 200, 'Tereza').body.person).toMatchObject({
		name: 'Tereza Šimková',
		country: 'CZ',
		birthDate: '2012-06-01',
		club: 'Hlavolamy Praha',
		accompaniedBy: 'Martin Šimek',
		version: 2
	});
});

test('two organizer devices edit the same person: the later save shows both and loses neither (take the saved one, keep mine)', async ({ page, browser }) => {
	// A long scenario: three times the default budget, for a busy machine.
	test.slow();
	const org = await organize();
	const panel = await openRegister(page, org);
	const other = await secondOrganizer(browser, org);
	try {
		// Both open Lucía's form at version 1; the other device saves first.
		const mine = await openEdit(panel, 'Lucía Peña');
		const theirs = await openEdit(other.panel, 'Lucía Peña');
		await theirs.getByLabel('Phone').fill('+34 600 111 222');
		await theirs.getByRole('button', { name: 'Save' }).click();
		await expect(other.panel.getByText('Saved: Lucía Peña.')).toBeVisible();

		await mine.getByLabel('Notes').fill('vegetarian');
		await mine.getByLabel('Club').fill('Puzzle Sevilla');
		await mine.getByRole('button', { name: 'Save' }).click();
		await expect(mine.getByRole('alert')).toHaveText(
			'Lucía Peña was changed on another device after you opened the form. Nothing was saved: compare the two below, then keep yours or take the saved one.'
		);
		const conflict = mine.getByTestId('person-conflict');
		const differs = conflict.locator('[data-testid="conflict-row"][data-differs]');
		await expect(differs).toHaveCount(3);
		const line = (f: string) => conflict.locator(`[data-field="${f}"]`);
		await expect(line('phone').getByTestId('conflict-saved')).toHaveText('+34 600 111 222');
		await expect(line('phone').getByTestId('conflict-yours')).toHaveText('—');
		await expect(line('club').getByTestId('conflict-saved')).toHaveText('Puzzlemanía Madrid');
		await expect(line('club').getByTestId('conflict-yours')).toHaveText('Puzzle Sevilla');
		await expect(line('notes')).toContainText('differs');
		await expect(line('name')).not.toContainText('differs');
		// What was typed is still in the form.
		await expect(mine.getByLabel('Notes')).toHaveValue('vegetarian');
		await expect(mine.getByLabel('Club')).toHaveValue('Puzzle Sevilla');
		await checkScreenSizes(page, 'register person stale edit');

		// Take the saved one: the form holds it (the other device's phone), from its version.
		await mine.getByRole('button', { name: 'Take the saved one' }).click();
		await expect(mine.getByTestId('person-conflict')).toHaveCount(0);
		await expect(mine.getByLabel('Phone')).toHaveValue('+34 600 111 222');
		await expect(mine.getByLabel('Notes')).toHaveValue('');
		await mine.getByLabel('Notes').fill('vegetarian');
		await mine.getByRole('button', { name: 'Save' }).click();
		await expect(panel.getByText('Saved: Lucía Peña.')).toBeVisible();

		// Again, and this time keep mine: saved over the current version. (The other device reads the register again first.)
		await other.page.reload();
		await expect(other.panel.getByTestId('people-count')).toHaveText('25 people');
		const again = await openEdit(other.panel, 'Lucía Peña');
		await expect(again.getByLabel('Notes')).toHaveValue('vegetarian');
		const edit = await openEdit(panel, 'Lucía Peña');
		await again.getByLabel('Club').fill('Club de Puzzle Madrid');
		await again.getByRole('button', { name: 'Save' }).click();
		await expect(other.panel.getByText('Saved: Lucía Peña.')).toBeVisible();
		await edit.getByLabel('Club').fill('Puzzle Sevilla');
		await edit.getByRole('button', { name: 'Save' }).click();
		await expect(edit.getByTestId('person-conflict').locator('[data-field="club"] [data-testid="conflict-saved"]')).toHaveText('Club de Puzzle Madrid');
		await edit.getByRole('button', { name: 'Keep mine (save it over the other)' }).click();
		await expect(panel.getByText('Saved: Lucía Peña.')).toBeVisible();
		const lucia = await org.personId('Lucía Peña');
		expect(expectStatus(await call('GET', `/api/events/${org.eventId}/people/${lucia}`, { token: org.token }), 200, 'Lucía').body.person).toMatchObject({
			club: 'Puzzle Sevilla',
			phone: '+34 600 111 222',
			notes: 'vegetarian',
			version: 5
		});
	} finally {
		await other.context.close();
	}
});

test('a person’s history in words; the personal data erased after confirming, the name and registrations kept', async ({ page }) => {
	const org = await organize();
	const panel = await openRegister(page, org);
	const form = await openEdit(panel, 'Jana Nováková');
	await form.getByLabel('Club').fill('Hlavolamy Praha');
	await form.getByRole('button', { name: 'Save' }).click();
	await expect(panel.getByText('Saved: Jana Nováková.')).toBeVisible();
	const card = panel.getByTestId('person-card');

	// The history: who, when, what, in words.
	await card.getByRole('button', { name: 'History' }).click();
	const history = page.getByTestId('person-history');
	await expect(history.getByRole('heading', { name: 'History of Jana Nováková' })).toBeVisible();
	const changes = history.getByTestId('history-change');
	await expect(changes).toHaveCount(3);
	await expect(changes.nth(0)).toContainText('Added to the register');
	await expect(changes.nth(0)).toContainText(org.deviceLabel);
	await expect(changes.nth(0)).toContainText('E-mail: jana.');
	await expect(changes.nth(1)).toContainText('Imported for Individuals');
	await expect(changes.nth(1)).toContainText('Status: registered');
	await expect(changes.nth(2)).toContainText('Details changed');
	await expect(changes.nth(2)).toContainText('Club: Puzzle Brno → Hlavolamy Praha');
	await checkScreenSizes(page, 'register person history');
	await history.getByRole('button', { name: 'Close' }).click();
	await expect(history).toBeHidden();

	// Erase: the dialog says what goes and what stays; the person shows as erased; the name and registration stay.
	await card.getByRole('button', { name: 'Erase personal data' }).click();
	const erase = page.getByTestId('person-erase');
	await expect(erase).toContainText('Erased for good: Date of birth, E-mail, Phone, Notes, Club, Accompanying adult.');
	await expect(erase).toContainText('Kept: the name and the country, the registrations, and the results under the name.');
	await checkScreenSizes(page, 'register person erase');
	await erase.getByRole('button', { name: 'Erase the personal data' }).click();
	await expect(erase).toBeHidden();
	await expect(card.getByText('The personal data of Jana Nováková were erased.')).toBeVisible();
	await expect(card.getByTestId('person-erased')).toHaveText('Personal data erased');
	await expect(card.getByTestId('person-email')).toHaveText('—');
	await expect(card.getByTestId('person-birthDate')).toHaveText('—');
	await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
	await expect(row(panel, 'Jana Nováková')).toContainText('Personal data erased');
	await expect(row(panel, 'Jana Nováková').getByTestId('person-registration')).toContainText('Individuals: registered');
	const jana = await org.personId('Jana Nováková');
	const person = expectStatus(await call('GET', `/api/events/${org.eventId}/people/${jana}`, { token: org.token }), 200, 'Jana').body.person;
	expect(person).toMatchObject({ name: 'Jana Nováková', country: 'CZ' });
	expect(person.erasedAt).toEqual(expect.any(Number));
	for (const f of ['email', 'phone', 'birthDate', 'club']) expect(person[f], f).toBeUndefined();
	// The history keeps the changes, without the erased values.
	await card.getByRole('button', { name: 'History' }).click();
	await expect(history.getByTestId('history-change').last()).toContainText('Personal data erased');
	await expect(history).not.toContainText(`jana.${RUN}`);
	await expect(history).toContainText('E-mail: erased');
});
