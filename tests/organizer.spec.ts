import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { demoToken } from './sync-kit';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import type { JudgeEvent } from '../src/lib/events/schema';
import { standingsOfFiles } from '../src/lib/files/merge';
import { cliStandingsJson, type CliStandingsJson } from '../src/lib/files/format';
import type { EventFile } from '../src/lib/files/event-file';

/**
 * The organizer's screen (/organizer) against the production server (tests/e2e-servers.ts:
 * fresh data directory, demo event "demo", no ADMIN_KEY). Judge events are pushed with the
 * `request` fixture as a tablet would; the organizer's device pulls them into its IndexedDB.
 */

const COMPETITION = 'demo-es-adult-individual';
const HEAT = `${COMPETITION}-h1`;
const entry = (n: number) => `${COMPETITION}-e${n}`;
const T0 = Date.UTC(2026, 4, 16, 9);
const MIN = 60_000;

const auth = (t: string) => ({ authorization: `Bearer ${t}`, accept: 'application/json' });

async function pullAll(request: APIRequestContext, t: string): Promise<JudgeEvent[]> {
	const events: JudgeEvent[] = [];
	let after = 0;
	for (;;) {
		const res = await request.get(`/api/events/demo/judge-events?after=${after}&limit=5000`, { headers: auth(t) });
		expect(res.status()).toBe(200);
		const page = (await res.json()) as { events: JudgeEvent[]; cursor: number; more: boolean };
		events.push(...page.events);
		if (!page.more) return events;
		after = page.cursor;
	}
}

const signIn = signInOrganizer;

test('create an event in the UI: the organizer key is shown once, and it is the event’s organizer key', async ({ page, request }) => {
	await page.goto('/organizer');
	await expect(page.getByRole('heading', { name: 'Create an event' })).toBeVisible();
	await expect(page.getByLabel('Server address').first()).toHaveValue(new URL(page.url()).origin);
	await page.getByLabel('Event name').fill('Spring puzzle cup');
	await page.getByLabel('Date', { exact: true }).fill('2026-06-20');
	await page.getByLabel('Venue (optional)').fill('Brno');
	await page.getByRole('button', { name: 'Create the event' }).click();

	const key = page.getByTestId('organizer-key');
	await expect(key).toBeVisible();
	await expect(page.getByText('it is shown only once')).toBeVisible();
	const text = (await key.textContent())!.trim();
	const eventId = (await page.getByTestId('event-id').textContent())!.trim();
	const who = await request.get('/api/device', { headers: auth(text) });
	expect(await who.json()).toEqual({ device: expect.objectContaining({ eventId, role: 'organizer' }) });

	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Download as a text file' }).click();
	const file = await download;
	expect(readFileSync((await file.path())!, 'utf8')).toContain(`Organizer key: ${text}`);

	await page.getByRole('button', { name: 'I have kept it' }).click();
	await expect(key).toHaveCount(0);
	// Shown once: a reload signs in with the stored pairing, without showing the key again.
	await page.reload();
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Spring puzzle cup');
	await expect(page.getByTestId('organizer-key')).toHaveCount(0);
});

test('a wrong key is refused with a reason; a judge’s key is not an organizer key', async ({ page }) => {
	const judge = await demoToken('judge', 'Not an organizer');
	await page.goto('/organizer');
	const form = page.locator('form').filter({ has: page.getByLabel('Organizer key') });
	await form.getByLabel('Event ID').fill('demo');
	await form.getByLabel('Organizer key').fill(judge);
	await form.getByRole('button', { name: 'Sign in' }).click();
	await expect(form.getByRole('alert')).toContainText('not an organizer key');
	await form.getByLabel('Organizer key').fill('x'.repeat(43));
	await form.getByRole('button', { name: 'Sign in' }).click();
	await expect(form.getByRole('alert')).toContainText('The key was not accepted');
});

test('sign in with an organizer key; add a judge tablet (QR, code, list) and revoke it', async ({ page, request }) => {
	const key = await demoToken('organizer', 'X');
	await signIn(page, key);
	await openOrganizer(page, 'devices');

	const label = `Table ${Date.now()}`;
	await page.getByLabel('Role', { exact: true }).selectOption('judge');
	await page.getByLabel('Name', { exact: true }).fill(label);
	await page.getByRole('button', { name: 'Add the device' }).click();
	const added = page.getByTestId('added-device');
	await expect(added.getByTestId('pair-qr').locator('svg')).toBeVisible();
	const code = (await added.getByTestId('pair-code').textContent())!.trim();
	expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
	await expect(added.getByTestId('code-expiry')).toContainText(/expires in 1[45]:\d\d/);
	await expect(added.getByTestId('pair-link')).toHaveAttribute('href', /\/pair#server=.*&event=demo&token=/);

	const row = page.getByTestId('device-row').filter({ hasText: label });
	await expect(row).toContainText('Judge tablet');
	// The code works for the tablet (one use): it gets a token of that device.
	const paired = await request.post('/api/pair', { data: { code } });
	expect(paired.status()).toBe(200);
	const tabletToken = ((await paired.json()) as { token: string }).token;

	await row.getByRole('button', { name: `Revoke ${label}` }).click();
	await row.getByRole('button', { name: 'Yes, revoke' }).click();
	await expect(row).toContainText('Revoked');
	await expect(page.getByRole('status').filter({ hasText: `${label} is revoked` })).toBeVisible();
	expect((await request.get('/api/device', { headers: auth(tabletToken) })).status()).toBe(401);
});

test('the devices screen adds a check-in desk: its code pairs a device as a desk (issue 14)', async ({ page, request }) => {
	await signIn(page, await demoToken('organizer', 'X'));
	await openOrganizer(page, 'devices');
	const label = `Door ${Date.now()}`;
	await page.getByLabel('Role', { exact: true }).selectOption('desk');
	await page.getByLabel('Name', { exact: true }).fill(label);
	await page.getByRole('button', { name: 'Add the device' }).click();
	const code = (await page.getByTestId('added-device').getByTestId('pair-code').textContent())!.trim();
	await expect(page.getByTestId('device-row').filter({ hasText: label })).toContainText('Check-in desk');
	const paired = await request.post('/api/pair', { data: { code } });
	expect(paired.status()).toBe(200);
	expect(((await paired.json()) as { device: { role: string } }).device.role).toBe('desk');
});

test('merged standings equal merge.ts for the same events; a two-device conflict is resolved with a correction that reaches the server', async ({ page, request }) => {
	const judge = await demoToken('judge', 'Table A');
	const judge2 = await demoToken('judge', 'Table B');
	const key = await demoToken('organizer', 'Desk');
	const stamp = Date.now();
	const a = new DeviceLog({ deviceId: `tab-a-${stamp}`, judge: 'Eva', competitionId: COMPETITION, heatId: HEAT });
	const b = new DeviceLog({ deviceId: `tab-b-${stamp}`, judge: 'Pablo', competitionId: COMPETITION, heatId: HEAT });
	a.start(T0, [entry(1), entry(2), entry(3)]);
	a.confirm(a.hand(entry(1), T0 + 30 * MIN), T0 + 31 * MIN, 0);
	a.confirm(a.hand(entry(2), T0 + 25 * MIN), T0 + 26 * MIN, 0);
	const handA = a.hand(entry(3), T0 + 40 * MIN);
	const handB = b.hand(entry(3), T0 + 42 * MIN);
	for (const [t, log] of [
		[judge, a],
		[judge2, b]
	] as const) {
		const res = await request.post('/api/events/demo/judge-events', { headers: auth(t), data: { events: log.events } });
		expect((await res.json()).stored).toHaveLength(log.events.length);
	}

	await signIn(page, key);
	await openOrganizer(page, 'review');
	const table = page.locator(`[data-testid="org-standings"][data-competition="${COMPETITION}"]`);
	const rowOf = (n: number) => table.locator(`tr[data-entry="${entry(n)}"]`);
	await expect(rowOf(2).getByTestId('final-time')).toHaveText('25:00');
	await expect(rowOf(2).getByTestId('place')).toHaveText('1');
	await expect(rowOf(2).getByTestId('ppm')).toHaveText('8'); // all 200 pieces in 25:00
	await expect(rowOf(1).getByTestId('place')).toHaveText('2');
	await expect(rowOf(3).getByTestId('final-time')).toHaveText('40:00'); // the earliest finish counts meanwhile

	// The same events through the CLI's code path (merge.ts), from what the server holds.
	const setup = await (await request.get('/api/events/demo/setup', { headers: auth(key) })).json();
	const all = await pullAll(request, key);
	const file: EventFile = {
		format: 'puzzle-judge-events',
		version: 1,
		exportedAt: Date.now(),
		setup: { events: [setup.event], rulesets: setup.rulesets, competitions: setup.competitions, heats: setup.heats, entries: setup.entries },
		log: all
	};
	const cli = standingsOfFiles([{ fileName: 'server.json', file }], Date.now());
	expect(cli.ok).toBe(true);
	const expected = cliStandingsJson(cli.ok ? cli.value : []).find((s) => s.competition.id === COMPETITION)!;
	await page.getByTestId('sync-now').click();
	const download = page.waitForEvent('download');
	await page.getByTestId('download-json').click();
	const shown = (JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as CliStandingsJson[]).find((s) => s.competition.id === COMPETITION)!;
	expect({ ...shown, at: 0 }).toEqual({ ...expected, at: 0 });
	expect(expected.conflicts.map((c) => c.kind)).toEqual(['double-finish']);
	await expect(page.getByTestId('merged-summary')).toContainText(/Merged: \d+ judge events from \d+ devices/);

	// The conflict, side by side in the judges' words (each tablet by its label, no event ID), then resolved: tablet B's finish stands.
	const conflict = page.getByTestId('conflict').filter({ has: page.getByRole('article', { name: 'Table B' }).filter({ hasText: 'finished 42:00' }) });
	await expect(conflict).toHaveAttribute('data-kind', 'double-finish');
	await expect(conflict.getByRole('article', { name: 'Table A' }).getByTestId('says')).toHaveText('finished 40:00, not checked');
	await expect(conflict.getByRole('article', { name: 'Table A' })).toContainText('Eva');
	await expect(conflict.getByRole('article', { name: 'Table B' })).toContainText('Pablo');
	for (const id of [handA.id, handB.id, a.opts.deviceId, b.opts.deviceId]) await expect(conflict).not.toContainText(id);
	await conflict.getByRole('button', { name: 'Resolve' }).click();
	await conflict.getByLabel('Keep Table B’s finish (42:00), void Table A’s finish (40:00)').check();
	// No reason, no correction: the form does not go.
	await conflict.getByRole('button', { name: 'Record the correction' }).click();
	await expect(conflict.getByLabel('Reason (required)')).toHaveJSProperty('validity.valueMissing', true);
	await expect(conflict).toHaveCount(1);
	await conflict.getByLabel('Reason (required)').fill('Table A tapped the wrong seat (video)');
	await conflict.getByRole('button', { name: 'Record the correction' }).click();
	await expect(page.getByTestId('conflict').filter({ hasText: 'finished 42:00' })).toHaveCount(0);
	await expect(rowOf(3).getByTestId('final-time')).toHaveText('42:00');

	// The correction went through the outbox to the server.
	await expect
		.poll(async () => (await pullAll(request, judge)).filter((e) => e.type === 'correction' && e.payload.supersedes === handA.id).map((e) => e.type === 'correction' && e.payload.reason), { timeout: 15_000 })
		.toEqual(['Table A tapped the wrong seat (video)']);

	// The competition's results for a spreadsheet: UTF-8 with a BOM, one row per entry, every time part in its own column.
	const csvDownload = page.waitForEvent('download');
	await page.locator('details').filter({ has: table }).getByTestId('results-csv').click();
	const csvFile = await csvDownload;
	expect(csvFile.suggestedFilename()).toMatch(new RegExp(`^results-${COMPETITION}-.*\\.csv$`));
	const csvText = readFileSync((await csvFile.path())!, 'utf8');
	expect(csvText.charCodeAt(0)).toBe(0xfeff);
	const parsed = Papa.parse<Record<string, string>>(csvText.slice(1), { header: true, skipEmptyLines: true });
	expect(parsed.errors).toEqual([]);
	const names = new Map((setup.entries as { id: string; name: string }[]).map((e) => [e.id, e.name]));
	const csvRow = (n: number) => parsed.data.find((r) => r['Entry ID'] === entry(n))!;
	expect(parsed.data).toHaveLength((setup.entries as { competitionId: string }[]).filter((e) => e.competitionId === COMPETITION).length);
	expect(csvRow(2)).toMatchObject({ Place: '1', Entry: names.get(entry(2)), 'Final time': '25:00', 'Final time (ms)': String(25 * MIN), 'Total penalty (ms)': '0' });
	expect(csvRow(1)).toMatchObject({ Place: '2', 'Final time': '30:00' });
	expect(csvRow(3)).toMatchObject({ Place: '3', 'Final time': '42:00', 'Elapsed (ms)': String(42 * MIN) });
});

test('tablet files: imported with counts and per-file errors, then pushed to the server', async ({ page, request }) => {
	const key = await demoToken('organizer', 'Files desk');
	const setup = await (await request.get('/api/events/demo/setup', { headers: auth(key) })).json();
	const C = 'demo-es-kids-group';
	const competition = setup.competitions.find((c: { id: string }) => c.id === C);
	const log = new DeviceLog({ deviceId: `tab-file-${Date.now()}`, judge: 'Lola', competitionId: C, heatId: `${C}-h1` });
	log.start(T0, [`${C}-e1`]);
	log.hand(`${C}-e1`, T0 + 20 * MIN);
	const file: EventFile = {
		format: 'puzzle-judge-events',
		version: 1,
		exportedAt: T0 + 30 * MIN,
		deviceId: log.opts.deviceId,
		setup: {
			events: [setup.event],
			rulesets: setup.rulesets.filter((r: { id: string; version: number }) => r.id === competition.ruleset.id && r.version === competition.ruleset.version),
			competitions: [competition],
			heats: setup.heats.filter((h: { competitionId: string }) => h.competitionId === C),
			entries: setup.entries.filter((e: { competitionId: string }) => e.competitionId === C)
		},
		log: log.events
	};
	await signIn(page, key);
	await openOrganizer(page, 'setup');
	const input = page.getByTestId('import-files');
	const json = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
	await input.setInputFiles([json('tablet.json', JSON.stringify(file)), json('broken.json', '{"format": "puzzle-judge-events", ')]);
	// What the import will do, before it does it: the event's own competition stays as it is.
	const preview = page.getByTestId('import-preview');
	await expect(preview).toContainText('tablet.json: Judge events: new: 2, already held: 0');
	await expect(preview).toContainText('Left as it is (already on this device): competitions: 1, heats: 1');
	await page.getByTestId('import-accept').click();
	const results = page.getByTestId('import-results');
	await expect(results).toContainText('tablet.json: new events: 2, already held: 0');
	await expect(results).toContainText('broken.json: not imported, problems: 1');
	await expect(results).toContainText('not valid JSON');
	// The same file again: nothing new.
	await input.setInputFiles([json('tablet-again.json', JSON.stringify(file))]);
	await expect(preview).toContainText('Nothing new: everything in this file is already on this device.');
	await page.getByTestId('import-accept').click();
	await expect(results).toContainText('tablet-again.json: new events: 0, already held: 2');
	// Through the outbox to the server.
	await expect
		.poll(async () => (await pullAll(request, key)).filter((e) => e.deviceId === log.opts.deviceId).map((e) => e.id).sort(), { timeout: 15_000 })
		.toEqual(log.events.map((e) => e.id).sort());
	await openOrganizer(page, 'review');
	await expect(page.locator(`[data-testid="org-standings"][data-competition="${C}"] tr[data-entry="${C}-e1"] [data-testid="final-time"]`)).toHaveText('20:00');
});

test('the organizer’s screens are routes under /organizer; a link to a section of the one-page screen of before leads to its route', async ({ page }) => {
	await signIn(page, await demoToken('organizer', 'Routes desk'));
	await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveText(['Event & competitions', 'Registration', 'Draws & seating', 'Tablets’ files & backup', 'Live view', 'Review and publish', 'Devices']);
	for (const [anchor, route] of [
		['devices', 'devices'],
		['conflicts', 'review'],
		['files', 'setup']
	] as const) {
		await page.goto(`/organizer#${anchor}`);
		await expect(page).toHaveURL(new RegExp(`/organizer/${route}#${anchor}$`));
		await expect(page.locator(`#${anchor}`)).toBeVisible();
	}
	// The route's own sections, linked from the header.
	await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Merge' })).toHaveAttribute('href', '#merge');
});
