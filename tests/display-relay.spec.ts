import { expect, test, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { addDevice, call, createEvent, expectStatus, writeSetup, DAY } from './sync-kit';
import { screen } from './screens-kit';

/**
 * The room display for a CZJPA team relay (CZ-TEAM-FORMAT, CZ-TEAM-P1, CZ-TEAM-TEARDOWN)
 * against the production build, on `page.clock`: the master clock from the common start with
 * the time left of the 5 h limit, and for each team the part it is in and the countdown to
 * its next 8-minute signal; a team boxing part 1 says so; in part 2 no signal is counted.
 * The judge's tablet is a token over the API; the display reads what the server holds.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1920, height: 1080 } });

const SEC = 1000;
const MIN = 60 * SEC;
const START = Date.parse(`${DAY}T10:00:00Z`);
const RULESET = presetById('czjpa-team-relay')!;
/** How often the display reads the clock (src/routes/display/+page.svelte). */
const TICK = 250;

async function organize() {
	const created = await createEvent(`Relay display ${Math.random().toString(36).slice(2, 7)}`);
	const { eventId, token: organizerKey } = created;
	const competitionId = `${eventId}-relay`;
	const heatId = `${eventId}-h1`;
	const teams = ['Alfa', 'Beta'].map((name) => {
		const id = `${eventId}-${name.toLowerCase()}`;
		return { id, name, members: [1, 2, 3, 4].map((i) => ({ id: `${id}-m${i}`, name: `${name} ${i}` })) };
	});
	await writeSetup(eventId, organizerKey, {
		rulesets: [RULESET],
		competitions: [{ id: competitionId, eventId, name: 'Team relay', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: heatId, competitionId, name: 'Relay heat' }],
		entries: teams.map((t, i) => ({ ...t, competitionId, heatId, table: String(i + 1) }))
	});
	const display = await addDevice(eventId, organizerKey, 'display', 'Hall screen');
	const judge = await addDevice(eventId, organizerKey, 'judge', 'Tables');
	const log = new DeviceLog({ deviceId: `judge-${eventId}`, judge: 'Eva', competitionId, heatId });
	return { eventId, competitionId, heatId, teams, display, judge, log };
}

type Org = Awaited<ReturnType<typeof organize>>;

/** The tablet pushes what it recorded so far (the server keeps each event once). */
async function push(org: Org) {
	expectStatus(await call('POST', `/api/events/${org.eventId}/judge-events`, { token: org.judge.token, json: { events: org.log.events } }), 200, 'push');
}

/** The page shows the moment `time` (as in tests/display.spec.ts: one tick falls just past it). */
async function showAt(page: Page, time: number) {
	await expect(page.getByTestId('display-heat').or(page.getByTestId('display-no-heat'))).toBeVisible();
	await page.clock.pauseAt(time - SEC);
	await page.clock.runFor(SEC + TICK);
}

const team = (page: Page, name: string) => page.getByTestId('display-relay-team').filter({ hasText: name });

test('CZ-TEAM-P1: the display shows the master clock, each team\'s part and its next 8-minute signal; boxing, then part 2 without a signal', async ({ page }) => {
	const org = await organize();
	const [alfa, beta] = org.teams.map((t) => t.id) as [string, string];
	org.log.start(START, [alfa, beta]);
	await push(org);

	await page.clock.install({ time: START + 5 * SEC });
	await page.goto(org.display.pairUrl);
	await expect(page.getByTestId('pair-done')).toContainText('as display');
	await page.goto('/display');

	await test.step('5:00 into part 1: both teams in part 1, the first signal in 3:00', async () => {
		await showAt(page, START + 5 * MIN);
		await expect(page.getByTestId('display-heat')).toHaveText('Relay heat');
		await expect(page.getByTestId('display-elapsed')).toHaveText('5:00');
		await expect(page.getByTestId('display-left')).toHaveText('4:55:00');
		await expect(page.getByTestId('display-relay-team')).toHaveCount(2);
		for (const name of ['Alfa', 'Beta']) {
			await expect(team(page, name).getByTestId('display-relay-part')).toHaveText('Part 1');
			await expect(team(page, name).getByTestId('display-relay-signal')).toHaveText('3:00');
		}
	});

	await test.step('17:30: the signal after 16:00 is at 24:00, in 6:30', async () => {
		await showAt(page, START + 17 * MIN + 30 * SEC);
		await expect(team(page, 'Beta').getByTestId('display-relay-signal')).toHaveText('6:30');
	});

	// Alfa finishes part 1's puzzles at 10, 20, 30 and 40 min: each checked 30 s later and boxed 2 min after its finish.
	[10, 20, 30, 40].forEach((m, i) => {
		const h = org.log.puzzleFinished(alfa, START + m * MIN, `p1-${i + 1}`);
		org.log.confirm(h, START + m * MIN + 30 * SEC);
		if (i < 3) org.log.record('relay.teardown-done', START + m * MIN + 2 * MIN, alfa, { puzzleId: `p1-${i + 1}` });
	});
	await push(org);

	await test.step('41:00: Alfa boxes its last part-1 puzzle, no signal for it; Beta\'s next signal at 48:00', async () => {
		await page.reload();
		await showAt(page, START + 41 * MIN);
		await expect(team(page, 'Alfa').getByTestId('display-relay-part')).toHaveText('Part 1: boxing');
		await expect(team(page, 'Alfa').getByTestId('display-relay-signal')).toHaveText('');
		await expect(team(page, 'Beta').getByTestId('display-relay-part')).toHaveText('Part 1');
		await expect(team(page, 'Beta').getByTestId('display-relay-signal')).toHaveText('7:00');
		// docs/screenshots/after/display-relay-*.png (SCREENSHOTS=after), checked at a tablet's and a phone's size.
		await screen(page, 'display-relay', { pausedClock: true });
	});

	org.log.record('relay.teardown-done', START + 42 * MIN, alfa, { puzzleId: 'p1-4' });
	await push(org);

	await test.step('43:00: Alfa is in part 2 (pairs, no rotation signal)', async () => {
		await page.reload();
		await showAt(page, START + 43 * MIN);
		await expect(page.getByTestId('display-elapsed')).toHaveText('43:00');
		await expect(page.getByTestId('display-left')).toHaveText('4:17:00');
		await expect(team(page, 'Alfa').getByTestId('display-relay-part')).toHaveText('Part 2');
		await expect(team(page, 'Alfa').getByTestId('display-relay-signal')).toHaveText('');
		await expect(team(page, 'Beta').getByTestId('display-relay-signal')).toHaveText('5:00');
		// The leaderboard stays: both teams are on it.
		await expect(page.getByTestId('display-rows').getByTestId('display-row')).toHaveCount(2);
	});

	await test.step('after the limit: every team stopped, no signal', async () => {
		await showAt(page, START + 5 * 60 * MIN + 5 * SEC);
		await expect(page.getByTestId('display-time-up')).toHaveText('5:00:00');
		await expect(team(page, 'Beta').getByTestId('display-relay-part')).toHaveText('Time is up');
		await expect(team(page, 'Beta').getByTestId('display-relay-signal')).toHaveText('');
	});
});
