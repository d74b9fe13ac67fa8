import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import type { Ruleset } from '../src/lib/rules/schema';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { rememberJudge, seatCard, storedEvents } from './station-helpers';
import { addDevice, call, createEvent, expectStatus, RULESET, RUN, T0, writeSetup } from './sync-kit';

/**
 * Issue 33 #2, pieces missing from the box: at a check the judge records 3 missing, 2 of them
 * from the box. Under a ruleset with `missingFromBox: 'exempt-when-confirmed'` the organizer
 * sees the entry pending, confirms, and its time loses the 20 s of those 2 pieces; under the
 * preset ('penalty', CZ-GEN-MISSING) the 30 s stay and nothing is asked.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const MIN = 60_000;
const EXEMPT: Ruleset = { ...RULESET, id: 'box-exempt', name: 'CZJPA, box faults exempt', rulebook: 'custom', basedOn: { id: RULESET.id, version: RULESET.version }, missingFromBox: 'exempt-when-confirmed' };

/** A result time as shown (M:SS.mmm or H:MM:SS.mmm) in ms. */
function shownMs(text: string): number {
	const [secs, ms = '0'] = text.trim().split('.');
	return secs!.split(':').reduce((a, part) => a * 60 + Number(part), 0) * 1000 + Number(ms);
}

const row = (page: Page, competitionId: string, entryId: string) => page.locator(`[data-testid="org-standings"][data-competition="${competitionId}"] tr[data-entry="${entryId}"]`);

test('issue 33 #2: 3 missing, 2 from the box: pending until the organizer confirms, then 20 s less; the preset keeps the 30 s', async ({ page, browser }) => {
	test.setTimeout(60_000);
	const name = `Box ${RUN}`;
	const { eventId, token: org } = await createEvent(name);
	const exempt = `bx-${RUN}`;
	const preset = `bp-${RUN}`;
	const ana = `${exempt}-ana`;
	const bea = `${preset}-bea`;
	await writeSetup(eventId, org, {
		rulesets: [RULESET, EXEMPT],
		competitions: [
			{ id: exempt, eventId, name: 'Exempt when confirmed', ruleset: { id: EXEMPT.id, version: EXEMPT.version } },
			{ id: preset, eventId, name: 'Preset', ruleset: { id: RULESET.id, version: RULESET.version } }
		],
		heats: [
			{ id: `${exempt}-h1`, competitionId: exempt, name: 'Heat 1' },
			{ id: `${preset}-h1`, competitionId: preset, name: 'Heat 1' }
		],
		entries: [
			{ id: ana, competitionId: exempt, heatId: `${exempt}-h1`, name: 'Ana', members: [], table: '1', seat: '1' },
			{ id: bea, competitionId: preset, heatId: `${preset}-h1`, name: 'Bea', members: [], table: '1', seat: '1' }
		]
	});
	const judge = await addDevice(eventId, org, 'judge', 'Table 1');

	await test.step('the judge: 3 missing, 2 of them from the box', async () => {
		await page.goto(judge.pairUrl);
		await expect(page.getByTestId('pair-done')).toContainText('as judge');
		await rememberJudge(page, 'Eva');
		await page.goto(`/station?competition=${exempt}&heat=${exempt}-h1&table=1`);
		const card = seatCard(page, 'Ana');
		await page.getByTestId('start').click();
		await card.getByTestId('hand').click();
		// Nothing from the box is asked while nothing is missing: the quick path as before.
		await expect(card.getByTestId('missing-from-box')).toHaveCount(0);
		await card.getByRole('button', { name: 'One more', exact: true }).click();
		await card.getByRole('button', { name: 'One more', exact: true }).click();
		await card.getByRole('button', { name: 'One more', exact: true }).click();
		await card.getByRole('button', { name: 'One more missing from the box' }).click();
		await card.getByRole('button', { name: 'One more missing from the box' }).click();
		await expect(card.getByTestId('missing')).toHaveValue('3');
		await expect(card.getByTestId('missing-from-box')).toHaveValue('2');
		await expect(card.getByTestId('box-exempt-hint')).toBeVisible();
		await card.getByTestId('confirm').click();
		await expect(card.getByTestId('agree')).toBeVisible();
		const check = (await storedEvents(page)).find((e) => e.type === 'check.confirmed')!;
		expect(check.payload).toMatchObject({ missingPieces: 3, missingFromBox: 2 });
		// On the server before the organizer looks (the tablet pushes them too: the same IDs count once).
		const mine = expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judge.token, json: { events: await storedEvents(page) } }), 200, 'push');
		expect(mine.body).toMatchObject({ refused: [], conflicts: [] });
	});

	// The preset's entry, recorded the same way by another tablet.
	const tab = new DeviceLog({ deviceId: `${preset}-tab`, judge: 'Jan', competitionId: preset, heatId: `${preset}-h1` });
	tab.start(T0, [bea]);
	const hand = tab.hand(bea, T0 + 40 * MIN);
	tab.record('check.confirmed', T0 + 40 * MIN + 30_000, bea, { ref: hand.id, missingPieces: 3, missingFromBox: 2 });
	const other = await addDevice(eventId, org, 'judge', 'Table 2');
	const pushed = expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: other.token, json: { events: tab.events } }), 200, 'push preset');
	expect(pushed.body).toMatchObject({ refused: [], conflicts: [] });

	const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
	const organizer = await context.newPage();
	await signInOrganizer(organizer, org, eventId, name);
	await openOrganizer(organizer, 'review');

	await test.step('the organizer: pending, then confirmed: 20 s less', async () => {
		const r = row(organizer, exempt, ana);
		await expect(r.getByTestId('box-pending')).toContainText('Missing from the box: pending');
		const before = shownMs(await r.getByTestId('final-time').innerText());
		await r.getByRole('button', { name: 'Audit trail of Ana' }).click();
		const dialog = organizer.getByRole('dialog', { name: 'Ana: audit trail' });
		const fault = dialog.getByTestId('box-fault');
		await expect(fault.getByTestId('box-fault-counts')).toHaveText('3 missing at the check, 2 of them from the box');
		await expect(fault).toHaveAttribute('data-decision', 'undecided');
		await fault.getByTestId('box-fault-confirm').click();
		await expect(fault).toHaveAttribute('data-decision', 'confirmed');
		await expect(dialog.getByTestId('entry-trail')).toContainText('confirmed: never in the box');
		await organizer.keyboard.press('Escape');
		await expect(r.getByTestId('box-pending')).toHaveCount(0);
		await expect.poll(async () => shownMs(await r.getByTestId('final-time').innerText())).toBe(before - 20_000);
	});

	await test.step('the preset: the 30 s stay, nothing pending, nothing to decide', async () => {
		const r = row(organizer, preset, bea);
		await expect(r.getByTestId('final-time')).toHaveText('40:30.000');
		await expect(r.getByTestId('box-pending')).toHaveCount(0);
		await r.getByRole('button', { name: 'Audit trail of Bea' }).click();
		const dialog = organizer.getByRole('dialog', { name: 'Bea: audit trail' });
		await expect(dialog.getByTestId('box-fault-counts')).toHaveText('3 missing at the check, 2 of them from the box');
		await expect(dialog.getByTestId('box-faults')).toContainText('The ruleset penalises them like any missing piece.');
		await expect(dialog.getByTestId('box-fault-confirm')).toHaveCount(0);
	});
	await context.close();
});
