import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { presetById } from '../src/lib/rules/presets';
import type { JudgeEvent } from '../src/lib/events/schema';
import type { EventFile } from '../src/lib/files/event-file';
import type { StandingsJson } from '../src/lib/files/format';
import { rememberJudge } from './station-helpers';
import { openOrganizer } from './organizer-kit';

/**
 * The whole sync story in real browsers against the production server: two tablets and the
 * organizer's device, each its own browser context (its own IndexedDB), paired by their QR
 * links. The organizer starts the heat on both tablets at once; the tablets then lose the
 * network, judge their tables offline, and reconnect; the organizer's merged standings equal
 * what the command-line tool computes from the server's events.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.setTimeout(180_000);

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const auth = (t: string) => ({ authorization: `Bearer ${t}`, accept: 'application/json' });

async function pullAll(request: APIRequestContext, eventId: string, key: string): Promise<JudgeEvent[]> {
	const events: JudgeEvent[] = [];
	for (let after = 0; ; ) {
		const page = (await (await request.get(`/api/events/${eventId}/judge-events?after=${after}&limit=5000`, { headers: auth(key) })).json()) as {
			events: JudgeEvent[];
			cursor: number;
			more: boolean;
		};
		events.push(...page.events);
		if (!page.more) return events;
		after = page.cursor;
	}
}

/** A fresh browser context (a device of its own) paired by opening its QR link. */
async function pairedDevice(browser: Browser, pairUrl: string, expected: RegExp): Promise<Page> {
	const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
	const page = await context.newPage();
	page.on('dialog', (d) => void d.accept());
	await page.goto(pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText(expected);
	return page;
}

const seat = (page: Page, name: string) => page.getByTestId('seat').filter({ has: page.getByRole('heading', { name }) });

test('two tablets and the organizer: a start for every station, heats judged offline, reconnect, merged standings equal the CLI', async ({ browser, request }) => {
	// The organizer's event on the server: one competition, one heat at tables 1 and 2.
	const created = (await (await request.post('/api/events', { data: { event: { name: `Two tables cup ${RUN}`, date: '2026-05-16' } } })).json()) as {
		eventId: string;
		token: string;
	};
	const { eventId, token: key } = created;
	const ruleset = presetById('czjpa-individual')!;
	const competitionId = `${eventId}-solo`;
	const heatId = `${competitionId}-h1`;
	const people = [
		['Ana', '1'],
		['Bohdan', '1'],
		['Cecilie', '2'],
		['David', '2']
	] as const;
	const setup = await request.post(`/api/events/${eventId}/setup`, {
		headers: auth(key),
		data: {
			rulesets: [ruleset],
			competitions: [{ id: competitionId, eventId, name: 'Individuals', ruleset: { id: ruleset.id, version: ruleset.version } }],
			heats: [{ id: heatId, competitionId, name: 'Heat 1' }],
			entries: people.map(([name, table], i) => ({ id: `${competitionId}-e${i + 1}`, competitionId, heatId, name, members: [], table, seat: String(i + 1) }))
		}
	});
	expect(setup.status()).toBe(200);
	const device = async (role: string, label: string) =>
		((await (await request.post(`/api/events/${eventId}/devices`, { headers: auth(key), data: { role, label } })).json()) as { pairUrl: string }).pairUrl;

	const table1 = await pairedDevice(browser, await device('judge', 'Table 1'), /as judge “Table 1”/);
	const table2 = await pairedDevice(browser, await device('judge', 'Table 2'), /as judge “Table 2”/);
	const organizer = await pairedDevice(browser, await device('organizer', 'Desk'), /as organizer “Desk”/);

	// Each tablet opens its table of the heat (the set-up came with the pairing) and waits.
	for (const [tablet, table] of [
		[table1, '1'],
		[table2, '2']
	] as const) {
		await rememberJudge(tablet, `Judge at table ${table}`);
		await tablet.goto(`/station?competition=${competitionId}&heat=${heatId}&table=${table}`);
		await expect(tablet.getByTestId('seat')).toHaveCount(2);
		await expect(tablet.getByTestId('start')).toBeVisible();
	}

	// The organizer starts the heat on every tablet at once.
	await organizer.goto('/organizer/live');
	await expect(organizer.getByRole('heading', { level: 1 })).toContainText(`Two tables cup ${RUN}`);
	const row = organizer.getByTestId('heat-start-row').filter({ hasText: 'Individuals · Heat 1' });
	await row.getByTestId('heat-start').click();
	await expect(row.getByTestId('heat-started')).toContainText('Started at');
	for (const [tablet, names] of [
		[table1, ['Ana', 'Bohdan']],
		[table2, ['Cecilie', 'David']]
	] as const)
		for (const name of names) await expect(seat(tablet, name).getByTestId('status')).toHaveText('Running', { timeout: 15_000 });

	// The network goes; the judges go on.
	await table1.context().setOffline(true);
	await table2.context().setOffline(true);
	const finish = async (tablet: Page, name: string, missing = 0) => {
		const s = seat(tablet, name);
		await s.getByTestId('hand').click();
		await expect(s.getByTestId('status')).toHaveText('Finished');
		if (missing) await s.getByTestId('missing').fill(String(missing));
		await s.getByTestId('confirm').click();
		await expect(s.getByTestId('result')).toBeVisible();
	};
	await finish(table2, 'David');
	await table1.waitForTimeout(300);
	await finish(table1, 'Bohdan', 1);
	await table1.waitForTimeout(300);
	await finish(table1, 'Ana');
	await table2.waitForTimeout(300);
	await finish(table2, 'Cecilie', 2);
	for (const tablet of [table1, table2]) await expect(tablet.getByRole('status', { name: 'Sync' })).toContainText(/Offline · \d+ waiting/, { timeout: 30_000 });
	// Nothing of it has reached the server.
	expect((await pullAll(request, eventId, key)).filter((e) => e.type === 'hand.raised')).toEqual([]);

	// Back online: each tablet empties its outbox by itself.
	await table1.context().setOffline(false);
	await table2.context().setOffline(false);
	for (const tablet of [table1, table2]) await expect(tablet.getByRole('status', { name: 'Sync' })).toHaveText(/^Online(?! · \d+ waiting)/, { timeout: 60_000 });
	const onServer = await pullAll(request, eventId, key);
	expect(onServer.filter((e) => e.type === 'hand.raised')).toHaveLength(4);
	expect(onServer.filter((e) => e.type === 'heat.start')).toHaveLength(2); // one per tablet, each on its own clock

	// The organizer's merged standings…
	await organizer.getByTestId('sync-now').click();
	await openOrganizer(organizer, 'review');
	const table = organizer.locator(`[data-testid="org-standings"][data-competition="${competitionId}"]`);
	await expect(table.getByTestId('place')).toHaveText(['1', '2', '3', '4'], { timeout: 30_000 });
	const download = organizer.waitForEvent('download');
	await organizer.getByTestId('download-json').click();
	const shown = (JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as StandingsJson[]).find((s) => s.competition.id === competitionId)!;

	// … equal the command-line tool's, run on the server's set-up and events as one event file.
	const server = await (await request.get(`/api/events/${eventId}/setup`, { headers: auth(key) })).json();
	const file: EventFile = {
		format: 'puzzle-judge-events',
		version: 1,
		exportedAt: Date.now(),
		setup: { events: [server.event], rulesets: server.rulesets, competitions: server.competitions, heats: server.heats, entries: server.entries },
		log: onServer
	};
	mkdirSync(resolve('tests/.tmp'), { recursive: true });
	const path = resolve(`tests/.tmp/two-tablets-${RUN}.json`);
	writeFileSync(path, JSON.stringify(file));
	const cli = (JSON.parse(execFileSync('npx', ['tsx', 'scripts/standings.ts', '--format', 'json', path], { encoding: 'utf8' })) as StandingsJson[]).find(
		(s) => s.competition.id === competitionId
	)!;
	expect({ ...shown, at: 0 }).toEqual({ ...cli, at: 0 });
	// Every seat finished; the penalties of the missing pieces are in (CZ-GEN-MISSING: 10 s a piece).
	expect(cli.rows.map((r) => r.status)).toEqual(['finished', 'finished', 'finished', 'finished']);
	const cliRow = (name: string) => cli.rows.find((r) => r.name === name)!;
	expect(cliRow('Bohdan').finalTimeMs! - cliRow('Bohdan').elapsedMs!).toBe(10_000);
	expect(cliRow('Cecilie').finalTimeMs! - cliRow('Cecilie').elapsedMs!).toBe(20_000);
	expect(cliRow('Ana').finalTimeMs).toBe(cliRow('Ana').elapsedMs);
	expect(cli.conflicts).toEqual([]);
});
