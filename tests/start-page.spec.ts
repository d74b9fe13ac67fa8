import { expect, test } from '@playwright/test';
import { PRESETS } from '../src/lib/rules/presets';
import { measureClockOffset } from '../src/lib/sync/clock-offset';

/** h:mm as the start page shows a time limit. */
function hmm(ms: number): string {
	const minutes = Math.floor(ms / 60_000);
	return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

test('/api/health answers ok', async ({ request }) => {
	const res = await request.get('/api/health');
	expect(res.status()).toBe(200);
	expect(await res.json()).toEqual({ ok: true });
});

test('/api/time gives the server clock, never cached; a device on the same machine measures an offset near 0', async ({ request }) => {
	const before = Date.now();
	const res = await request.get('/api/time');
	const after = Date.now();
	expect(res.status()).toBe(200);
	expect(res.headers()['cache-control']).toBe('no-store');
	const body = (await res.json()) as { receivedAt: number; sentAt: number };
	expect(body.receivedAt).toBeGreaterThanOrEqual(before);
	expect(body.sentAt).toBeGreaterThanOrEqual(body.receivedAt);
	expect(body.sentAt).toBeLessThanOrEqual(after);

	const estimate = await measureClockOffset(async () => (await request.get('/api/time')).json(), 5);
	expect(estimate).not.toBeNull();
	expect(Math.abs(estimate!.offsetMs)).toBeLessThanOrEqual(estimate!.roundTripMs / 2 + 1);
});

test('the start page lists the demo competitions, one per preset, and every preset', async ({ page }) => {
	await page.goto('/');
	await expect(page).toHaveTitle('Puzzle judge');
	await expect(page.getByRole('heading', { level: 1, name: 'Puzzle judge' })).toBeVisible();
	await expect(page.getByRole('heading', { level: 2, name: 'Demo puzzle day' })).toBeVisible();

	const competitions = page.getByRole('table', { name: /^Competitions of Demo puzzle day/ });
	const rows = competitions.locator('tbody tr');
	await expect(rows).toHaveCount(PRESETS.length);
	for (const preset of PRESETS) {
		const row = rows.filter({ has: page.getByRole('cell', { name: preset.name, exact: true }) });
		await expect(row, preset.id).toHaveCount(1);
		const cells = row.getByRole('cell');
		// Ruleset, version, pieces, time limit, unit, entries (the competition name is the row header).
		await expect(cells.nth(1)).toHaveText(String(preset.version));
		await expect(cells.nth(3)).toHaveText(hmm(preset.timeLimitMs));
		await expect(cells.nth(4)).toHaveText(new RegExp(`^${preset.unit.kind} \\(`));
		await expect(cells.nth(5)).toHaveText(/^[1-9]\d*$/);
	}
	const individual = rows.filter({ has: page.getByRole('cell', { name: PRESETS.find((p) => p.id === 'czjpa-individual')!.name }) });
	await expect(individual.getByRole('cell')).toHaveText(['CZJPA individual (500 pieces, 90 min)', '1', '500', '1:30', 'individual (1)', '5']);
	const relay = rows.filter({ has: page.getByRole('cell', { name: PRESETS.find((p) => p.id === 'czjpa-team-relay')!.name }) });
	await expect(relay.getByRole('cell').nth(2)).toHaveText('4,500 in 8 puzzles');
	await expect(relay.getByRole('cell').nth(4)).toHaveText('team (4)');

	const presets = page.getByRole('table', { name: /^Ruleset presets/ });
	const presetRows = presets.locator('tbody tr');
	await expect(presetRows).toHaveCount(PRESETS.length);
	for (const [i, preset] of PRESETS.entries()) {
		const row = presetRows.nth(i);
		await expect(row.getByRole('rowheader')).toHaveText(preset.name);
		await expect(row.getByRole('cell')).toHaveText([preset.id, String(preset.version), /\S/, String(preset.clauses.length)]);
	}
});

test('the start page links to the station, the organizer, the display, the check-in desk and pairing, each saying what it is for (en, cs, es)', async ({ page }) => {
	await page.goto('/');
	const screens = page.getByRole('navigation', { name: 'Screens' });
	const links = screens.getByRole('link');
	await expect(links).toHaveText(['Judge station', 'Organizer', 'Room display', 'Check-in desk', 'Pair a device']);
	const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
	expect(hrefs).toEqual(['/station', '/organizer', '/display', '/desk', '/pair']);
	// Each link is described by its line.
	await expect(screens.getByRole('link', { name: 'Judge station' })).toHaveAccessibleDescription(/^For judges, on a tablet at the tables/);
	await expect(screens.getByRole('link', { name: 'Room display' })).toHaveAccessibleDescription(/the heat's clock, the time left and the standings/);

	// A choice made before the page hydrated is not heard (the server-rendered picker has no handler yet): choose again until it is.
	await expect(async () => {
		await page.getByLabel(/^(Language|Jazyk)$/).selectOption('cs');
		await expect(page.getByRole('navigation', { name: 'Obrazovky' })).toBeVisible({ timeout: 1000 });
	}).toPass();
	await expect(page.getByRole('navigation', { name: 'Obrazovky' }).getByRole('link')).toHaveText([
		'Stanoviště rozhodčího',
		'Organizátor',
		'Displej pro sál',
		'Prezence',
		'Spárovat zařízení'
	]);
	await page.getByLabel('Jazyk').selectOption('es');
	await expect(page.getByRole('navigation', { name: 'Pantallas' }).getByRole('link')).toHaveText([
		'Estación del juez',
		'Organización',
		'Pantalla de sala',
		'Acreditación',
		'Emparejar un dispositivo'
	]);
	await expect(page.getByRole('link', { name: 'Organización' })).toHaveAccessibleDescription(/^Para la organización: crear el evento/);
	await page.getByLabel('Idioma').selectOption('en');

	// Each link leads to its screen.
	const arrivals: [string, string][] = [
		['Judge station', 'Judge station'],
		['Organizer', 'Organizer'],
		['Room display', 'Room display'],
		['Check-in desk', 'Check-in'],
		['Pair a device', 'Pair this tablet']
	];
	for (const [link, heading] of arrivals) {
		await page.goto('/');
		await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: link }).click();
		await expect(page.getByRole('heading', { level: 1 }), link).toHaveText(heading);
	}
});
