import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { expectNoAxeViolations } from './a11y';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { addDevice, call, createEvent, expectStatus, RUN, T0, writeSetup } from './sync-kit';

/**
 * Rounds from the organizer's screen: a qualifying competition of two heats, the best 2 of each
 * heat with at most 2 per country go to a final created in the same action; the standings and
 * the CSV say who advances, and one action puts them into the final, twice without duplicates.
 * Its own event, so the demo event's state does not matter to other specs.
 */

const MIN = 60_000;
const ruleset = presetById('czjpa-individual')!;

interface Setup {
	entries: { id: string; competitionId: string; heatId: string; name: string }[];
	competitions: { id: string; name: string; advancesTo?: unknown }[];
	heats: { id: string; competitionId: string }[];
}

test('qualifying round: top 2 per heat with a country quota advance, marked in standings and CSV; the final gets their entries once', async ({ page }) => {
	const { eventId, token: org } = await createEvent(`Rounds ${RUN}`);
	const c = `rq-${RUN}`;
	const e = (n: string) => `${c}-${n}`;
	// Minutes to finish: Dana 29, Ana 30, Bob 31, Cyril 33 | Eva 35, Filip 36.
	const people = [
		{ n: 'ana', name: 'Ana', heat: 'h1', country: 'CZ', minutes: 30 },
		{ n: 'bob', name: 'Bob', heat: 'h1', country: 'CZ', minutes: 31 },
		{ n: 'cyril', name: 'Cyril', heat: 'h1', country: 'SK', minutes: 33 },
		{ n: 'dana', name: 'Dana', heat: 'h2', country: 'SK', minutes: 29 },
		{ n: 'eva', name: 'Eva', heat: 'h2', country: 'CZ', minutes: 35 },
		{ n: 'filip', name: 'Filip', heat: 'h2', country: 'SK', minutes: 36 }
	];
	await writeSetup(eventId, org, {
		rulesets: [ruleset],
		competitions: [{ id: c, eventId, name: 'Qualifying', ruleset: { id: ruleset.id, version: ruleset.version } }],
		heats: [
			{ id: `${c}-h1`, competitionId: c, name: 'Morning' },
			{ id: `${c}-h2`, competitionId: c, name: 'Afternoon' }
		],
		entries: people.map((p) => ({ id: e(p.n), competitionId: c, heatId: `${c}-${p.heat}`, name: p.name, members: [{ id: `m-${p.n}`, name: p.name, country: p.country }] }))
	});
	const judge = await addDevice(eventId, org, 'judge', 'Table 1');
	for (const heat of ['h1', 'h2']) {
		// One tablet for both heats (a judge's token pushes its own tablet's events only): its numbers go on.
		const log = new DeviceLog({ deviceId: `${c}-tab`, judge: 'Eva', competitionId: c, heatId: `${c}-${heat}`, firstSeq: heat === 'h1' ? 1 : 100 });
		const inHeat = people.filter((p) => p.heat === heat);
		log.start(T0, inHeat.map((p) => e(p.n)));
		for (const p of inHeat) log.finish(e(p.n), T0 + p.minutes * MIN);
		expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judge.token, json: { events: log.events } }), 200, `push ${heat}`);
	}

	await signInOrganizer(page, org, eventId, `Rounds ${RUN}`);
	await openOrganizer(page, 'review');
	const table = page.locator(`[data-testid="org-standings"][data-competition="${c}"]`);
	await expect(table.locator(`tr[data-entry="${e('dana')}"]`).getByTestId('place')).toHaveText('1');
	await expect(table.getByRole('columnheader', { name: 'Advances' })).toHaveCount(0);

	// The rule: a new final, the best 2 of each heat, at most 2 per country.
	const rounds = page.getByTestId('advancement').and(page.locator(`[data-competition="${c}"]`));
	await rounds.locator('summary').click();
	await rounds.getByLabel('Final', { exact: true }).selectOption({ label: 'Create a final competition' });
	await rounds.getByLabel('Who advances').selectOption({ label: 'The best of each heat' });
	await rounds.getByLabel('How many').fill('2');
	await rounds.getByLabel('At most per country (optional)').fill('2');
	await rounds.getByRole('button', { name: 'Save the rule' }).click();
	await expect(rounds.getByRole('status')).toHaveText('Rule saved.');

	// Morning: Ana and Bob; afternoon: Dana, then Eva is the third Czech, so Filip takes her place.
	const cut = rounds.getByTestId('advancement-cut');
	await expect(cut).toContainText('Morning – advancing: 2.');
	await expect(cut).toContainText('Afternoon – advancing: 2.');
	await expect(cut).toContainText('Skipped by the country quota: Eva.');
	await expect(table.getByRole('columnheader', { name: 'Advances' })).toBeVisible();
	const advances = (n: string) => table.locator(`tr[data-entry="${e(n)}"]`).getByTestId('advances');
	const expected: Record<string, boolean> = { ana: true, bob: true, cyril: false, dana: true, eva: false, filip: true };
	for (const [n, yes] of Object.entries(expected)) await expect(advances(n)).toHaveAttribute('data-advances', String(yes));
	await expect(advances('ana')).toHaveText('✓advances');
	await expect(advances('cyril')).toHaveText('below the cut');
	await expect(advances('eva')).toHaveText('country quota');
	await expect(advances('eva')).toHaveAttribute('title', /country quota/);

	// The competition's CSV has the same Advances column.
	const csvDownload = page.waitForEvent('download');
	await page.locator('details').filter({ has: table }).getByTestId('results-csv').click();
	const csvText = readFileSync((await (await csvDownload).path())!, 'utf8');
	const parsed = Papa.parse<Record<string, string>>(csvText.slice(1), { header: true, skipEmptyLines: true });
	expect(parsed.errors).toEqual([]);
	expect(Object.fromEntries(parsed.data.map((r) => [r['Entry ID'], r['Advances']]))).toEqual(
		Object.fromEntries(Object.entries(expected).map(([n, yes]) => [e(n), String(yes)]))
	);

	// One action puts them into the final's heat; a second run changes nothing.
	const setupNow = async () => expectStatus(await call('GET', `/api/events/${eventId}/setup`, { token: org }), 200, 'setup').body as Setup;
	const finalId = `${c}-final`;
	// The rule is kept with the set-up on the server, so every organizer device applies the same one.
	const competitions = (await setupNow()).competitions;
	expect(competitions.map((x) => [x.id, x.name])).toContainEqual([finalId, 'Qualifying – final']);
	expect(competitions.find((x) => x.id === c)?.advancesTo).toEqual({ competitionId: finalId, rule: { mode: 'per-heat', count: 2, countryQuota: 2 } });
	const create = rounds.getByRole('button', { name: "Create the final's entries" });
	for (let run = 0; run < 2; run++) {
		await create.click();
		await expect(rounds.getByRole('status')).toHaveText('4 entries are in the final (Qualifying – final).');
		const setup = await setupNow();
		const inFinal = setup.entries.filter((x) => x.competitionId === finalId);
		expect(inFinal.map((x) => x.name).sort()).toEqual(['Ana', 'Bob', 'Dana', 'Filip']);
		expect(inFinal.map((x) => x.id).sort()).toEqual(['ana', 'bob', 'dana', 'filip'].map((n) => `${finalId}.${e(n)}`));
		expect(new Set(inFinal.map((x) => x.heatId))).toEqual(new Set([`${finalId}-h1`]));
		expect(setup.heats.filter((h) => h.competitionId === finalId)).toHaveLength(1);
	}
	await expect(page.locator(`[data-testid="org-standings"][data-competition="${finalId}"] tbody tr`)).toHaveCount(4);

	await expectNoAxeViolations(page);
});
