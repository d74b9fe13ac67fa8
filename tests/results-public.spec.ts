import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { addDevice, call, createEvent, expectStatus, RULESET, RUN, T0, writeSetup } from './sync-kit';

/**
 * Publishing results, end to end on the production server: a judge's tablet pushes two heats
 * of a competition, the organizer publishes, the public page (no login) shows the published
 * version only; a correction shows once re-published, as version 2, with version 1 still
 * reachable; a protest window delays making the results final; final results are locked.
 */

const rs = { id: RULESET.id, version: RULESET.version };
const MIN = 60_000;

/** The rows of a competition's standings on the page: "place name". */
async function shownPlaces(page: Page, competitionId: string): Promise<string[]> {
	const rows = page.locator(`section[data-competition="${competitionId}"] tbody tr`);
	return rows.evaluateAll((trs) => trs.map((tr) => `${tr.querySelector('[data-testid="place"]')?.textContent?.trim()} ${tr.querySelector('th')?.textContent?.trim()}`));
}

test('publish, correct, re-publish, protest window, final: the public sees published versions only', async ({ page }) => {
	const { eventId, token: org } = await createEvent(`Results ${RUN}`);
	const c1 = `rp-${RUN}-solo`;
	const c2 = `rp-${RUN}-pairs`;
	const entry = (id: string, heatId: string, competitionId: string, name: string) => ({ id: `rp-${RUN}-${id}`, competitionId, heatId, name, members: [] });
	await writeSetup(eventId, org, {
		rulesets: [RULESET],
		competitions: [
			{ id: c1, eventId, name: 'Solo open', ruleset: rs },
			{ id: c2, eventId, name: 'Hidden draft', ruleset: rs }
		],
		heats: [
			{ id: `${c1}-h1`, competitionId: c1, name: 'Heat 1' },
			{ id: `${c1}-h2`, competitionId: c1, name: 'Heat 2' },
			{ id: `${c2}-h1`, competitionId: c2, name: 'Heat 1' }
		],
		entries: [
			entry('anna', `${c1}-h1`, c1, 'Anna Nováková'),
			entry('bea', `${c1}-h1`, c1, 'Bea'),
			entry('cyril', `${c1}-h2`, c1, 'Cyril'),
			entry('dana', `${c1}-h2`, c1, 'Dana'),
			entry('zoe', `${c2}-h1`, c2, 'Zoe Unpublished')
		]
	});
	const judge = await addDevice(eventId, org, 'judge', 'Table 1');
	const display = await addDevice(eventId, org, 'display', 'Hall screen');
	const e = (id: string) => `rp-${RUN}-${id}`;

	// The judge's tablet: heat 1 (Anna 40 min, Bea 55), heat 2 (Cyril 30, Dana 50), and the other competition's heat.
	const t1 = new DeviceLog({ deviceId: `rp-${RUN}-tab1`, judge: 'Eva', competitionId: c1, heatId: `${c1}-h1` });
	t1.start(T0, [e('anna'), e('bea')]);
	const annaHand = t1.finish(e('anna'), T0 + 40 * MIN);
	t1.finish(e('bea'), T0 + 55 * MIN);
	// One tablet (a judge's token pushes its own tablet's events only): its numbers go on per heat.
	const t2 = new DeviceLog({ deviceId: `rp-${RUN}-tab1`, judge: 'Eva', competitionId: c1, heatId: `${c1}-h2`, firstSeq: 100 });
	t2.start(T0 + 120 * MIN, [e('cyril'), e('dana')]);
	t2.finish(e('cyril'), T0 + 150 * MIN);
	t2.finish(e('dana'), T0 + 170 * MIN);
	const t3 = new DeviceLog({ deviceId: `rp-${RUN}-tab1`, judge: 'Eva', competitionId: c2, heatId: `${c2}-h1`, firstSeq: 200 });
	t3.start(T0, [e('zoe')]);
	t3.finish(e('zoe'), T0 + 20 * MIN);
	const pushed = expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judge.token, json: { events: [...t1.events, ...t2.events, ...t3.events] } }), 200, 'push').body;
	expect(pushed.stored).toHaveLength(t1.events.length + t2.events.length + t3.events.length);

	// Nothing is public before publishing; only the organizer may publish.
	expect(expectStatus(await call('GET', `/api/public/events/${eventId}/results`), 200, 'public results').body.competitions).toEqual([]);
	for (const [who, token, status] of [['judge', judge.token, 403], ['display', display.token, 403], ['nobody', undefined, 401]] as const) {
		const refused = await call('POST', `/api/events/${eventId}/publications`, { token, json: { competitionId: c1 } });
		expect(refused.status, who).toBe(status);
		expect(typeof refused.body.message, who).toBe('string');
		const refusedFinal = await call('POST', `/api/events/${eventId}/publications/${c1}/final`, { token });
		expect(refusedFinal.status, who).toBe(status);
	}
	await page.goto(`/results/${eventId}`);
	await expect(page.getByText('No results have been published for this event yet.')).toBeVisible();

	// Version 1.
	const v1 = expectStatus(await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId: c1 } }), 201, 'publish v1').body.publication;
	expect(v1).toMatchObject({ competitionId: c1, version: 1, state: 'published', protestUntil: null });
	expect(v1.snapshot.rows.map((r: { place: number; name: string }) => `${r.place} ${r.name}`)).toEqual(['1 Cyril', '2 Anna Nováková', '3 Dana', '4 Bea']);
	const listed = expectStatus(await call('GET', `/api/public/events/${eventId}/results`), 200, 'public results').body;
	expect(listed.event).toMatchObject({ id: eventId, name: `Results ${RUN}` });
	expect(listed.competitions.map((c: { latest: { competitionId: string; version: number } }) => [c.latest.competitionId, c.latest.version])).toEqual([[c1, 1]]);
	expect(JSON.stringify(listed)).not.toContain('Zoe Unpublished');
	expect((await call('GET', `/api/public/events/${eventId}/results/${c2}`)).status).toBe(404);

	await page.goto(`/results/${eventId}`);
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await expect(page.getByRole('heading', { level: 1, name: `Results ${RUN}` })).toBeVisible();
	await expect(page.getByRole('heading', { level: 2, name: 'Solo open' })).toBeVisible();
	await expect(page.getByRole('table', { name: 'Standings of Solo open, version 1' })).toBeVisible();
	expect(await shownPlaces(page, c1)).toEqual(['1 Cyril', '2 Anna Nováková', '3 Dana', '4 Bea']);
	await expect(page.locator(`section[data-competition="${c1}"]`)).toHaveAttribute('data-version', '1');
	await expect(page.getByRole('columnheader', { name: 'Place' })).toBeVisible();
	await expect(page.getByRole('rowheader', { name: 'Cyril' })).toBeVisible();
	await expect(page.getByText('Hidden draft')).toHaveCount(0);
	await expect(page.getByText('Zoe Unpublished')).toHaveCount(0);

	// A correction: Anna's finish was recorded 15 minutes late. The public still sees version 1.
	const fix = t1.correct(annaHand, T0 + 60 * MIN, 'finish recorded late', { type: 'hand.raised', at: T0 + 25 * MIN, payload: {} });
	expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judge.token, json: { events: [fix] } }), 200, 'push the correction');
	await page.reload();
	expect(await shownPlaces(page, c1)).toEqual(['1 Cyril', '2 Anna Nováková', '3 Dana', '4 Bea']);
	expect(expectStatus(await call('GET', `/api/public/events/${eventId}/results/${c1}`), 200, 'latest').body.publication.version).toBe(1);

	// Version 2, with a protest window: not final before it closes.
	const v2 = expectStatus(
		await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId: c1, protestMinutes: 30, note: 'Anna: finish time corrected' } }),
		201,
		'publish v2'
	).body.publication;
	expect(v2).toMatchObject({ version: 2, note: 'Anna: finish time corrected' });
	expect(v2.protestUntil).toBe(v2.publishedAt + 30 * MIN);
	const early = await call('POST', `/api/events/${eventId}/publications/${c1}/final`, { token: org });
	expect(early.status).toBe(409);
	expect(early.body.message).toContain(`under protest until ${new Date(v2.protestUntil).toISOString()}`);

	await page.reload();
	await expect(page.locator(`section[data-competition="${c1}"]`)).toHaveAttribute('data-version', '2');
	expect(await shownPlaces(page, c1)).toEqual(['1 Anna Nováková', '2 Cyril', '3 Dana', '4 Bea']);
	await expect(page.getByText(/^Under protest until /)).toBeVisible();
	await expect(page.getByText('Note from the organizer: Anna: finish time corrected')).toBeVisible();
	// Version 1 is still reachable, from the list of versions.
	const versions = page.getByRole('navigation', { name: 'All versions' });
	await expect(versions.getByRole('link')).toHaveText(['Version 1', 'Version 2']);
	await versions.getByRole('link', { name: 'Version 1' }).click();
	await expect(page).toHaveURL(new RegExp(`\\?competition=${c1}&version=1$`));
	await expect(page.locator(`section[data-competition="${c1}"]`)).toHaveAttribute('data-version', '1');
	expect(await shownPlaces(page, c1)).toEqual(['1 Cyril', '2 Anna Nováková', '3 Dana', '4 Bea']);
	await expect(page.getByText('This is version 1; the latest is version 2.')).toBeVisible();
	const old = expectStatus(await call('GET', `/api/public/events/${eventId}/results/${c1}?version=1`), 200, 'version 1').body;
	expect(old.publication).toEqual(v1);
	expect(old.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
	expect((await call('GET', `/api/public/events/${eventId}/results/${c1}?version=3`)).status).toBe(404);
	expect((await call('GET', `/api/public/events/${eventId}/results/${c1}?version=x`)).status).toBe(400);

	// The protests settled at once: version 3 without a window, made final; then locked.
	expectStatus(await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId: c1, protestMinutes: 0, note: 'Protests withdrawn' } }), 201, 'publish v3');
	const final = expectStatus(await call('POST', `/api/events/${eventId}/publications/${c1}/final`, { token: org }), 200, 'final').body.publication;
	expect(final).toMatchObject({ version: 3, state: 'final' });
	const locked = await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId: c1 } });
	expect(locked.status).toBe(409);
	expect(locked.body.message).toMatch(/is final since .* \(version 3\): its results are locked/);

	await page.goto(`/results/${eventId}`);
	const section = page.locator(`section[data-competition="${c1}"]`);
	await expect(section).toHaveAttribute('data-version', '3');
	await expect(section.locator('p.meta strong.final')).toHaveText('Final');
	await expect(page.getByRole('navigation', { name: 'All versions' }).getByRole('link')).toHaveText(['Version 1', 'Version 2', 'Version 3']);
	// Still no sign of the unpublished competition, on the page or in the API.
	await expect(page.getByText('Hidden draft')).toHaveCount(0);
	const after = expectStatus(await call('GET', `/api/public/events/${eventId}/results`), 200, 'public results').body;
	expect(after.competitions.map((c: { latest: { competitionId: string } }) => c.latest.competitionId)).toEqual([c1]);
});

test('the public results of an event not on the server: 404, for the page and the API', async ({ request }) => {
	expect((await request.get(`/api/public/events/rp-${RUN}-none/results`)).status()).toBe(404);
	expect((await request.get(`/results/rp-${RUN}-none`)).status()).toBe(404);
});
