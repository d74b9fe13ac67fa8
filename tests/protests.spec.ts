import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { liveCompetition, MIN, tablet } from './live-kit';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { call, DAY, expectStatus } from './sync-kit';

/**
 * Protests on the record (issue 33 #3), end to end against the production server: a protest
 * raised in the window of a published version, the public pages marking the entry "under
 * protest" (and nothing of the claim), the final lock refused while it is open, the protest
 * upheld with a time adjustment recorded on the organizer's device, the next version answering
 * it — the public history says so — and then the lock. The event's language for its public
 * pages and prints is Czech; the organizer's screens stay in the organizer's (English).
 */

const CLAIM = 'Bob raised a hand before the last piece was in';
const BY = 'Coach of Ana';

test('a protest raised in the window, marked in public, blocking the lock until upheld with a correction that the next version answers', async ({ page }) => {
	const own = await liveCompetition('prot', ['Ana', 'Bob', 'Cid']);
	expectStatus(await call('POST', `/api/events/${own.eventId}/details`, { token: own.org, json: { name: own.eventName, date: DAY, language: 'cs' } }), 200, 'details');
	const bob = own.entryIds[1]!;
	const t = tablet(own, 'prot');
	await t.finish(0, 5 * MIN);
	await t.finish(1, 6 * MIN);
	await t.finish(2, 7 * MIN);
	const v1 = expectStatus(await call('POST', `/api/events/${own.eventId}/publications`, { token: own.org, json: { competitionId: own.competitionId, protestMinutes: 30 } }), 201, 'publish').body.publication;
	const bobV1 = v1.snapshot.rows.find((r: { entryId: string }) => r.entryId === bob).finalTimeMs as number;

	// The organizer records the protest in the window, from the standings.
	await signInOrganizer(page, own.org, own.eventId, own.eventName);
	await openOrganizer(page, 'review');
	const protests = page.getByTestId('protests').and(page.locator(`[data-competition="${own.competitionId}"]`));
	await protests.getByRole('button', { name: 'Record a protest' }).click();
	const record = page.getByRole('dialog', { name: 'Record a protest' });
	await record.getByLabel('Bob').check();
	// Attachments come from the entry's photos; without them (no photo endpoint, or none) the protest is recorded anyway.
	await expect(record.getByTestId('protest-photos')).toContainText(/Photos unavailable|No photos of these entries/);
	await record.getByLabel('Who protests').fill(BY);
	await record.getByLabel('What is claimed').fill(CLAIM);
	await expectNoAxeViolations(page, '[data-testid="protest-record-dialog"]');
	await record.getByRole('button', { name: 'Record the protest' }).click();
	await expect(record).toBeHidden();
	const item = protests.getByTestId('protest');
	await expect(item).toHaveAttribute('data-state', 'open');
	await expect(item).toContainText('About Bob');
	await expect(item).toContainText(CLAIM);
	await expectNoAxeViolations(page, '[data-testid="protests"]');

	// The public pages mark Bob "under protest", and only that.
	const viewer = await page.context().newPage();
	await viewer.goto(`/results/${own.eventId}`);
	await expect(viewer.getByRole('row').filter({ hasText: 'Bob' }).getByTestId('protest-mark')).toHaveText('Pod protestem');
	await expect(viewer.getByTestId('protest-mark')).toHaveCount(1);
	await expectNothingOfTheClaim(viewer);
	await viewer.goto(`/live/${own.eventId}`);
	await expect(viewer.getByTestId('live-standings').locator(`[data-entry="${bob}"]`).getByTestId('protest-mark')).toHaveText('Pod protestem');
	await expect(viewer.getByTestId('live-standings').getByTestId('protest-mark')).toHaveCount(1);
	await expectNothingOfTheClaim(viewer);

	// The final lock is refused while the protest is open: the organizer sees the server's words.
	const publish = page.getByTestId('publish').and(page.locator(`[data-competition="${own.competitionId}"]`));
	await publish.getByRole('button', { name: 'Make final' }).click();
	const final1 = page.getByRole('dialog', { name: 'Make version 1 of prot competition final?' });
	await final1.getByLabel('I understand that this cannot be undone').check();
	await final1.getByRole('button', { name: 'Make version 1 final' }).click();
	await expect(publish.getByRole('alert')).toContainText('cannot be made final while a protest is open');
	await expect(publish.getByTestId('publish-state')).toContainText('Published: version 1');

	// Upheld, with 10 s added to Bob's time: recorded on the organizer's device, pushed, then the decision.
	await protests.getByRole('button', { name: 'Decide' }).click();
	const decide = page.getByRole('dialog', { name: 'Decide the protest about Bob' });
	await decide.getByLabel('Uphold').check();
	await decide.getByLabel('Reasons').fill('The video shows the last piece placed later');
	await decide.getByLabel('Correction').selectOption({ label: 'Adjust the time' });
	await decide.getByLabel('Seconds (+ adds, − takes away)').fill('10');
	await expectNoAxeViolations(page, '[data-testid="protest-decide-dialog"]');
	await decide.getByRole('button', { name: 'Record the decision' }).click();
	await expect(decide).toBeHidden();
	await expect(item).toHaveAttribute('data-state', 'upheld');
	await expect(item.getByTestId('protest-answer')).toHaveText('Publish a new version to answer it.');
	const [stored] = expectStatus(await call('GET', `/api/events/${own.eventId}/protests`, { token: own.org }), 200, 'protests').body.protests;
	expect(stored).toMatchObject({ state: 'upheld', raisedBy: BY, claim: CLAIM, answeredByVersion: null });
	expect(stored.correctionEventIds).toHaveLength(1);
	const audit = expectStatus(await call('GET', `/api/events/${own.eventId}/entries/${bob}/audit`, { token: own.org }), 200, 'audit').body;
	expect(audit.events.find((a: { event: { id: string } }) => a.event.id === stored.correctionEventIds[0]).event).toMatchObject({
		type: 'time.adjusted', entryId: bob, payload: { deltaMs: 10_000, reason: 'Protest: The video shows the last piece placed later' }
	});
	expect(audit.protests).toEqual([stored]);
	// In Bob's audit trail on the organizer's screen: the protest, its decision and its correction.
	await page.locator(`[data-testid="org-standings"][data-competition="${own.competitionId}"]`).getByRole('button', { name: 'Audit trail of Bob' }).click();
	const trail = page.getByRole('dialog', { name: 'Bob: audit trail' }).getByTestId('entry-protests');
	await expect(trail).toContainText(CLAIM);
	await expect(trail).toContainText('The video shows the last piece placed later');
	await expect(trail.locator('li p.ui-small')).toHaveCount(1);
	await page.keyboard.press('Escape');

	// Version 2 answers it (with Bob's corrected time); the public history says so, without the claim.
	await publish.getByRole('button', { name: 'Publish version 2' }).click();
	await page.getByRole('dialog', { name: 'Publish version 2 of prot competition?' }).getByRole('button', { name: 'Publish version 2' }).click();
	await expect(publish.getByTestId('publish-state')).toContainText('Published: version 2');
	await expect(item.getByTestId('protest-answer')).toHaveText('Answered by version 2');
	const v2 = expectStatus(await call('GET', `/api/public/events/${own.eventId}/results/${own.competitionId}`), 200, 'version 2').body.publication;
	expect(v2.snapshot.rows.find((r: { entryId: string }) => r.entryId === bob).finalTimeMs).toBe(bobV1 + 10_000);
	await viewer.goto(`/results/${own.eventId}`);
	await expect(viewer.getByTestId('protest-answered')).toHaveText('· Protest (týká se: Bob): uznán');
	await expect(viewer.getByRole('listitem').filter({ has: viewer.getByRole('link', { name: 'Verze 2' }) })).toContainText('Protest (týká se: Bob): uznán');
	await expect(viewer.getByTestId('protest-mark')).toHaveCount(0);
	await expectNothingOfTheClaim(viewer);

	// Nothing open, version 2 without a window: the lock goes through.
	await publish.getByRole('button', { name: 'Make final' }).click();
	const final2 = page.getByRole('dialog', { name: 'Make version 2 of prot competition final?' });
	await final2.getByLabel('I understand that this cannot be undone').check();
	await final2.getByRole('button', { name: 'Make version 2 final' }).click();
	await expect(publish.getByTestId('publish-state')).toContainText('Final: version 2, results locked');

	// The printed standings carry the outcome in the event's language, without the claim.
	await page.goto(`/organizer/print?competition=${encodeURIComponent(own.competitionId)}`);
	await expect(page.getByTestId('print-protests')).toContainText('Protest (týká se: Bob): uznán');
	await expect(page.getByTestId('print-protests')).toContainText('Protesty');
	await expectNothingOfTheClaim(page);
});

/** The claim and who raised it are the organizer's only: never on a public page. */
async function expectNothingOfTheClaim(viewer: Page): Promise<void> {
	const html = await viewer.content();
	expect(html).not.toContain(CLAIM);
	expect(html).not.toContain(BY);
}
