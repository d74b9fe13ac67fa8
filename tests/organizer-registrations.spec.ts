import { expect, test } from '@playwright/test';
import type { Person, Registration } from '../src/lib/registration/schema';
import { deriveRuleset } from '../src/lib/rules/derive';
import { presetById } from '../src/lib/rules/presets';
import { seedRegister } from './desk-kit';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { cancel, pay, registerOne, entryRow as row } from './register-kit';
import { screen } from './screens-kit';
import { call, createEvent, DAY, expectStatus, RUN, writeSetup } from './sync-kit';

/**
 * The organizer's registrations (issue 14) against the production build: a CZJPA individual of
 * 80 places full, the next registrations on the waiting list (CZ-IND-CAP); cancellations 20 days
 * before (refund due) and 10 days before (no refund: CZ-GEN-REFUND), each moving the first
 * waiting one up; fees paid and the totals (ES-FEE); a stale payment read again and saved; a
 * Spanish family group with one child shown its problem (ES-CAT: at least 2 children), then
 * with two registered; the problems' list linking to the entry; the screen at 1280 and 390 px.
 */

const IND = presetById('czjpa-individual')!;
const FAM = presetById('es-family-group')!;
const DAY_MS = 86_400_000;
const T0 = Date.parse(`${DAY}T10:00:00Z`) - 60 * DAY_MS;

test('CZ-IND-CAP, CZ-GEN-REFUND, ES-FEE, ES-CAT: waiting list, cancellations with and without refund, moved up, fees and totals, a stale payment, a family group', async ({ page }) => {
	test.setTimeout(120_000);
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	const { eventId, token, event } = await createEvent(`Registrations ${RUN}`);
	const ind = `en-${RUN}-ind`;
	const fam = `en-${RUN}-fam`;
	await writeSetup(eventId, token, {
		rulesets: [IND, FAM],
		competitions: [
			{ id: ind, eventId, name: 'CZJPA individual', ruleset: { id: IND.id, version: IND.version } },
			{ id: fam, eventId, name: 'Familias', ruleset: { id: FAM.id, version: FAM.version } }
		],
		heats: []
	});
	const e = `/api/events/${eventId}`;
	// 80 registered (the last one 12 and alone: a problem, CZ-GEN-AGE), two more people, and a family.
	const rows = Array.from({ length: 80 }, (_, i) => ({ name: `Řešitel ${i + 1}`, birthDate: i === 79 ? '2014-01-01' : '1980-01-01', competitionId: ind, registeredAt: T0 + i }));
	expectStatus(await call('POST', `${e}/registrations/import`, { token, json: { rows } }), 200, 'import');
	const people = [
		['p81', 'Řešitel 81', '1979-01-01'],
		['p82', 'Řešitel 82', '1979-01-01'],
		['k1', 'Lucía Peña', '2017-03-01'],
		['k2', 'Leo Peña', '2018-03-01'],
		['a1', 'María Peña', '1985-01-01'],
		['a2', 'Pablo Peña', '1984-01-01'],
		['a3', 'Carmen Peña', '1955-01-01'],
		['a4', 'Tomás Peña', '1954-01-01'],
		['a5', 'Inés Peña', '1990-01-01']
	];
	for (const [id, name, birthDate] of people) expectStatus(await call('POST', `${e}/people`, { token, json: { person: { id, name, birthDate } } }), 201, name!);

	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'register');
	const panel = page.getByTestId('entries');
	await expect(panel.getByLabel('Competition')).toHaveValue(ind);
	await expect(panel.getByTestId('entries-capacity')).toHaveText('80 of 80 places');

	// Full: the next one goes to the waiting list (found without the diacritics).
	await registerOne(page, 'resitel 81', 'Řešitel 81');
	await expect(panel.getByText('The competition is full: Řešitel 81 is on the waiting list.')).toBeVisible();
	await expect(panel.getByTestId('entries-capacity')).toHaveText('80 of 80 places, 1 on the waiting list');
	await expect(panel.getByTestId('entries-waiting').getByTestId('waiting-position')).toHaveText(['1']);

	// Paid, then cancelled 20 days before: refund due; the first waiting moves up.
	await pay(page, 'Řešitel 1');
	await cancel(page, 'Řešitel 1', '2026-04-26', '20 days before the event, at least 15: the fee is refunded.');
	await expect(panel.getByText('Řešitel 1 cancelled: refund due. Moved up from the waiting list: Řešitel 81.')).toBeVisible();
	await expect(row(page, 'Řešitel 81')).toHaveAttribute('data-status', 'registered');
	await expect(row(page, 'Řešitel 81').getByTestId('moved-up')).toContainText('moved up');
	await expect(row(page, 'Řešitel 1').getByTestId('refund')).toHaveText('refund due');
	await expect(panel.getByTestId('entries-waiting-none')).toBeVisible();

	// Another on the waiting list; paid and cancelled 10 days before: no refund; it moves up.
	await registerOne(page, 'resitel 82', 'Řešitel 82');
	await expect(panel.getByTestId('entries-capacity')).toHaveText('80 of 80 places, 1 on the waiting list');
	await pay(page, 'Řešitel 2');
	await cancel(page, 'Řešitel 2', '2026-05-06', '10 days before the event, less than 15: no refund.');
	await expect(panel.getByText('Řešitel 2 cancelled: no refund. Moved up from the waiting list: Řešitel 82.')).toBeVisible();
	await expect(row(page, 'Řešitel 2').getByTestId('refund')).toHaveText('no refund');
	await expect(panel.getByTestId('entries-capacity')).toHaveText('80 of 80 places');

	// Fees: one more paid; the totals in CZK.
	await pay(page, 'Řešitel 3');
	const totals = panel.getByTestId('entries-totals');
	await expect(totals.locator('[data-total="due"]')).toHaveText(/^CZK\s32,000$/);
	await expect(totals.locator('[data-total="paid"]')).toHaveText(/^CZK\s400$/);
	await expect(totals.locator('[data-total="outstanding"]')).toHaveText(/^CZK\s31,600$/);
	await expect(totals.locator('[data-total="refunds"]')).toHaveText(/^CZK\s400$/);
	await expect(totals.locator('[data-total="retained"]')).toHaveText(/^CZK\s400$/);

	// A payment recorded meanwhile on another device: this one is told, reads again, keeps what was typed, and saves from the new version.
	const r4 = (expectStatus(await call('GET', `${e}/register`, { token }), 200, 'register').body.registrations as { id: string; name: string; version: number }[]).find((r) => r.name === 'Řešitel 4')!;
	await row(page, 'Řešitel 4').getByRole('button', { name: 'Payment of Řešitel 4' }).click();
	const dialog = page.getByTestId('pay-dialog');
	await dialog.getByLabel('Amount paid (CZK)').fill('150');
	expectStatus(await call('POST', `${e}/registrations/${r4.id}`, { token, json: { action: 'pay', expectedVersion: r4.version, paid: { amount: 400 } } }), 200, 'paid elsewhere');
	await dialog.getByRole('button', { name: 'Save the payment' }).click();
	await expect(dialog.getByRole('alert')).toContainText('Řešitel 4 was changed on another device since you opened it');
	await expect(dialog.getByLabel('Amount paid (CZK)')).toHaveValue('150');
	await dialog.getByRole('button', { name: 'Save the payment' }).click();
	await expect(dialog).toBeHidden();
	await expect(row(page, 'Řešitel 4').getByTestId('paid')).toHaveText(/paid CZK\s150/);

	// The problems' list: the 12-year-old alone, worded; its link brings the entry into sight.
	const problems = page.getByTestId('entry-problems');
	await expect(problems.getByTestId('entry-problem')).toHaveCount(1);
	await expect(problems.getByTestId('entry-problem')).toContainText('Řešitel 80 is under 16: an accompanying adult is required');

	// ES-CAT: a family group with one child is shown its problem; with two it registers.
	await panel.getByLabel('Competition').selectOption(fam);
	await expect(panel.getByTestId('entries-capacity')).toHaveText('0 registered, no limit on numbers');
	const form = page.getByTestId('register-unit');
	await form.locator('summary').click();
	await form.getByLabel('Name of the pair, group or team').fill('Familia Peña');
	for (const name of ['Lucía Peña', 'María Peña', 'Pablo Peña', 'Carmen Peña', 'Tomás Peña', 'Inés Peña']) {
		await form.getByLabel('Add a member').fill(name.split(' ')[0]!.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
		await form.getByRole('button', { name: `Choose ${name}` }).click();
	}
	await expect(form.getByTestId('draft-problems')).toContainText('needs at least 2 children (ages 5–14), has 1');
	await expect(form.getByRole('button', { name: 'Register despite the problems' })).toBeVisible();
	await form.getByLabel('Add a member').fill('leo');
	await form.getByRole('button', { name: 'Choose Leo Peña' }).click();
	await expect(form.getByTestId('draft-problems')).toBeHidden();
	await form.getByRole('button', { name: 'Register', exact: true }).click();
	await expect(panel.getByText('Familia Peña registered.')).toBeVisible();
	await expect(row(page, 'Familia Peña')).toContainText('Lucía Peña, María Peña');
	await expect(row(page, 'Familia Peña').getByTestId('paid')).toHaveText(/not paid/);

	await problems.getByRole('button', { name: 'Řešitel 80' }).click();
	await expect(panel.getByLabel('Competition')).toHaveValue(ind);
	await expect(row(page, 'Řešitel 80')).toBeFocused();

	// The tables' own boxes back at their tops, as the screen opens (rows scrolled out of a box lie under the page's header by their coordinates only).
	await page.locator('.ui-table').evaluateAll((boxes) => boxes.forEach((b) => (b.scrollTop = 0)));
	await screen(page, 'organizer-registrations');
	// The dialogs on a phone too.
	await page.setViewportSize({ width: 390, height: 844 });
	await row(page, 'Řešitel 5').getByRole('button', { name: 'Cancel the registration of Řešitel 5' }).click();
	await expect(page.getByTestId('cancel-dialog').getByTestId('refund-outlook')).toBeVisible();
	await screen(page, 'organizer-registrations-cancel');
	expect(errors).toEqual([]);
});

const RELAY = presetById('czjpa-team-relay')!;

test('CZ-TEAM-DRAW, CZ-TEAM-CAP: on the drawn relay one person registers alone, without a team name or a problem, 800 CZK, counted against 80 places', async ({ page }) => {
	const { eventId, token, event } = await createEvent(`Relay alone ${RUN}`);
	const relay = `en-${RUN}-relay`;
	await writeSetup(eventId, token, { rulesets: [RELAY], competitions: [{ id: relay, eventId, name: 'CZJPA relay', ruleset: { id: RELAY.id, version: RELAY.version } }], heats: [] });
	expectStatus(await call('POST', `/api/events/${eventId}/people`, { token, json: { person: { id: 'solo', name: 'Eva Sólová', birthDate: '1990-01-01' } } }), 201, 'Eva');
	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'register');
	const panel = page.getByTestId('entries');
	await expect(panel.getByLabel('Competition')).toHaveValue(relay);
	await expect(panel.getByTestId('entries-capacity')).toHaveText('0 of 80 places');
	const form = page.getByTestId('register-unit');
	await form.locator('summary').click();
	await expect(form.getByLabel('Name of the pair, group or team')).toHaveCount(0);
	await registerOne(page, 'eva', 'Eva Sólová');
	await expect(row(page, 'Eva Sólová').getByTestId('paid')).toHaveText(/not paid/);
	await expect(row(page, 'Eva Sólová')).toContainText('800');
	await expect(panel.getByTestId('entries-capacity')).toHaveText('1 of 80 places');
	await expect(page.getByTestId('entry-problems').getByTestId('entry-problem')).toHaveCount(0);
});

test('issue 30 #13 (CZ-IND-CAP, CZ-GEN-REFUND): what the waiting list paid is a total; a cancellation is never dated in the future, and the move-up comes at it', async ({ page }) => {
	const { eventId, token, event } = await createEvent(`Waiting fees ${RUN}`);
	const derived = deriveRuleset(IND, `${eventId}-one`, 'CZJPA individual, 1 place', { capacity: { max: 1, per: 'person' } });
	if (!derived.ok) throw new Error(JSON.stringify(derived));
	const ONE = derived.value;
	const competitionId = `${eventId}-one`;
	await writeSetup(eventId, token, { rulesets: [ONE], competitions: [{ id: competitionId, eventId, name: 'One place', ruleset: { id: ONE.id, version: ONE.version } }], heats: [] });
	const person = (key: string, name: string): Person => ({ id: `${eventId}-${key}`, eventId, name, birthDate: '1990-01-01', version: 1 });
	const reg = (who: Person, at: number, status: Registration['status'], paid: Registration['paid']): Registration => ({
		id: `r-${who.id}`, eventId, competitionId, name: who.name, memberIds: [who.id], registeredAt: at, status, fee: { amount: 400, currency: 'CZK' }, paid, cancelled: null, version: 1
	});
	const [ana, bea, cyril] = [person('ana', 'Ana Malá'), person('bea', 'Bea Nová'), person('cyril', 'Cyril Starý')];
	await seedRegister(eventId, token, [ana, bea, cyril], [
		reg(ana, T0, 'registered', null),
		reg(bea, T0 + 1, 'waiting', { amount: 400, at: T0 + 2 }),
		reg(cyril, T0 + 3, 'waiting', { amount: 400, at: T0 + 4 })
	]);
	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'register');
	const totals = page.getByTestId('entries').getByTestId('entries-totals');
	await expect(totals.locator('[data-total="paid"]')).toHaveText(/^CZK\s0$/);
	await expect(totals.locator('[data-total="waiting-paid"]')).toHaveText(/^CZK\s800$/);
	await expect(totals).toContainText('Paid by the waiting list (held)');

	await row(page, 'Ana Malá').getByRole('button', { name: 'Cancel the registration of Ana Malá' }).click();
	const dialog = page.getByTestId('cancel-dialog');
	const today = new Date().toISOString().slice(0, 10);
	const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
	await expect(dialog.getByLabel('Cancelled on')).toHaveAttribute('max', today);
	await dialog.getByLabel('Cancelled on').fill(tomorrow);
	await expect(dialog.getByText('A cancellation is recorded when it came: today or a day before, not in the future.')).toBeVisible();
	await expect(dialog.getByTestId('refund-outlook')).toHaveCount(0);
	await expect(dialog.getByRole('button', { name: 'Cancel the registration' })).toBeDisabled();
	await dialog.getByLabel('Cancelled on').fill(today);
	await dialog.getByRole('button', { name: 'Cancel the registration' }).click();
	await expect(dialog).toBeHidden();
	await expect(page.getByText('Moved up from the waiting list: Bea Nová.')).toBeVisible();
	await expect(totals.locator('[data-total="paid"]')).toHaveText(/^CZK\s400$/);
	await expect(totals.locator('[data-total="waiting-paid"]')).toHaveText(/^CZK\s400$/);
	const registrations = expectStatus(await call('GET', `/api/events/${eventId}/register`, { token }), 200, 'register').body.registrations as Registration[];
	const cancelledAt = registrations.find((r) => r.id === `r-${ana.id}`)!.cancelled!.at;
	expect(registrations.find((r) => r.id === `r-${bea.id}`)!.movedUpAt).toBeGreaterThanOrEqual(cancelledAt);
});

test('issue 30 #13 (ES-SHIFT): a group whose members name different preferred turns is told so in the import preview, and gets its first row’s', async ({ page }) => {
	const GROUP = presetById('es-adult-group')!;
	const { eventId, token, event } = await createEvent(`Turns ${RUN}`);
	const competitionId = `${eventId}-grp`;
	await writeSetup(eventId, token, {
		rulesets: [GROUP],
		competitions: [{ id: competitionId, eventId, name: 'Grupos adultos', ruleset: { id: GROUP.id, version: GROUP.version } }],
		heats: [
			{ id: `${competitionId}-am`, competitionId, name: 'Mañana' },
			{ id: `${competitionId}-pm`, competitionId, name: 'Tarde' }
		]
	});
	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'register');
	await page.getByTestId('register-files').getByRole('link', { name: 'Import registrations from a CSV file' }).click();
	const csv = 'Nombre;Fecha de nacimiento;Equipo;Turno\nAna Ruiz;1990-01-01;Las Rápidas;Mañana\nLuis Gil;1990-01-01;Las Rápidas;Tarde\nEva Sanz;1990-01-01;Las Rápidas;\nPep Mas;1990-01-01;Las Rápidas;\n';
	await page.getByTestId('csv-input').setInputFiles({ name: 'grupos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
	await expect(page.getByTestId('csv-counts')).toHaveText('To import: 4 · skipped: 0 · blocked: 0');
	await expect(page.locator('[data-testid="csv-row"][data-row="3"]').getByTestId('csv-problem')).toHaveText(
		'Las Rápidas takes one turn, that of row 2 (Mañana): this row’s Tarde is not taken; change the preferred turn after the import if needed.'
	);
	await expect(page.locator('[data-testid="csv-row"][data-row="2"]').getByTestId('csv-problem')).toHaveCount(0);
	await page.getByTestId('csv-confirm').click();
	await expect(page.getByTestId('csv-import-done')).toBeVisible();
	const registrations = expectStatus(await call('GET', `/api/events/${eventId}/register`, { token }), 200, 'register').body.registrations as Registration[];
	expect(registrations.map((r) => [r.name, r.memberIds.length, r.preferredTurn])).toEqual([['Las Rápidas', 4, `${competitionId}-am`]]);
});
