import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { presetById } from '../src/lib/rules/presets';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { screen } from './screens-kit';
import { call, createEvent, expectStatus, RUN, writeSetup } from './sync-kit';

/**
 * The draws (issue 15) against the production build: the CZJPA relay's 80 registered
 * individuals drawn into 20 teams from a typed seed (CZ-TEAM-DRAW), the same teams computed by a
 * second organizer device's "check a draw" from the printed seed and sorted input; a redraw with
 * a reason, both draws in the record; the screen at 1280 and 390 px.
 */

const RELAY = presetById('czjpa-team-relay')!;

/** The relay preset itself: people register alone, one at a time, with no problem (CZ-TEAM-DRAW), 20 teams admit 80 people (CZ-TEAM-CAP). */
async function seedRelay(count: number) {
	const { eventId, token, event } = await createEvent(`Draws ${RUN}`);
	const relay = `draws-${RUN}-relay-${count}`;
	await writeSetup(eventId, token, { rulesets: [RELAY], competitions: [{ id: relay, eventId, name: 'CZJPA relay', ruleset: { id: RELAY.id, version: RELAY.version } }], heats: [] });
	const e = `/api/events/${eventId}`;
	for (let i = 1; i <= count; i++) {
		const id = `p${String(i).padStart(3, '0')}`;
		expectStatus(await call('POST', `${e}/people`, { token, json: { person: { id, name: `Solver ${i}`, birthDate: '1990-01-01', email: `s${i}@example.org` } } }), 201, id);
		const registered = expectStatus(await call('POST', `${e}/registrations`, { token, json: { registration: { id: `r${i}`, competitionId: relay, memberIds: [id] } } }), 201, `r${i}`);
		expect((registered.body as { registration: unknown }).registration).toMatchObject({ status: 'registered', fee: { amount: 800, currency: 'CZK' } });
	}
	return { eventId, token, event, relay };
}

async function teamsOn(page: Page, testid: string): Promise<string[]> {
	return page.getByTestId(testid).allTextContents();
}

test('CZ-TEAM-DRAW: 80 individuals into 20 teams from a typed seed, checked on a second device; a redraw with a reason keeps both in the record', async ({ page, browser }) => {
	test.setTimeout(180_000);
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	const { eventId, token, event, relay } = await seedRelay(80);

	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'seating');
	const panel = page.getByTestId('team-draw');
	await expect(panel.getByTestId('draw-individuals')).toContainText('80 registered individuals');
	await panel.getByTestId('draw-seed').fill('Brno 2026 / 4-1-6');
	await expect(panel.getByTestId('seed-shown')).toHaveText('Brno 2026 / 4-1-6');
	await panel.getByRole('button', { name: 'Draw the teams' }).click();
	await expect(panel.getByRole('status').filter({ hasText: '20 teams drawn and recorded.' })).toBeVisible();
	await expect(panel.getByTestId('drawn-team')).toHaveCount(20);
	const drawn = await teamsOn(page, 'team-members');
	expect(new Set(drawn.flatMap((t) => t.split(', '))).size).toBe(80);
	for (const t of drawn) expect(t.split(', ')).toHaveLength(4);
	await expect(panel.getByTestId('draw-record')).toHaveCount(1);

	// The relay's set-up now holds the 20 teams, each with its four members, without birth dates.
	const setup = expectStatus(await call('GET', `/api/events/${eventId}/setup`, { token }), 200, 'setup').body as { entries: { competitionId: string; members: { name: string }[] }[] };
	const entries = setup.entries.filter((x) => x.competitionId === relay);
	expect(entries).toHaveLength(20);
	expect(entries.map((x) => x.members.map((m) => m.name).join(', ')).sort()).toEqual([...drawn].sort());

	// A second organizer device checks the draw from the printed seed and sorted input.
	await panel.getByText('How to check this draw').click();
	const printed = await panel.getByTestId('sorted-input').textContent();
	expect(printed!.split('\n')).toHaveLength(80);
	const other = await browser.newContext();
	const second = await other.newPage();
	await signInOrganizer(second, token, eventId, event.name);
	await openOrganizer(second, 'seating');
	const check = second.getByTestId('check-draw');
	await check.locator('summary').click();
	await check.getByTestId('check-seed').fill('Brno 2026 / 4-1-6');
	await check.getByTestId('check-input').fill(printed!);
	await expect(check.getByTestId('checked-team')).toHaveCount(20);
	expect(await teamsOn(second, 'checked-team')).toEqual(drawn);
	// Another seed gives other teams.
	await check.getByTestId('check-seed').fill('Brno 2026 / 4-1-5');
	await expect.poll(() => teamsOn(second, 'checked-team')).not.toEqual(drawn);
	await other.close();

	// A team renamed: the name follows into the relay's entry.
	await panel.getByTestId('team-name').first().fill('Rychlé prsty');
	await panel.getByRole('button', { name: 'Rename Team 1', exact: true }).click();
	await expect(panel.getByRole('status').filter({ hasText: 'Renamed: Rychlé prsty.' })).toBeVisible();
	const renamed = expectStatus(await call('GET', `/api/events/${eventId}/setup`, { token }), 200, 'setup').body as { entries: { competitionId: string; name: string }[] };
	expect(renamed.entries.filter((x) => x.competitionId === relay).map((x) => x.name)).toContain('Rychlé prsty');

	// A redraw needs a reason; both draws stay in the record, the first superseded.
	await panel.getByTestId('draw-seed').fill('second seed');
	await expect(panel.getByRole('button', { name: 'Draw again' })).toBeDisabled();
	await panel.getByTestId('redraw-reason').fill('The seed was typed before everyone could see it');
	await panel.getByRole('button', { name: 'Draw again' }).click();
	await expect(panel.getByTestId('result-seed')).toHaveText('second seed');
	const record = panel.getByTestId('draw-record');
	await expect(record).toHaveCount(2);
	await expect(record.nth(0)).toContainText('seed second seed');
	await expect(record.nth(0)).toContainText('reason: The seed was typed before everyone could see it');
	await expect(record.nth(0)).toContainText('in force');
	await expect(record.nth(1)).toContainText('seed Brno 2026 / 4-1-6');
	await expect(record.nth(1)).toContainText('superseded');
	const redrawn = await teamsOn(page, 'team-members');
	expect(redrawn).not.toEqual(drawn);

	await screen(page, 'organizer-draws');

	// The draw on paper: the seed, the procedure, every team with its members, the sorted input, the earlier draw superseded.
	await panel.getByRole('link', { name: 'Print the draw' }).click();
	const sheet = page.getByTestId('printed-draw');
	await expect(sheet).toContainText('Seed: second seed');
	await expect(sheet).toContainText('Fisher–Yates');
	const printedTeams = await sheet.getByTestId('printed-teams').locator('li').allTextContents();
	// Each member with the ID the printed input lists (issue 30 #4).
	expect(printedTeams.map((t) => t.replace(/^[^:]+: /, '').replace(/ \([^()]+\)/g, ''))).toEqual(redrawn);
	expect((await sheet.getByTestId('printed-input').textContent())!.split('\n')).toHaveLength(80);
	await expect(page.locator('main')).toContainText('seed Brno 2026 / 4-1-6 · superseded');
	await screen(page, 'organizer-draws-print');
	expect(errors).toEqual([]);
});

test('CZ-TEAM-DRAW: 10 individuals: the two left over shown, a smaller team flagged as breaking the rule', async ({ page }) => {
	test.setTimeout(120_000);
	const { eventId, token, event } = await seedRelay(10);
	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'seating');
	const panel = page.getByTestId('team-draw');
	await expect(panel.getByText('2 left over: the number of individuals is not a multiple of four.')).toBeVisible();
	await panel.getByTestId('leftover-choice').selectOption('short-team');
	await panel.getByRole('button', { name: 'Random seed' }).click();
	await expect(panel.getByTestId('draw-seed')).toHaveValue(/^[a-z2-9]{12}$/);
	await panel.getByLabel('Dice rolls').fill('3 5 1 6 2');
	await panel.getByRole('button', { name: 'Seed from the dice' }).click();
	await expect(panel.getByTestId('draw-seed')).toHaveValue('dice-3-5-1-6-2');
	await panel.getByRole('button', { name: 'Draw the teams' }).click();
	await expect(panel.getByTestId('drawn-team')).toHaveCount(3);
	await expect(panel.getByTestId('drawn-team').nth(2)).toContainText('Breaks CZ-TEAM-DRAW: fewer than four');
	await expect(panel.getByTestId('draw-leftovers')).toContainText('Left over:');

	// Issue 30 #21: the registrations export names each person's drawn team in Team.
	const { draws } = expectStatus(await call('GET', `/api/events/${eventId}/draws`, { token }), 200, 'draws').body as {
		draws: { teams: { name: string; memberIds: string[] }[] }[];
	};
	const teamOf = new Map(draws[0]!.teams.flatMap((t) => t.memberIds.map((id) => [id, t.name] as const)));
	await openOrganizer(page, 'register');
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-registrations').click()]);
	const lines = Papa.parse<Record<string, string>>(readFileSync((await download.path())!).toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
	expect(lines).toHaveLength(10);
	for (const line of lines) expect([line['Name'], line['Team']]).toEqual([line['Name'], teamOf.get(line['Person ID']!)]);
	expect(new Set(lines.map((l) => l['Team'])).size).toBe(3);
});

test('CZ-TEAM-DRAW, issue 30 #15: the drawn teams are named in the event\'s language (printed and public), whatever the organizer\'s screen speaks', async ({ page }) => {
	const { eventId, token, event } = await seedRelay(4);
	expectStatus(await call('POST', `/api/events/${eventId}/details`, { token, json: { name: event.name, date: event.date, language: 'cs' } }), 200, 'event in Czech');
	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'seating');
	const panel = page.getByTestId('team-draw');
	await panel.getByRole('button', { name: 'Random seed' }).click();
	await panel.getByRole('button', { name: 'Draw the teams' }).click();
	await expect(panel.getByTestId('drawn-team')).toHaveCount(1);
	const { draws } = expectStatus(await call('GET', `/api/events/${eventId}/draws`, { token }), 200, 'draws').body as { draws: { teams: { name: string }[] }[] };
	expect(draws[0]!.teams.map((t) => t.name)).toEqual(['Tým 1']);
});

const ES = presetById('es-adult-individual')!;

test('ES-SHIFT: 30 entries with preferences for 2 turns of 15 drawn by lot; one swap recorded; a swap refused once the turn started', async ({ page }) => {
	test.setTimeout(180_000);
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	const { eventId, token, event } = await createEvent(`Turnos ${RUN}`);
	const comp = `turnos-${RUN}`;
	const [am, pm] = [`${comp}-am`, `${comp}-pm`];
	await writeSetup(eventId, token, {
		rulesets: [ES],
		competitions: [{ id: comp, eventId, name: 'Individual', ruleset: { id: ES.id, version: ES.version } }],
		heats: [
			{ id: am, competitionId: comp, name: 'Mañana' },
			{ id: pm, competitionId: comp, name: 'Tarde' }
		]
	});
	const e = `/api/events/${eventId}`;
	// 20 prefer the morning, 10 the afternoon: 5 of the morning's are drawn into the afternoon.
	for (let i = 1; i <= 30; i++) {
		const id = `j${String(i).padStart(2, '0')}`;
		expectStatus(await call('POST', `${e}/people`, { token, json: { person: { id, name: `Jugador ${String(i).padStart(2, '0')}`, birthDate: '1990-01-01', phone: '+34 600 000 000' } } }), 201, id);
		expectStatus(await call('POST', `${e}/registrations`, { token, json: { registration: { id: `t${id}`, competitionId: comp, memberIds: [id], preferredTurn: i <= 20 ? am : pm }, despiteProblems: true } }), 201, id);
	}
	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'seating');
	const panel = page.getByTestId('shift-lottery');
	await expect(panel.getByLabel('Places in Mañana')).toHaveValue('15');
	await expect(panel.getByLabel('Places in Tarde')).toHaveValue('15');
	// The lottery's words are of turns, not of teams (issue 30 #18).
	await expect(panel.getByText('the same turns on any device')).toBeVisible();
	await expect(panel).not.toContainText('teams');
	await panel.getByTestId('turns-seed').fill('sorteo 2026');
	await panel.getByRole('button', { name: 'Draw the turns' }).click();
	await expect(panel.getByRole('status').filter({ hasText: '30 entries drawn into turns and recorded.' })).toBeVisible();
	const turn = (heat: string) => panel.locator(`[data-testid="turn"][data-heat="${heat}"]`);
	await expect(turn(am).getByRole('heading')).toHaveText('Mañana: 15 of 15');
	await expect(turn(pm).getByRole('heading')).toHaveText('Tarde: 15 of 15');
	await expect(panel.getByText('5 could not have their preferred turn: drawn into another.')).toBeVisible();
	const morning = (await turn(am).getByTestId('turn-names').textContent())!.split(', ');
	const afternoon = (await turn(pm).getByTestId('turn-names').textContent())!.split(', ');
	// Everyone who preferred the afternoon got it (it had room).
	for (let i = 21; i <= 30; i++) expect(afternoon).toContain(`Jugador ${i}`);

	// The set-up: each registration the entry of its turn, no birth dates or phones.
	const setup = expectStatus(await call('GET', `${e}/setup`, { token }), 200, 'setup').body as { entries: { id: string; heatId: string; competitionId: string }[] };
	expect(setup.entries.filter((x) => x.heatId === am)).toHaveLength(15);
	expect(JSON.stringify(setup.entries)).not.toMatch(/birthDate|\+34/);

	// One agreed swap: a morning entry with an afternoon one.
	const [a, b] = [morning[0]!, afternoon[0]!];
	const swap = panel.getByTestId('swap-form');
	await swap.getByLabel('Swap', { exact: true }).selectOption({ label: `${a} (Mañana)` });
	await swap.getByLabel('with', { exact: true }).selectOption({ label: `${b} (Tarde)` });
	await swap.getByRole('button', { name: 'Swap their turns' }).click();
	await expect(panel.getByRole('status').filter({ hasText: `Swapped: ${a} and ${b}.` })).toBeVisible();
	await expect(panel.getByTestId('swaps')).toContainText(`${a} ⇄ ${b}`);
	await expect(turn(am).getByRole('heading')).toHaveText('Mañana: 15 of 15');
	await expect(turn(am).getByTestId('turn-names')).toContainText(b);
	await expect(turn(pm).getByTestId('turn-names')).toContainText(a);

	// The morning turn starts: a swap with it is refused, saying why.
	expectStatus(await call('POST', `${e}/heat-starts`, { token, json: { id: `start-${RUN}`, competitionId: comp, heatId: am, organizerAt: Date.now(), offsetMs: null } }), 201, 'start');
	await swap.getByLabel('Swap', { exact: true }).selectOption({ label: `${morning[1]!} (Mañana)` });
	await swap.getByLabel('with', { exact: true }).selectOption({ label: `${afternoon[1]!} (Tarde)` });
	await swap.getByRole('button', { name: 'Swap their turns' }).click();
	await expect(panel.getByRole('alert')).toContainText('has started: turns can only be swapped before they start');
	await expect(turn(am).getByTestId('turn-names')).toContainText(morning[1]!);

	await screen(page, 'organizer-turns');
	await panel.getByRole('link', { name: 'Print the draw' }).click();
	await expect(page.getByTestId('printed-turn')).toHaveCount(2);
	await expect(page.getByRole('heading', { name: 'The turns drawn' })).toBeVisible();
	await expect(page.getByTestId('printed-draw')).not.toContainText('teams');
	await expect(page.getByTestId('printed-turn').nth(0)).toContainText(b);
	await expect(page.getByTestId('printed-draw')).toContainText(new RegExp(`${a} \\([^)]+\\) ⇄ ${b} \\(`));
	expect(await page.getByTestId('printed-draw').textContent()).not.toContain('+34');
	expect(errors).toEqual([]);
});

test('ES-SHIFT: a preferred turn chosen on the register screen; the turns drawn are on the public page with the seed, names only', async ({ page }) => {
	test.setTimeout(120_000);
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	const { eventId, token, event } = await createEvent(`Turno preferido ${RUN}`);
	const comp = `pref-${RUN}`;
	const [am, pm] = [`${comp}-am`, `${comp}-pm`];
	await writeSetup(eventId, token, {
		rulesets: [ES],
		competitions: [{ id: comp, eventId, name: 'Individual', ruleset: { id: ES.id, version: ES.version } }],
		heats: [
			{ id: am, competitionId: comp, name: 'Mañana' },
			{ id: pm, competitionId: comp, name: 'Tarde' }
		]
	});
	const e = `/api/events/${eventId}`;
	for (let i = 1; i <= 4; i++) {
		const id = `q${i}`;
		expectStatus(await call('POST', `${e}/people`, { token, json: { person: { id, name: `Jugadora ${i}`, birthDate: '1988-07-06', email: `j${i}@example.org`, phone: '+34 611 222 333' } } }), 201, id);
		expectStatus(await call('POST', `${e}/registrations`, { token, json: { registration: { id: `pr${i}`, competitionId: comp, memberIds: [id] }, despiteProblems: true } }), 201, id);
	}
	await signInOrganizer(page, token, eventId, event.name);
	await openOrganizer(page, 'register');
	const row = page.locator('[data-testid="entry-row"][data-entry="pr1"]');
	await row.getByRole('button', { name: 'Preferred turn of Jugadora 1' }).click();
	const dialog = page.getByTestId('turn-dialog');
	await dialog.getByLabel('Preferred turn').selectOption({ label: 'Tarde' });
	await dialog.getByRole('button', { name: 'Save the turn' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Jugadora 1 prefers the turn Tarde.' })).toBeVisible();
	await expect(row.getByTestId('preferred-turn')).toHaveText('Turn: Tarde');
	const registrations = expectStatus(await call('GET', `${e}/register`, { token }), 200, 'register').body.registrations as { id: string; preferredTurn?: string }[];
	expect(registrations.find((r) => r.id === 'pr1')!.preferredTurn).toBe(pm);

	// Drawn with one place in the afternoon: she has it. The public page shows the turns and the seed, no contact or birth date.
	expectStatus(await call('POST', `${e}/draws/turns`, { token, json: { competitionId: comp, seed: 'bombo 7', capacities: { [am]: 3, [pm]: 1 } } }), 201, 'draw');
	await page.goto(`/results/${eventId}`);
	const drawn = page.locator(`[data-draw="${comp}"]`);
	await expect(drawn.getByRole('heading', { level: 2 })).toHaveText('Individual: the turns drawn');
	await expect(drawn).toContainText('Seed: bombo 7');
	await expect(drawn.locator('[data-group="Tarde"]')).toContainText('Jugadora 1');
	await expect(drawn.locator('[data-group="Mañana"]')).toContainText('Jugadora 2');
	const text = (await page.content()) ?? '';
	expect(text).not.toMatch(/example\.org|\+34|1988/);
	expect(errors).toEqual([]);
});
