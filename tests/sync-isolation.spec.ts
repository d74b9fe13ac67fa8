import { expect, test } from '@playwright/test';
import { addDevice, call, createEvent, expectStatus, pullAll, RUN, setupOf, T0, writeSetup } from './sync-kit';
import { rememberJudge, seatCard, storedEvents } from './station-helpers';

/**
 * Issue 12, point 3, end to end: a judge of event B, who saw tablet A's device ID (it is in every
 * event A's tablets pull), pushes an event under that device and its next sequence number into B
 * before tablet A records it. Tablet A's real event with that number is then stored in A: events
 * of different events never collide (docs/sync.md, "Events apart, devices bound"). It used to
 * answer "conflict", which the tablet files as refused and never sends again.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test("a judge of another event takes tablet A's next number first: A's tap is stored in A all the same, not refused", async ({ page }) => {
	const A = await createEvent(`Isolation A ${RUN}`);
	const B = await createEvent(`Isolation B ${RUN}`);
	const sA = setupOf(A.eventId, `iso-${RUN}-a`, 2);
	const sB = setupOf(B.eventId, `iso-${RUN}-b`, 2);
	await writeSetup(A.eventId, A.token, sA.body);
	await writeSetup(B.eventId, B.token, sB.body);
	const judgeA = await addDevice(A.eventId, A.token, 'judge', 'Table A');
	const judgeB = await addDevice(B.eventId, B.token, 'judge', 'Table B');

	// Tablet A pairs and starts its heat (its event 1), which reaches the server.
	await page.goto(judgeA.pairUrl);
	await expect(page.getByTestId('pair-done')).toBeVisible();
	await rememberJudge(page, 'Ana');
	await page.goto(`/station?competition=${sA.competitionId}&heat=${sA.heatId}`);
	await page.getByTestId('start').click();
	await expect(page.getByTestId('seat').first().getByTestId('status')).toHaveText('Running');
	const [start] = await storedEvents(page);
	const deviceId = start!.id.replace(/-1$/, '');
	await expect.poll(async () => (await pullAll(A.eventId, A.token)).events.map((e) => e.id)).toEqual([`${deviceId}-1`]);

	// B's judge pushes an event of tablet A's device, with its next number and ID, into B (its
	// token is bound by this first push, to that device in B: B is apart, so it is stored there).
	const taken = { id: `${deviceId}-2`, deviceId, seq: 2, at: T0, mono: 0, judge: 'Mallory', competitionId: sB.competitionId, heatId: sB.heatId, entryId: sB.entryIds[0], type: 'hand.raised', payload: {} };
	const pushed = expectStatus(await call('POST', `/api/events/${B.eventId}/judge-events`, { token: judgeB.token, json: { events: [taken] } }), 200, 'taken');
	expect(pushed.body).toMatchObject({ stored: [{ id: taken.id }], conflicts: [] });

	// Tablet A's next tap is its event 2: stored in A, with A's content, nothing refused.
	await seatCard(page, 'Competitor 1').getByTestId('hand').click();
	await expect
		.poll(async () => (await pullAll(A.eventId, A.token)).events.map((e) => [e.id, e.type, e.judge, e.entryId]))
		.toEqual([
			[`${deviceId}-1`, 'heat.start', 'Ana', null],
			[`${deviceId}-2`, 'hand.raised', 'Ana', sA.entryIds[0]]
		]);
	await page.goto('/pair');
	await expect(page.getByTestId('sync-details').getByTestId('sync-details-waiting')).toHaveText('0');
	await expect(page.getByTestId('sync-rejected')).toHaveCount(0);
	// B holds its own event under that ID, untouched.
	expect((await pullAll(B.eventId, B.token)).events).toEqual([taken]);
});
