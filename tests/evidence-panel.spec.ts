import { expect, test } from '@playwright/test';
import { jpegBytes, sha256Hex } from '../src/lib/server/photo.testkit';
import { openOrganizer, ownCompetition, signInOrganizer } from './organizer-kit';
import { BASE, call, expectStatus } from './sync-kit';

/**
 * The event screen's evidence photos (issue 33): how many and how large, kept until N days after the
 * last final lock (then a date), the retention changed, and every photo erased after a confirmation.
 */

test('the event screen shows the evidence photos and their retention; the organizer changes it and erases them', async ({ page }) => {
	const own = await ownCompetition('evidence', 'czjpa-individual', ['Ana', 'Bob']);
	for (const [i, entryId] of own.entryIds.entries()) {
		const bytes = jpegBytes(300_000, i + 1);
		const query = new URLSearchParams({ competitionId: own.competitionId, heatId: own.heatId, entryId, subject: 'tally', takenAt: String(Date.now()), width: '1600', height: '1200' });
		const sent = await fetch(`${BASE}/api/events/${own.eventId}/photos/${sha256Hex(bytes)}?${query}`, { method: 'PUT', headers: { authorization: `Bearer ${own.judge}`, 'content-type': 'image/jpeg' }, body: new Uint8Array(bytes) });
		expect(sent.status).toBe(201);
	}
	await signInOrganizer(page, own.org, own.eventId, own.eventName);
	await openOrganizer(page, 'event');
	const panel = page.getByTestId('evidence');
	await expect(panel.getByTestId('evidence-summary')).toHaveText('Evidence photos: 2 (0.6 MB). Kept until 30 days after the last competition’s final lock.');

	await panel.getByLabel('Days kept after the final lock').fill('7');
	await panel.getByRole('button', { name: 'Save the retention' }).click();
	await expect(panel.getByText('Saved.')).toBeVisible();
	await expect(panel.getByTestId('evidence-summary')).toContainText('Kept until 7 days after');
	expect(expectStatus(await call('GET', `/api/events/${own.eventId}/evidence`, { token: own.org }), 200, 'evidence').body).toMatchObject({ retentionDays: 7, photoCount: 2 });

	// Erasing asks first; cancelled, nothing happens.
	await panel.getByRole('button', { name: 'Erase the evidence now' }).click();
	await panel.getByRole('button', { name: 'Cancel' }).click();
	expect(expectStatus(await call('GET', `/api/events/${own.eventId}/evidence`, { token: own.org }), 200, 'evidence').body.photoCount).toBe(2);
	await panel.getByRole('button', { name: 'Erase the evidence now' }).click();
	await expect(panel.getByText('Erase every photo of this event now? This cannot be undone.')).toBeVisible();
	await panel.getByRole('button', { name: 'Yes, erase them' }).click();
	await expect(panel.getByText('The evidence photos are erased.')).toBeVisible();
	await expect(panel.getByTestId('evidence-summary')).toContainText('Evidence photos: 0 (0.0 MB).');
	await expect(panel.getByTestId('evidence-summary')).toContainText('Last erased on');
	await expect(panel.getByRole('button', { name: 'Erase the evidence now' })).toBeDisabled();
	expect(expectStatus(await call('GET', `/api/events/${own.eventId}/photos`, { token: own.org }), 200, 'photos').body.photos).toEqual([]);
});
