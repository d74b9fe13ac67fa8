import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ownCompetition, openOrganizer, signInOrganizer } from './organizer-kit';
import { call, expectStatus, judgeLog, pullAll, startSecondServer } from './sync-kit';

/**
 * The organizer's backup and restore (FilesPanel): the backup downloads as the server streams it
 * (NDJSON); a restore uploads the file itself, with progress, to a server that has an ADMIN_KEY —
 * one without (this e2e server, a venue laptop) refuses it and says what to do instead.
 */
test("backup and restore in the organizer's screen: a server without ADMIN_KEY refuses and says what to do; one with it restores the downloaded file (issue 12, points 1 and 5)", async ({ page, browser }) => {
	test.setTimeout(120_000);
	const own = await ownCompetition('restore-ui', 'czjpa-individual', ['Ana', 'Bob', 'Cyril']);
	const log = judgeLog(`restore-ui-${own.eventId}`, own.competitionId, own.heatId, own.entryIds, 30);
	expectStatus(await call('POST', `/api/events/${own.eventId}/judge-events`, { token: own.judge, json: { events: log } }), 200, 'push');
	await signInOrganizer(page, own.org, own.eventId, own.eventName);
	await openOrganizer(page, 'setup');

	const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the backup' }).click()]);
	expect(download.suggestedFilename()).toMatch(new RegExp(`^${own.eventId}-backup-\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}\\.ndjson$`));
	const file = (await download.path())!;
	const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { kind?: string; event?: { id: string } });
	expect(lines[0]).toMatchObject({ format: 'puzzle-judge-backup', version: 2, event: { id: own.eventId } });
	expect(lines.filter((l) => l.kind === 'judgeEvent').length).toBe(30);
	expect(lines.at(-1)!.kind).toBe('end');
	await expect(page.getByText('Backup downloaded.')).toBeVisible();

	// This server has no ADMIN_KEY: refused, and the answer says how to restore instead.
	const form = page.locator('form.restore');
	await expect(form.getByText('A venue laptop started without ADMIN_KEY restores on the laptop itself: npm run restore -- FILE')).toBeVisible();
	await form.getByLabel('Backup file').setInputFiles(file);
	await form.getByRole('button', { name: 'Restore' }).click();
	await expect(page.getByRole('alert')).toContainText("Restore failed: restoring a backup over the network needs the server's admin key");
	await expect(page.getByRole('alert')).toContainText('npm run restore -- FILE');

	// A server with an ADMIN_KEY (a fresh one: its own demo event, its own organizer key).
	const second = await startSecondServer();
	const context = await browser.newContext({ baseURL: second.base });
	try {
		const other = await context.newPage();
		await signInOrganizer(other, second.demoKey());
		await openOrganizer(other, 'setup');
		const restoreForm = other.locator('form.restore');
		await restoreForm.getByLabel('Backup file').setInputFiles(file);
		await expect(restoreForm.getByLabel('Server address')).toHaveValue(second.base);
		await restoreForm.getByLabel('Admin key of that server (ADMIN_KEY)').fill('not-the-admin-key-0123456789');
		await restoreForm.getByRole('button', { name: 'Restore' }).click();
		await expect(other.getByRole('alert')).toContainText('Restore failed: this server needs its admin key');
		await restoreForm.getByLabel('Admin key of that server (ADMIN_KEY)').fill(second.adminKey);
		await restoreForm.getByRole('button', { name: 'Restore' }).click();
		await expect(other.getByTestId('restore-status')).toHaveText(`Event ${own.eventId} restored (${lines.length - 2} items).`);
		await expect(other.getByRole('alert')).toHaveCount(0);
		await expect(other.getByTestId('restore-progress')).toHaveCount(0);
		// The tablets' tokens work there, and every event is there.
		const events = await pullAll(own.eventId, own.judge, { base: second.base });
		expect(events.events.map((e) => e.id)).toEqual(log.map((e) => e.id));
	} finally {
		await context.close();
		await second.stop();
	}
});
