import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { expectNoAxeViolations } from './a11y';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { addDevice, call, createEvent, expectStatus, RUN, T0, writeSetup } from './sync-kit';

/**
 * Issue 11, points 4 and 5 on the organizer's screen: a second tablet on one seat is a conflict
 * said in the judges' words (tablets by their labels, times as the ruleset records them, no
 * internal ID), the double-check names tablets and tells two competitions' "Heat 1" apart; and
 * publishing or making results final first shows what will be public and what is unresolved.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const MIN = 60_000;
const ruleset = presetById('czjpa-individual')!;

/**
 * An event of its own: "Solo" (Ana, Bo, Cid) and "Kids" (Kim), each with a heat named "Heat 1".
 * Table A locks Ana at 8:31.103; Table B, on the same seat, records 8:44.966 before the lock
 * reached it: a double finish. Bo's finish is not checked, Cid never started, a spare tablet never synced.
 */
async function secondTabletOnOneSeat(page: Page) {
	const tag = `${RUN}-${Math.random().toString(36).slice(2, 6)}`;
	const name = `Plain words ${tag}`;
	const { eventId, token: org } = await createEvent(name);
	const solo = `pw-${eventId}-solo`;
	const kids = `pw-${eventId}-kids`;
	const e = (n: string) => `${solo}-${n}`;
	await writeSetup(eventId, org, {
		rulesets: [ruleset],
		competitions: [
			{ id: solo, eventId, name: 'Solo', ruleset: { id: ruleset.id, version: ruleset.version } },
			{ id: kids, eventId, name: 'Kids', ruleset: { id: ruleset.id, version: ruleset.version } }
		],
		heats: [
			{ id: `${solo}-h1`, competitionId: solo, name: 'Heat 1' },
			{ id: `${kids}-h1`, competitionId: kids, name: 'Heat 1' }
		],
		entries: [
			{ id: e('ana'), competitionId: solo, heatId: `${solo}-h1`, name: 'Ana', members: [], table: '1', seat: '1' },
			{ id: e('bo'), competitionId: solo, heatId: `${solo}-h1`, name: 'Bo', members: [], table: '2', seat: '1' },
			{ id: e('cid'), competitionId: solo, heatId: `${solo}-h1`, name: 'Cid', members: [], table: '3', seat: '1' },
			{ id: `${kids}-kim`, competitionId: kids, heatId: `${kids}-h1`, name: 'Kim', members: [], table: '1', seat: '1' }
		]
	});
	const tableA = await addDevice(eventId, org, 'judge', 'Table A');
	const tableB = await addDevice(eventId, org, 'judge', 'Table B');
	await addDevice(eventId, org, 'judge', 'Spare tablet');

	const a = new DeviceLog({ deviceId: `tab-572d054c-${tag}`, judge: 'Eva', competitionId: solo, heatId: `${solo}-h1` });
	a.start(T0, [e('ana'), e('bo')]);
	const handA = a.hand(e('ana'), T0 + 8 * MIN + 31_103);
	a.confirm(handA, T0 + 9 * MIN);
	a.ack(e('ana'), T0 + 10 * MIN);
	a.hand(e('bo'), T0 + 20 * MIN);
	const aKids = new DeviceLog({ deviceId: a.opts.deviceId, judge: 'Eva', competitionId: kids, heatId: `${kids}-h1`, firstSeq: 100 });
	aKids.start(T0 + 60 * MIN, [`${kids}-kim`]);
	aKids.finish(`${kids}-kim`, T0 + 80 * MIN);
	const b = new DeviceLog({ deviceId: `tab-9f00e1-${tag}`, judge: 'Pablo', competitionId: solo, heatId: `${solo}-h1` });
	const handB = b.hand(e('ana'), T0 + 8 * MIN + 44_966);
	b.confirm(handB, T0 + 9 * MIN + 30_000);
	for (const [token, events] of [
		[tableA.token, [...a.events, ...aKids.events]],
		[tableB.token, b.events]
	] as const)
		expect(expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token, json: { events } }), 200, 'push').body.stored).toHaveLength(events.length);

	await signInOrganizer(page, org, eventId, name);
	await openOrganizer(page, 'review');
	const ids = [...a.events, ...aKids.events, ...b.events].map((x) => x.id).concat(a.opts.deviceId, b.opts.deviceId);
	return { eventId, solo, kids, ids, handA, handB };
}

test('a second tablet on one seat: the conflict and the double-check say it in the judges’ words, no internal IDs', async ({ page }) => {
	const { ids } = await secondTabletOnOneSeat(page);

	const conflicts = page.getByRole('region', { name: /^Conflicts/ });
	const conflict = conflicts.getByTestId('conflict');
	await expect(conflict).toHaveCount(1);
	await expect(conflict).toHaveAttribute('data-kind', 'double-finish');
	await expect(conflict.getByRole('heading', { level: 3 })).toHaveText('Solo: 2 finishes of Ana from different devices; the earliest counts');
	await expect(conflict.getByRole('article', { name: 'Table A' }).getByTestId('says')).toHaveText('finished 8:31.103, check confirmed, agreed by the competitor');
	await expect(conflict.getByRole('article', { name: 'Table B' }).getByTestId('says')).toHaveText('finished 8:44.966, check confirmed');
	await conflict.getByRole('button', { name: 'Resolve' }).click();
	await expect(conflict.getByRole('radio')).toHaveCount(2);
	await expect(conflict.getByLabel('Keep Table A’s finish (8:31.103), void Table B’s finish (8:44.966)')).toBeVisible();
	await expect(conflict.getByLabel('Keep Table B’s finish (8:44.966), void Table A’s finish (8:31.103)')).toBeVisible();
	// Nothing on screen names an event or a device by its ID …
	const shown = await conflicts.evaluate((el) => (el as HTMLElement).innerText);
	for (const id of ids) expect(shown).not.toContain(id);
	expect(shown).not.toMatch(/hand\.raised|record\.acknowledged|tab-/);
	// … but the technical details, folded, keep them for whoever needs them.
	await conflict.getByText('Technical details').click();
	await expect(conflict.getByRole('table')).toContainText(ids[0]!.replace(/-\d+$/, ''));
	await conflict.getByText('Technical details').click();
	await expectNoAxeViolations(page, '#conflicts');

	// The double-check: tablets by their labels, each heat once and told apart by its competition.
	const panel = page.getByRole('region', { name: 'Double-check finishes' });
	await expect(panel.getByLabel('Tablet', { exact: true }).locator('option')).toHaveText(['All', 'Table A', 'Table B']);
	await expect(panel.getByLabel('Heat', { exact: true }).locator('option')).toHaveText(['All', 'Heat 1 · Kids', 'Heat 1 · Solo']);
	await panel.getByLabel('Heat', { exact: true }).selectOption({ label: 'Heat 1 · Solo' });
	await panel.getByLabel('Tablet', { exact: true }).selectOption({ label: 'Table B' });
	const rows = panel.getByTestId('double-check').locator('tbody tr');
	await expect(rows).toHaveCount(1);
	await expect(rows.getByTestId('dc-tablet-name')).toHaveText('Table B');
	await panel.getByLabel('Tablet', { exact: true }).selectOption({ label: 'All' });
	await expect(rows).toHaveCount(3);
	await panel.getByLabel('Competition', { exact: true }).selectOption({ label: 'Kids' });
	await expect(panel.getByLabel('Heat', { exact: true }).locator('option')).toHaveText(['All', 'Heat 1']);
	await expect(rows).toHaveCount(1);
	const dc = await panel.evaluate((el) => (el as HTMLElement).innerText);
	for (const id of ids) expect(dc).not.toContain(id);
});

test('publishing shows what will be public and what is unresolved first; Make final needs an explicit confirmation', async ({ page }) => {
	const { solo } = await secondTabletOnOneSeat(page);
	const publish = page.getByTestId('publish').and(page.locator(`[data-competition="${solo}"]`));
	await expect(publish.getByTestId('publish-state')).toContainText('Not published');

	// One tap opens the summary, nothing is published yet.
	const opener = publish.getByRole('button', { name: 'Publish', exact: true });
	await opener.click();
	const dialog = page.getByRole('dialog', { name: 'Publish version 1 of Solo?' });
	await expect(dialog).toBeVisible();
	await expect(dialog.getByTestId('publish-facts')).toContainText('Ranked entries: 2 of 3');
	await expect(dialog.getByTestId('publish-facts')).toContainText('Awarded places: 1. Ana, 2. Bo');
	await expect(dialog.getByTestId('unresolved-conflicts')).toHaveText('1 unresolved conflict in this competition');
	await expect(dialog.getByTestId('unresolved-without-result')).toHaveText('1 entry without a result: Cid');
	await expect(dialog.getByTestId('unresolved-unchecked')).toHaveText('1 finish not checked yet: Bo');
	await expect(dialog.getByTestId('unresolved-tablets')).toHaveText('1 judge tablet not synced in the last 10 minutes: Spare tablet (never synced)');
	await expect(dialog).toContainText('If you publish now, the public sees these standings as they are, with the items above unresolved.');
	await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
	await expectNoAxeViolations(page, '[data-testid="publish-dialog"]');
	// Escape: nothing happens, focus goes back to the button that opened it.
	await page.keyboard.press('Escape');
	await expect(dialog).toHaveCount(0);
	await expect(opener).toBeFocused();
	await expect(publish.getByTestId('publish-state')).toContainText('Not published');

	// Published with the unresolved items: the organizer decides.
	await opener.click();
	await page.getByRole('dialog').getByRole('button', { name: 'Publish version 1' }).click();
	await expect(publish.getByRole('status')).toHaveText('Version 1 published.');
	await expect(publish.getByTestId('publish-state')).toContainText('Published: version 1');

	// Make final: says it cannot be undone, and does nothing without the explicit tick.
	await publish.getByRole('button', { name: 'Make final' }).click();
	const final = page.getByRole('dialog', { name: 'Make version 1 of Solo final?' });
	await expect(final).toContainText('Making the results final cannot be undone');
	await expect(final).toContainText('As published in version 1.');
	await expect(final.getByTestId('unresolved-conflicts')).toHaveText('1 unresolved conflict in this competition');
	await expectNoAxeViolations(page, '[data-testid="publish-dialog"]');
	await final.getByRole('button', { name: 'Make version 1 final' }).click();
	await expect(final.getByLabel('I understand that this cannot be undone')).toHaveJSProperty('validity.valueMissing', true);
	await expect(final).toBeVisible();
	await expect(publish.getByTestId('publish-state')).toContainText('Published: version 1');
	await final.getByLabel('I understand that this cannot be undone').check();
	await final.getByRole('button', { name: 'Make version 1 final' }).click();
	await expect(publish.getByTestId('publish-state')).toContainText('Final: version 1, results locked');
	await expect(publish.getByRole('button', { name: /Publish|Make final/ })).toHaveCount(0);
});

/** The controls inside `scope` smaller than a finger (44×44 px; a radio or checkbox by its label), each as "tag "name" W×H". */
function smallControls(page: Page, scope: string): Promise<string[]> {
	return page
		.locator(scope)
		.locator('button, a[href], input:not([type="hidden"]), select, textarea, summary')
		.evaluateAll((els) =>
			els
				.filter((el) => el.checkVisibility())
				.map((el) => {
					const choice = el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox');
					const r = ((choice && el.closest('label')) || el).getBoundingClientRect();
					return { what: `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`, r };
				})
				.filter(({ r }) => r.width < 43.5 || r.height < 43.5)
				.map(({ what, r }) => `${what} ${Math.round(r.width)}×${Math.round(r.height)}`)
		);
}

test('the review on a tablet and a phone: every control of a conflict, the audit trail and the double-check at least 44×44 px, none wider than the screen (issue 13)', async ({ page }) => {
	const { solo } = await secondTabletOnOneSeat(page);
	const conflict = page.getByTestId('conflict');
	await conflict.getByRole('button', { name: 'Resolve' }).click();
	await conflict.getByText('Technical details').click();
	for (const size of [
		{ width: 1280, height: 800 },
		{ width: 390, height: 844 }
	]) {
		await page.setViewportSize(size);
		for (const panel of ['#conflicts', '#double-check']) {
			expect(await smallControls(page, panel), `${panel} at ${size.width} px`).toEqual([]);
			const box = (await page.locator(panel).boundingBox())!;
			expect(box.x + box.width, `${panel} fits ${size.width} px`).toBeLessThanOrEqual(size.width);
		}
		const opener = page.locator(`[data-testid="org-standings"][data-competition="${solo}"]`).getByRole('button', { name: 'Audit trail of Ana' });
		await opener.click();
		const dialog = page.getByRole('dialog', { name: 'Ana: audit trail' });
		await expect(dialog.getByTestId('entry-trail')).toBeVisible();
		expect(await smallControls(page, 'dialog'), `the audit trail at ${size.width} px`).toEqual([]);
		const box = (await dialog.boundingBox())!;
		expect(box.x + box.width, `the audit trail fits ${size.width} px`).toBeLessThanOrEqual(size.width);
		await page.keyboard.press('Escape');
		await expect(dialog).toHaveCount(0);
	}
});
