import { expect, test } from '@playwright/test';
import { competitionCard, openOrganizer, ownCompetition, signInOrganizer } from './organizer-kit';

/**
 * Issue 32 #3: "Show provisional results live" is the organizer's, per competition, off by
 * default; the event screen says what the public will see and links the live page, and the
 * public live data follows the switch both ways.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test('issue 32 #3: the organizer shows a competition live from the event screen, and stops', async ({ page, request }) => {
	const own = await ownCompetition('live-switch', 'czjpa-individual', ['Ada', 'Bo']);
	const liveList = async () => ((await (await request.get(`/api/public/events/${own.eventId}/live`)).json()) as { competitions: { id: string }[] }).competitions.map((c) => c.id);
	await signInOrganizer(page, own.org, own.eventId, own.eventName);
	await openOrganizer(page, 'event');
	const card = competitionCard(page, 'live-switch competition');
	const toggle = card.getByTestId('live-toggle');
	const box = await toggle.boundingBox();
	expect(box!.height).toBeGreaterThanOrEqual(24);

	// Off by default: the public sees nothing of it.
	await expect(toggle).not.toBeChecked();
	await expect(card.getByTestId('live-switch')).toContainText('Off: the public sees only what you publish.');
	await expect(card.getByTestId('live-switch')).toContainText('marked provisional until you publish them. Names and countries only.');
	expect(await liveList()).toEqual([]);

	await toggle.check();
	await expect(card.getByTestId('live-switch').getByRole('status')).toHaveText('live-switch competition is shown live.');
	await expect(card.getByTestId('live-since')).toContainText('Live since');
	await expect(card.getByRole('link', { name: 'Open the public live page' })).toHaveAttribute('href', `/live/${own.eventId}`);
	expect(await liveList()).toEqual([own.competitionId]);

	// It stays on after a reload (the server keeps it), and goes off again.
	await page.reload();
	await expect(competitionCard(page, 'live-switch competition').getByTestId('live-toggle')).toBeChecked();
	await competitionCard(page, 'live-switch competition').getByTestId('live-toggle').uncheck();
	await expect(competitionCard(page, 'live-switch competition').getByTestId('live-switch').getByRole('status')).toHaveText('live-switch competition is no longer shown live.');
	expect(await liveList()).toEqual([]);
	expect((await request.get(`/api/public/events/${own.eventId}/live/${own.competitionId}`)).status()).toBe(404);
});
