import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { presetById } from '../src/lib/rules/presets';
import { drawSeats } from '../src/lib/seating/seat-order';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { screen } from './screens-kit';
import { I30_SHOTS, shootI30, speakI30 } from './screens-i30';
import { JUDGE_KEY } from './station-helpers';
import { addDevice, call, createEvent, DAY, expectStatus, RUN, writeSetup } from './sync-kit';

/**
 * Seating a heat (issue 15) against the production build: a CZJPA individual heat of 80
 * registered (through the register's API) seated by a seeded draw at 20 tables of 4, the same
 * seats the pure draw gives on any device; one entry moved by picking a free seat, one by drag,
 * a taken seat refused on the device and by the server; the seat plan printed and read back;
 * a judge tablet that pulls the set-up sees the seats at its table.
 */

const IND = presetById('czjpa-individual')!;
const FIRST = ['Alena', 'Bohdan', 'Cecílie', 'Dušan', 'Eliška', 'František', 'Gabriela', 'Hynek', 'Irena', 'Jakub'];
const LAST = ['Novák', 'Svoboda', 'Dvořák', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák'];
/** 80 names without digits, so that "name table seat" reads back unambiguously from the PDF. */
const NAMES = LAST.flatMap((l) => FIRST.map((f) => `${f} ${l}`));
const SEED = 'brno-2026-seats';

async function pdfText(pdf: Buffer): Promise<string> {
	const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
	const pages: string[] = [];
	for (let i = 1; i <= doc.numPages; i++) {
		const content = await (await doc.getPage(i)).getTextContent();
		pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
	}
	return pages.join(' ').replace(/\s+/g, ' ');
}

const row = (page: Page, name: string) => page.getByTestId('seating-row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const seat = (page: Page, table: number, s: number) => page.locator(`[data-testid="seat"][data-seat="${table}/${s}"]`);

test('a CZJPA individual heat of 80 seated by draw at 20 tables of 4, moved by a free seat and by drag, a double seat refused, the plan printed, a judge tablet sees its table', async ({ page, browser }) => {
	test.setTimeout(180_000);
	const { eventId, token, event } = await createEvent(`Seats ${RUN}`);
	const competitionId = `seats-${RUN}`;
	const heatId = `${competitionId}-h1`;
	await writeSetup(eventId, token, {
		rulesets: [IND],
		competitions: [{ id: competitionId, eventId, name: 'CZJPA individual', ruleset: { id: IND.id, version: IND.version } }],
		heats: [{ id: heatId, competitionId, name: 'Heat 1' }]
	});
	const t0 = Date.parse(`${DAY}T10:00:00Z`) - 30 * 86_400_000;
	const rows = NAMES.map((name, i) => ({ name, birthDate: '1990-02-03', email: `s${i}.${RUN}@example.org`, competitionId, registeredAt: t0 + i }));
	const imported = expectStatus(await call('POST', `/api/events/${eventId}/registrations/import`, { token, json: { rows } }), 200, 'import').body;
	expect(imported.registrationsAdded).toBe(80);
	const register = expectStatus(await call('GET', `/api/events/${eventId}/register`, { token }), 200, 'register').body as { registrations: { id: string; name: string }[] };
	const idOf = new Map(register.registrations.map((r) => [r.name, r.id]));
	const judge = await addDevice(eventId, token, 'judge', 'Table 21');

	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'seating');
	const panel = page.getByTestId('seating');

	await test.step('seated by a typed seed: 20 tables of 4, the seats the same pure draw gives on any device', async () => {
		await expect(panel.getByTestId('seating-summary')).toHaveText('80 to seat · 0 seated · 80 free seats');
		await expect(panel.getByLabel('Tables')).toHaveValue('20');
		await expect(panel.getByLabel('Seats per table')).toHaveValue('4');
		await panel.getByLabel('Seed of the draw').fill(SEED);
		await panel.getByRole('button', { name: 'Seat everyone' }).click();
		await expect(panel.getByTestId('seating-summary')).toHaveText('80 to seat · 80 seated · 0 free seats');
		await panel.getByRole('button', { name: 'Save the seating' }).click();
		await expect(panel.getByRole('status').filter({ hasText: 'Seating saved: 80 entries' })).toBeVisible();

		const setup = expectStatus(await call('GET', `/api/events/${eventId}/setup`, { token }), 200, 'setup').body as {
			entries: { id: string; heatId: string; name: string; table?: string; seat?: string; members: { birthDate?: string }[] }[];
		};
		const seated = setup.entries.filter((e) => e.heatId === heatId);
		expect(seated).toHaveLength(80);
		const expected = drawSeats([...idOf.values()], { tables: 20, seatsPerTable: 4 }, SEED);
		for (const e of seated) expect({ id: e.id, table: e.table, seat: e.seat }).toEqual({ id: e.id, ...expected.get(e.id) });
		expect(new Set(seated.map((e) => `${e.table}/${e.seat}`)).size).toBe(80);
		expect(seated.flatMap((e) => e.members).every((m) => m.birthDate === undefined)).toBe(true);
	});

	// Who sits at table 1, seats 1 and 2, after the draw.
	const onSeat = async (table: number, s: number) => (await seat(page, table, s).getByTestId('seat-name').innerText()).replace(/^Seat \d+: /, '');
	const first = await onSeat(1, 1);
	const second = await onSeat(1, 2);
	const third = await onSeat(2, 1);

	await test.step('a table added; one entry moved by picking a free seat, one by drag; a taken seat refused', async () => {
		await panel.getByLabel('Tables').fill('21');
		await panel.getByLabel('Tables').press('Tab');
		await expect(panel.getByTestId('seating-summary')).toHaveText('80 to seat · 80 seated · 4 free seats');
		await row(page, first).getByLabel(`Move ${first} to`).selectOption({ label: 'Table 21, seat 1' });
		await expect(row(page, first).locator('td').nth(0)).toHaveText('21');
		await expect(seat(page, 21, 1)).toContainText(first);
		await seat(page, 1, 2).getByTestId('seat-name').dragTo(seat(page, 21, 2));
		await expect(seat(page, 21, 2)).toContainText(second);
		await expect(seat(page, 1, 2)).toHaveAttribute('data-taken', 'no');
		await seat(page, 2, 1).getByTestId('seat-name').dragTo(seat(page, 21, 1));
		await expect(panel.getByRole('alert')).toHaveText(`Table 21, seat 1 is taken by ${first}: a seat holds one entry.`);
		await expect(seat(page, 2, 1)).toContainText(third);
		await panel.getByRole('button', { name: 'Save the seating' }).click();
		await expect(panel.getByRole('status').filter({ hasText: 'Seating saved: 80 entries' })).toBeVisible();
	});

	await test.step('the server refuses a seat given twice (another organizer device, from a stale copy)', async () => {
		const stale = { id: idOf.get(third)!, competitionId, heatId, name: third, members: [], table: '21', seat: '1' };
		const refused = await call('POST', `/api/events/${eventId}/setup`, { token, json: { entries: [stale] } });
		expect(refused.status).toBe(409);
		expect(JSON.stringify(refused.body)).toContain('table 21 seat 1');
	});

	await test.step('another organizer device seats someone on a seat this screen still shows free: its save is refused, nothing lost', async () => {
		const other = { id: idOf.get(third)!, competitionId, heatId, name: third, members: [], table: '21', seat: '3' };
		expectStatus(await call('POST', `/api/events/${eventId}/setup`, { token, json: { entries: [other] } }), 200, 'the other device');
		await expect(seat(page, 21, 3)).toHaveAttribute('data-taken', 'no');
		await row(page, second).getByLabel(`Move ${second} to`).selectOption({ label: 'Table 21, seat 3' });
		await panel.getByRole('button', { name: 'Save the seating' }).click();
		await expect(panel.getByRole('alert')).toContainText('table 21 seat 3');
		await panel.getByRole('button', { name: 'Discard the changes' }).click();
		await expect(seat(page, 21, 3)).toContainText(third);
		await expect(seat(page, 21, 2)).toContainText(second);
	});

	await screen(page, 'organizer-seating');

	await test.step('the seat plan: by table, then the index name → table, seat; read back from the PDF', async () => {
		await panel.getByRole('link', { name: 'Print the seat plan' }).click();
		await expect(page).toHaveURL(new RegExp(`/organizer/seating/plan\\?heat=${heatId}$`));
		await expect(page.getByTestId('plan-table')).toHaveCount(21);
		await expect(page.getByTestId('plan-line')).toHaveCount(80);
		await screen(page, 'organizer-seating-plan');
		const setup = expectStatus(await call('GET', `/api/events/${eventId}/setup`, { token }), 200, 'setup').body as { entries: { name: string; table?: string; seat?: string }[] };
		await page.emulateMedia({ media: 'print' });
		const text = await pdfText(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
		expect(text).toContain('Seat plan: CZJPA individual · Heat 1');
		expect(text).toContain('Table 21');
		for (const e of setup.entries) expect(text, e.name).toContain(`${e.name} ${e.table} ${e.seat}`);
		expect(text).not.toContain('example.org');
		expect(text).not.toContain('1990');
	});

	await test.step('a judge tablet that pulls the set-up sees the seats at its table', async () => {
		const tablet = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
		try {
			const t = await tablet.newPage();
			await t.goto(judge.pairUrl);
			await expect(t.getByTestId('pair-done')).toContainText('as judge');
			await t.evaluate(([key, value]) => localStorage.setItem(key, value), [JUDGE_KEY, 'Eva'] as const);
			await t.goto(`/station?competition=${competitionId}&heat=${heatId}&table=21`);
			await expect(t.getByTestId('seat')).toHaveCount(3);
			await expect(t.getByTestId('seat').filter({ hasText: third })).toHaveCount(1);
			await expect(t.getByTestId('seat').filter({ hasText: first })).toHaveCount(1);
			await expect(t.getByTestId('seat').filter({ hasText: second })).toHaveCount(1);
		} finally {
			await tablet.close();
		}
	});
});

/** Names in the register's order, with the same moment of registration (one import gives them random IDs). */
const IMPORTED = ['Ana', 'Belén', 'Carlos', 'Diego', 'Elena', 'Fátima', 'Gonzalo', 'Hugo', 'Inés', 'Javier', 'Lucía', 'Manuel'];
const RELAY = presetById('czjpa-team-relay')!;

test('issue 30 #8, #9: a drawn relay seats its 3 teams (not 15 people and teams); by registration order follows the register, not the IDs', async ({ page }) => {
	test.setTimeout(120_000);
	const { eventId, token, event } = await createEvent(`Seat order ${RUN}`);
	const ind = `order-${RUN}`;
	const relay = `order-${RUN}-relay`;
	await writeSetup(eventId, token, {
		rulesets: [IND, RELAY],
		competitions: [
			{ id: ind, eventId, name: 'Open', ruleset: { id: IND.id, version: IND.version } },
			{ id: relay, eventId, name: 'Relay', ruleset: { id: RELAY.id, version: RELAY.version } }
		],
		heats: [{ id: `${ind}-h1`, competitionId: ind, name: 'Heat 1' }]
	});
	const e = `/api/events/${eventId}`;
	const rows = IMPORTED.map((name, i) => ({ name, birthDate: '1990-02-03', email: `o${i}.${RUN}@example.org`, competitionId: ind }));
	expect(expectStatus(await call('POST', `${e}/registrations/import`, { token, json: { rows } }), 200, 'import').body.registrationsAdded).toBe(12);
	const register = expectStatus(await call('GET', `${e}/register`, { token }), 200, 'register').body as { registrations: { name: string; competitionId: string }[] };
	expect(register.registrations.filter((r) => r.competitionId === ind).map((r) => r.name)).toEqual(IMPORTED);
	for (let i = 1; i <= 12; i++) {
		expectStatus(await call('POST', `${e}/people`, { token, json: { person: { id: `rp${i}`, name: `Solver ${i}`, birthDate: '1990-01-01', email: `rs${i}.${RUN}@example.org` } } }), 201, `rp${i}`);
		expectStatus(await call('POST', `${e}/registrations`, { token, json: { registration: { id: `rr${i}`, competitionId: relay, memberIds: [`rp${i}`] } } }), 201, `rr${i}`);
	}
	expectStatus(await call('POST', `${e}/draws`, { token, json: { competitionId: relay, seed: 'Brno-2026', leftoverChoice: 'waiting' } }), 201, 'draw');

	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'seating');
	const panel = page.getByTestId('seating');

	await test.step('CZ-TEAM-DRAW: the drawn relay has 3 teams to seat, and seats them', async () => {
		await panel.getByTestId('seating-heat').selectOption({ label: 'Relay · Heat 1' });
		await expect(panel.getByTestId('seating-summary')).toHaveText(/^3 to seat · /);
		await expect(panel.getByTestId('seating-row')).toHaveText([/^Team 1/, /^Team 2/, /^Team 3/]);
		await panel.getByLabel('Seat by').selectOption('registration');
		const seatAll = panel.getByRole('button', { name: 'Seat everyone' });
		await expect(seatAll).toBeEnabled();
		await seatAll.click();
		await expect(panel.getByTestId('seating-summary')).toHaveText(/^3 to seat · 3 seated · /);
		await screen(page, 'organizer-seating-relay');
		if (I30_SHOTS) {
			await panel.getByRole('button', { name: 'Save the seating' }).click();
			await expect(panel.getByRole('status').filter({ hasText: 'Seating saved: 3 entries' })).toBeVisible();
			for (const lang of ['cs', 'es']) {
				await speakI30(page, lang);
				await page.getByTestId('seating-heat').selectOption({ label: 'Relay · Heat 1' });
				await expect(page.getByTestId('seating-row')).toHaveCount(3);
				await shootI30(page, 'organizer-seating-relay', lang, page.getByTestId('seating'));
			}
			await speakI30(page, 'en');
		}
	});

	await test.step('by registration order: the register\'s order, table by table', async () => {
		await panel.getByTestId('seating-heat').selectOption({ label: 'Open · Heat 1' });
		await panel.getByLabel('Seat by').selectOption('registration');
		await panel.getByLabel('Tables').fill('3');
		await panel.getByLabel('Tables').press('Tab');
		await panel.getByRole('button', { name: 'Seat everyone' }).click();
		await expect(panel.getByTestId('seating-summary')).toHaveText('12 to seat · 12 seated · 0 free seats');
		await expect(panel.locator('[data-testid="seating-table"][data-table="1"] [data-testid="seat-name"]')).toHaveText(IMPORTED.slice(0, 4).map((name, i) => `Seat ${i + 1}: ${name}`));
		await expect(panel.locator('[data-testid="seating-table"][data-table="2"] [data-testid="seat-name"]')).toHaveText(IMPORTED.slice(4, 8).map((name, i) => `Seat ${i + 1}: ${name}`));
		await panel.getByRole('button', { name: 'Discard the changes' }).click();
	});
});
