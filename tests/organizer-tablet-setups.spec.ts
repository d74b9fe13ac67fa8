import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { quickSetup } from '../src/lib/station/quick-setup';
import type { EventFile } from '../src/lib/files/event-file';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { addDevice, call, createEvent, expectStatus, RUN } from './sync-kit';

/**
 * Tablets' own set-up joining the organizer's event (issue 11, points 10 and 12), against the
 * production build: two tablets that each quick-set-up "Quick CZ" for the same heat, merged on
 * /organizer into one competition; a standalone tablet's file, previewed before it is imported.
 * The tablets push over the API as a paired tablet does (its quick set-up travels with its events).
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const T0 = Date.UTC(2026, 4, 16, 9);
const MIN = 60_000;
const tag = RUN.slice(-10).replace(/[^a-z0-9]/g, '');

function quick(suffix: string, name: string, seatNames: string[], day = '2026-05-16') {
	const q = quickSetup({ presetId: suffix.startsWith('es') ? 'es-adult-individual' : 'czjpa-individual', competitionName: name, seatNames, day, suffix });
	if (!q.ok) throw new Error('quick set-up');
	return q.value;
}

/** What the organizer's device holds in IndexedDB for a competition ID (null: nothing). */
function heldCompetition(page: Page, id: string): Promise<unknown> {
	return page.evaluate(
		(competitionId) =>
			new Promise((resolve, reject) => {
				const open = indexedDB.open('puzzle-judge');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const get = open.result.transaction('competitions').objectStore('competitions').get(competitionId);
					get.onsuccess = () => {
						resolve(get.result ?? null);
						open.result.close();
					};
				};
			}),
		id
	);
}

test('point 10: two tablets’ quick set-ups of one heat, merged by the organizer: one competition with every entry, the seat both judged a double finish', async ({ page }) => {
	const created = await createEvent(`Quick merge ${RUN}`);
	const { eventId, token: org } = created;
	const a = quick(`a${tag}`, 'Quick CZ', ['Ana', 'Bob', 'Cyril']);
	const b = quick(`b${tag}`, 'Quick CZ', [' ana ', 'Bob', 'Dora']);
	const seat = (q: typeof a, n: number) => `${q.competitionId}-s${n}`;
	for (const [q, judge, label, offset] of [
		[a, 'Eva', 'Table A', 0],
		[b, 'Pablo', 'Table B', 2000]
	] as const) {
		const tablet = await addDevice(eventId, org, 'judge', label);
		const log = new DeviceLog({ deviceId: `tab-${label.slice(-1).toLowerCase()}-${tag}`, judge, competitionId: q.competitionId, heatId: q.heatId });
		log.start(T0 + offset, [seat(q, 1), seat(q, 2), seat(q, 3)]);
		if (q === a) {
			log.hand(seat(a, 1), T0 + 40 * MIN);
			log.hand(seat(a, 2), T0 + 45 * MIN);
		} else {
			log.hand(seat(b, 1), T0 + 41 * MIN);
			log.hand(seat(b, 3), T0 + 50 * MIN);
		}
		const pushed = expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: tablet.token, json: { events: log.events, setup: q.bundle } }), 200, 'push').body;
		expect(pushed.setupAdded).toEqual([q.competitionId]);
	}

	const pageErrors: string[] = [];
	page.on('pageerror', (e) => pageErrors.push(e.message));
	await signInOrganizer(page, org, eventId, created.event.name);
	await openOrganizer(page, 'review');
	const standings = (id: string) => page.locator(`[data-testid="org-standings"][data-competition="${id}"]`);
	await expect(standings(a.competitionId)).toBeAttached();
	await expect(standings(b.competitionId)).toBeAttached();

	await openOrganizer(page, 'setup');
	const panel = page.getByTestId('merge-panel');
	await expect(panel.getByRole('heading', { name: 'Merge competitions set up on tablets' })).toBeVisible();
	// The two "Quick CZ" told apart by who judged them.
	const kept = panel.getByLabel('Competition to keep');
	await expect(kept.locator('option', { hasText: 'judged by Eva' })).toHaveCount(1);
	await kept.selectOption({ label: 'Quick CZ · entries: 3 · judged by Eva' });
	await expect(panel.getByLabel('Competition to fold into it')).toHaveValue(b.competitionId);
	// The default pairing: the same name, trimmed and case-insensitive; Dora is new.
	const target = (entryId: string) => panel.locator(`[data-testid="merge-entry"][data-entry="${entryId}"] select`);
	await expect(target(seat(b, 1))).toHaveValue(seat(a, 1));
	await expect(target(seat(b, 2))).toHaveValue(seat(a, 2));
	await expect(target(seat(b, 3))).toHaveValue('');
	const outcome = panel.getByTestId('merge-outcome');
	await expect(outcome).toHaveText('After the merge: entries in “Quick CZ”: 4 (paired with one of its own: 2, added: 1).');
	// The organizer changes a pairing: Bob onto Ana too is refused; back, and Dora onto Cyril then new again.
	await target(seat(b, 2)).selectOption(seat(a, 1));
	await expect(panel.getByRole('alert')).toContainText('Ana is chosen for two entries');
	const confirm = panel.getByRole('button', { name: 'Merge “Quick CZ” into “Quick CZ”' });
	await expect(confirm).toBeDisabled();
	await target(seat(b, 2)).selectOption(seat(a, 2));
	await target(seat(b, 3)).selectOption(seat(a, 3));
	await expect(outcome).toContainText('entries in “Quick CZ”: 3');
	await target(seat(b, 3)).selectOption({ label: 'Add as a new entry' });
	// No reason, no merge.
	await expect(confirm).toBeDisabled();
	await panel.getByLabel('Reason (required)').fill('Tables A and B both judged heat 1');
	await confirm.click();
	await expect(panel.getByRole('status').filter({ hasText: '“Quick CZ” is merged into “Quick CZ”.' })).toBeVisible();
	await expect(panel.getByTestId('merges-recorded')).toContainText('by Organizer: Tables A and B both judged heat 1');

	// One competition in the merged standings, with every entry; B's no longer on its own.
	await openOrganizer(page, 'review');
	await expect(standings(b.competitionId)).toHaveCount(0);
	const table = standings(a.competitionId);
	const row = (id: string) => table.locator(`tr[data-entry="${id}"]`);
	for (const id of [seat(a, 1), seat(a, 2), seat(a, 3), seat(b, 3)]) await expect(row(id)).toHaveCount(1);
	await expect(table.locator('tr[data-entry]')).toHaveCount(4);
	await expect(row(seat(b, 3))).toContainText('Dora');
	await expect(row(seat(a, 1)).getByTestId('final-time')).toHaveText('40:00.000');
	// Ana finished on both tablets: the ordinary double finish, for the organizer to resolve.
	await expect(page.locator('[data-testid="conflict"][data-kind="double-finish"]')).toHaveCount(1);
	// Nothing more to merge: the kept one has no other quick set-up of its ruleset.
	await openOrganizer(page, 'setup');
	await expect(panel.getByText('nothing to merge')).toBeVisible();

	// Two double starts (Ana's and Bob's, the same two start events) are two conflicts, without breaking the page.
	await openOrganizer(page, 'review');
	await expect(page.locator('[data-testid="conflict"][data-kind="double-start"]')).toHaveCount(2);
	expect(pageErrors).toEqual([]);

	// The server: the merge is set-up (who, when, reason); publishing scores the kept competition with B's entries; B cannot be published.
	const setup = expectStatus(await call('GET', `/api/events/${eventId}/setup`, { token: org }), 200, 'setup').body;
	expect(setup.merges).toEqual([
		expect.objectContaining({ keptCompetitionId: a.competitionId, foldedCompetitionId: b.competitionId, reason: 'Tables A and B both judged heat 1', recordedBy: expect.objectContaining({ label: 'Organizer' }) })
	]);
	const published = expectStatus(await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId: a.competitionId } }), 201, 'publish').body;
	expect(published.publication.snapshot.rows.map((r: { name: string }) => r.name)).toEqual(['Ana', 'Bob', 'Dora', 'Cyril']);
	expectStatus(await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId: b.competitionId } }), 409, 'publish the folded-in one');

	// The room display on this device scores the same merged data.
	await page.goto(`/display?competition=${a.competitionId}&heat=${a.heatId}`);
	const rows = page.getByTestId('display-rows').getByTestId('display-row');
	await expect(rows).toHaveCount(4);
	await expect(rows.filter({ hasText: 'Dora' })).toHaveCount(1);
});

test('point 12: a standalone tablet’s file is previewed before anything is stored; refusing stores nothing; importing adds what was shown', async ({ page }) => {
	const created = await createEvent(`Import preview ${RUN}`);
	const { eventId, token: org } = created;
	const q = quick(`es${tag}`, 'Quick ES', ['Lola', 'Pepe'], '2026-12-03');
	const log = new DeviceLog({ deviceId: `tab-solo-${tag}`, judge: 'Rosa', competitionId: q.competitionId, heatId: q.heatId });
	log.start(T0, q.bundle.entries.map((e) => e.id));
	log.hand(q.bundle.entries[0]!.id, T0 + 30 * MIN);
	const b = q.bundle;
	const file: EventFile = {
		format: 'puzzle-judge-events',
		version: 1,
		exportedAt: T0 + 60 * MIN,
		deviceId: log.opts.deviceId,
		setup: { events: b.days, rulesets: b.rulesets, competitions: b.competitions, heats: b.heats, entries: b.entries },
		log: log.events
	};
	const json = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

	await signInOrganizer(page, org, eventId, created.event.name);
	await openOrganizer(page, 'setup');
	const input = page.getByTestId('import-files');
	await input.setInputFiles([json('solo.json', JSON.stringify(file)), json('broken.json', '{"format": "puzzle-judge-events", ')]);
	const preview = page.getByTestId('import-preview');
	await expect(preview.getByTestId('import-new-competition')).toHaveText(
		'New competition “Quick ES” (Adult individual 18+ (200 pieces, 2 h)): it joins this event. Heats: Heat 1. Entries: Lola, Pepe.'
	);
	await expect(preview).toContainText('Judge events: new: 2, already held: 0');
	// The per-file errors stay.
	await expect(preview).toContainText('broken.json: not imported, problems: 1');
	await expect(preview).toContainText('not valid JSON');

	await page.getByRole('button', { name: 'Don’t import' }).click();
	await expect(page.getByTestId('import-status')).toHaveText('Not imported: nothing was stored.');
	await expect(preview).toHaveCount(0);
	expect(await heldCompetition(page, q.competitionId)).toBeNull();
	await page.getByTestId('sync-now').click();
	await expect(page.getByTestId('org-sync')).toContainText('Last sync');
	const before = expectStatus(await call('GET', `/api/events/${eventId}/setup`, { token: org }), 200, 'setup').body;
	expect(before.competitions).toEqual([]);

	// Again, and this time imported: what the preview showed, on this device and then on the server.
	await input.setInputFiles([json('solo.json', JSON.stringify(file))]);
	await expect(preview.getByTestId('import-new-competition')).toContainText('New competition “Quick ES”');
	await page.getByRole('button', { name: 'Import', exact: true }).click();
	await expect(page.getByTestId('import-results')).toContainText('solo.json: new events: 2, already held: 0');
	expect(await heldCompetition(page, q.competitionId)).toMatchObject({ name: 'Quick ES' });
	await expect
		.poll(async () => {
			const s = expectStatus(await call('GET', `/api/events/${eventId}/setup`, { token: org }), 200, 'setup').body;
			return [s.competitions.map((c: { name: string }) => c.name), s.entries.map((e: { name: string }) => e.name)];
		}, { timeout: 15_000 })
		.toEqual([['Quick ES'], ['Lola', 'Pepe']]);
	await openOrganizer(page, 'review');
	await expect(page.locator(`[data-testid="org-standings"][data-competition="${q.competitionId}"]`)).toBeAttached();
});
