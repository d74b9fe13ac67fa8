import { expect, test } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { addFromPreset, competitionCard as competition, openOrganizer } from './organizer-kit';
import { checkScreen } from './screens-kit';
import { addDevice, call, expectStatus, RUN } from './sync-kit';

/**
 * The organizer prepares the event (issue 14): the event with its language and currency, its
 * competitions from the presets in plain words, a ruleset changed as a new version with a
 * reason, frozen once a tablet has started a heat (CZ-GEN-CHANGES), and heats added, renamed,
 * removed while empty; the screen on a 390 px phone.
 */

test('CZ-GEN-CHANGES: create an event, add a CZJPA individual and two Spanish categories, change a ruleset with a reason, see it frozen once a tablet starts a heat; heats added, renamed, removed', async ({ page }) => {
	// A long scenario: three times the default budget, for a busy machine.
	test.slow();
	page.on('dialog', (d) => void d.accept());
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	await page.goto('/organizer');
	// Created with its language and currency.
	const name = `Brno prep ${RUN}`;
	await page.getByLabel('Event name').fill(name);
	await page.getByLabel('Date', { exact: true }).fill('2026-09-12');
	await page.getByLabel('Venue (optional)').fill('Sokolovna');
	await page.getByLabel('Currency of the fees').fill('czk');
	await page.getByLabel('Printed lists and public pages in').selectOption('cs');
	await page.getByRole('button', { name: 'Create the event' }).click();
	const key = (await page.getByTestId('organizer-key').textContent())!.trim();
	const eventId = (await page.getByTestId('event-id').textContent())!.trim();
	await page.getByRole('button', { name: 'I have kept it' }).click();

	// The event screen is the first of the organizer's sections.
	await expect(page.locator('nav a').first()).toHaveAttribute('href', '/organizer/event');
	await openOrganizer(page, 'event');
	const details = page.getByTestId('event-details');
	await expect(details.getByLabel('Event name')).toHaveValue(name);
	await expect(details.getByLabel('Printed lists and public pages in')).toHaveValue('cs');
	await expect(details.getByLabel('Currency of the fees')).toHaveValue('CZK');
	await details.getByLabel('Venue (optional)').fill('Sokolovna Brno-Židenice');
	await details.getByRole('button', { name: 'Save the event' }).click();
	await expect(details.getByText('Saved.')).toBeVisible();
	expect(expectStatus(await call('GET', `/api/events/${eventId}/preparation`, { token: key }), 200, 'preparation').body.event).toMatchObject({ venue: 'Sokolovna Brno-Židenice', language: 'cs', currency: 'CZK' });

	// Three competitions from the presets, each in plain words; every preset is offered with its words.
	await expect(page.getByLabel('Rule preset').locator('option')).toHaveCount(9);
	await page.getByLabel('Rule preset').selectOption('es-kids-group');
	await expect(page.getByTestId('preset-words')).toHaveText('150 pieces, 1 hour, no limit on numbers, free, groups of 4–6, ages 5–14');
	const cz = await addFromPreset(page, 'czjpa-individual', 'Individuals');
	await expect(cz.getByTestId('competition-words')).toHaveText('500 pieces, 90 minutes, at most 80 competitors, 400 CZK, under 16 with an adult');
	const kids = await addFromPreset(page, 'es-kids-pairs-5-7', 'Parejas infantiles 5–7');
	await expect(kids.getByTestId('competition-words')).toHaveText('20 pieces, 1 hour, no limit on numbers, free, pairs, ages 5–7');
	const family = await addFromPreset(page, 'es-family-group', 'Familias');
	await expect(family.getByTestId('competition-words')).toHaveText('300 pieces, 2 hours, no limit on numbers, 5 EUR per entry, paid at check-in, groups of 6–8, at least 2 aged 5–14');
	await expect(cz.getByTestId('rules-version')).toHaveText('Rules version 1');

	// The ruleset form: each parameter with its help; errors next to the field; a reason required.
	await cz.getByRole('button', { name: 'Change the rules' }).click();
	const form = cz.getByTestId('ruleset-form');
	await expect(form.getByText('A change makes version 2')).toBeVisible();
	await expect(form.getByText('When the clock reaches it, everyone still solving stops.')).toBeVisible();
	await form.getByLabel('Time limit (minutes)').fill('100');
	await form.getByLabel('Pieces').fill('0');
	await expect(form.getByLabel('Pieces')).toHaveAttribute('aria-invalid', 'true');
	await expect(form.locator('.ui-field').filter({ has: page.getByLabel('Pieces') })).toContainText('Must be more than 0.');
	await form.getByLabel('Pieces').fill('500');
	await expect(form.getByLabel('Pieces')).not.toHaveAttribute('aria-invalid', 'true');
	await form.getByRole('button', { name: 'Save as version 2' }).click();
	await expect(form.getByText('Say why the rules change.')).toBeVisible();
	await form.getByLabel('Reason for the change').fill('The hall is ours until noon');
	await form.getByRole('button', { name: 'Save as version 2' }).click();
	await expect(cz.getByText('Saved as version 2.')).toBeVisible();
	await expect(cz.getByTestId('rules-version')).toHaveText('Rules version 2');
	await expect(cz.getByTestId('competition-words')).toContainText('500 pieces, 100 minutes,');
	await cz.getByText('Rules versions').click();
	await expect(cz.getByTestId('rules-history')).toContainText('Version 1 → 2');
	await expect(cz.getByTestId('rules-history')).toContainText('The hall is ours until noon');

	// Heats: added, renamed, removed while empty.
	const heats = cz.getByTestId('heats');
	await heats.getByLabel('New heat').fill('Morning');
	await heats.getByRole('button', { name: 'Add a heat' }).click();
	await expect(heats.getByTestId('heat-row')).toHaveCount(1);
	await heats.getByLabel('New heat').fill('Afternoon');
	await heats.getByRole('button', { name: 'Add a heat' }).click();
	await expect(heats.getByTestId('heat-row')).toHaveCount(2);
	const second = heats.getByTestId('heat-row').nth(1);
	await second.getByLabel('Name of heat 2').fill('Evening');
	await second.getByRole('button', { name: 'Rename' }).click();
	await expect.poll(async () => (await call('GET', `/api/events/${eventId}/preparation`, { token: key })).body.competitions[0].heats.map((h: { heat: { name: string } }) => h.heat.name)).toEqual(['Morning', 'Evening']);
	await heats.getByTestId('heat-row').nth(1).getByRole('button', { name: 'Remove' }).click();
	await expect(heats.getByTestId('heat-row')).toHaveCount(1);
	await expect(heats.getByLabel('Name of heat 1')).toHaveValue('Morning');

	// The form opened before the start: a tablet starts the heat meanwhile, the change is refused saying why.
	await cz.getByRole('button', { name: 'Change the rules' }).click();
	await form.getByLabel('Time limit (minutes)').fill('80');
	await form.getByLabel('Reason for the change').fill('Shorter after all');
	const competitionId = (await cz.getAttribute('data-competition'))!;
	const heatId = (await heats.getByTestId('heat-row').first().getAttribute('data-heat'))!;
	const judge = await addDevice(eventId, key, 'judge', 'Table 1');
	expectStatus(await call('POST', '/api/device', { token: judge.token, json: { deviceId: `tab-${RUN}` } }), 200, 'the tablet binds its token');
	const log = new DeviceLog({ deviceId: `tab-${RUN}`, judge: 'Eva', competitionId, heatId });
	log.start(Date.now(), ['seat-1']);
	expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judge.token, json: { events: log.events } }), 200, 'the heat start pushed');
	await form.getByRole('button', { name: 'Save as version 3' }).click();
	await expect(form.getByRole('alert')).toContainText(/has started.*version 2 is frozen.*CZ-GEN-CHANGES/);
	await expect(cz.getByTestId('rules-version')).toHaveText('Rules version 2');

	// Opened again, the form says so before anything is typed; the started heat cannot be removed.
	await page.reload();
	await expect(cz.getByText(/^Started .*: its rules version is frozen \(CZ-GEN-CHANGES\)\.$/)).toBeVisible();
	await cz.getByRole('button', { name: 'Change the rules' }).click();
	await expect(form.getByTestId('ruleset-frozen')).toContainText('its rules (version 2) are frozen and cannot change (CZ-GEN-CHANGES)');
	await expect(form.getByLabel('Time limit (minutes)')).toBeDisabled();
	await expect(form.getByRole('button', { name: /Save as version/ })).toHaveCount(0);
	await expect(heats.getByTestId('heat-held')).toContainText('Not empty: 0 entries, 1 judge events, started');
	await expect(heats.getByRole('button', { name: 'Remove' })).toHaveCount(0);
	expect(expectStatus(await call('DELETE', `/api/events/${eventId}/heats/${heatId}`, { token: key }), 409, 'a started heat stays').body.message).toBe('heat "Morning" is not empty (1 judge event, a start): only an empty heat can be removed');

	// On a 390 px phone: nothing scrolls sideways, every control a finger's size.
	await page.setViewportSize({ width: 390, height: 844 });
	await checkScreen(page, 'organizer-event');
	expect(errors).toEqual([]);
});
