import { expect, test } from '@playwright/test';
import { rememberJudge, storedEvents } from './station-helpers';
import { addDevice, call, createEvent, expectStatus, judgeLog, RUN, setupOf, writeSetup } from './sync-kit';

/**
 * Issue 18 (each device pulls what it needs), in a real browser against the production server:
 * a judge tablet holds the events of the competitions it opened, not those of the others; a
 * competition opened later is fetched at once, from its start.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test('a judge tablet pulls the competitions opened on it: another table’s events of its competition arrive, another competition’s only once it is opened', async ({ page }) => {
	const e = await createEvent(`Judge scope ${RUN}`);
	const one = setupOf(e.eventId, `jscope-${RUN}-a`, 2);
	const two = setupOf(e.eventId, `jscope-${RUN}-b`, 2);
	await writeSetup(e.eventId, e.token, {
		rulesets: one.body.rulesets,
		competitions: [...one.body.competitions, ...two.body.competitions],
		heats: [...one.body.heats, ...two.body.heats],
		entries: [...one.body.entries, ...two.body.entries]
	});
	// Another tablet recorded in both competitions already.
	const other = await addDevice(e.eventId, e.token, 'judge', 'Table 9');
	const inOne = judgeLog(`jscope-${RUN}-other`, one.competitionId, one.heatId, one.entryIds, 3);
	const inTwo = judgeLog(`jscope-${RUN}-other`, two.competitionId, two.heatId, two.entryIds, 6).slice(3).map((x, i) => ({ ...x, id: `jscope-${RUN}-other-${4 + i}`, seq: 4 + i }));
	expectStatus(await call('POST', `/api/events/${e.eventId}/judge-events`, { token: other.token, json: { events: [...inOne, ...inTwo] } }), 200, 'push');

	const tablet = await addDevice(e.eventId, e.token, 'judge', 'Table 1');
	await page.goto(tablet.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText('Table 1');
	await rememberJudge(page, 'Eva');
	const ids = async () => new Set((await storedEvents(page)).map((x) => x.id));

	await page.goto(`/station?competition=${one.competitionId}&heat=${one.heatId}`);
	await expect(page.getByTestId('seat')).toHaveCount(2);
	const held = async (of: { id: string }[]) => [...(await ids())].filter((id) => of.some((x) => x.id === id)).sort();
	await expect.poll(() => held(inOne), { timeout: 15_000 }).toEqual(inOne.map((x) => x.id).sort());
	expect(await held(inTwo)).toEqual([]);

	await page.goto(`/station?competition=${two.competitionId}&heat=${two.heatId}`);
	await expect(page.getByTestId('seat')).toHaveCount(2);
	await expect.poll(() => held(inTwo), { timeout: 15_000 }).toEqual(inTwo.map((x) => x.id).sort());
});
