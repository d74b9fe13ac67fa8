import { expect, test } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { presetById } from '../src/lib/rules/presets';
import { recordRelayHeat, RELAY_EXPECTED, RELAY_TEAMS } from '../src/lib/results/relay-standings.testkit';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { screen } from './screens-kit';
import { addDevice, call, createEvent, expectStatus, RUN, T0, writeSetup } from './sync-kit';

/**
 * A CZJPA team relay on the organizer's review screen: the standings of the unit tests' relay
 * fixture (src/lib/results/relay-standings.testkit.ts) with the same places, shared place and
 * award marks (CZ-TEAM-RANK), and a team's entry detail showing its whole relay: each puzzle,
 * who solved it, its finish, check (a rejected one before), teardown, the pairs named, and for
 * a team stopped at the limit its tallied puzzle.
 */

const MIN = 60_000;
const SEC = 1000;
const RULESET = presetById('czjpa-team-relay')!;

test('CZ-TEAM-RANK and the relay entry detail on /organizer/review', async ({ page }) => {
	test.setTimeout(90_000);
	const name = `Relay review ${RUN}`;
	const { eventId, token: org } = await createEvent(name);
	const c = `rr-${RUN}`;
	const heatId = `${c}-h1`;
	const id = (team: string) => `${c}-${team.toLowerCase()}`;
	await writeSetup(eventId, org, {
		rulesets: [RULESET],
		competitions: [{ id: c, eventId, name: 'Team relay', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: heatId, competitionId: c, name: 'Relay' }],
		entries: RELAY_TEAMS.map((team, i) => ({
			id: id(team),
			competitionId: c,
			heatId,
			name: team,
			table: String(i + 1),
			members: [1, 2, 3, 4].map((n) => ({ id: `${id(team)}-m${n}`, name: `${team} ${n}` }))
		}))
	});
	const tablet = await addDevice(eventId, org, 'judge', 'Relay tablet');
	const log = new DeviceLog({ deviceId: `${c}-tab`, judge: 'Eva', competitionId: c, heatId });
	recordRelayHeat(log, id, T0);
	// Slow's first hand on p1-1 at 20:00 is rejected (its real finish is at 40:00); it names its pairs at 57:30.
	const early = log.puzzleFinished(id('Slow'), T0 + 20 * MIN, 'p1-1', [`${id('Slow')}-m2`]);
	log.reject(early, T0 + 20 * MIN + 30 * SEC, 'a gap in the sky');
	log.record('relay.pairs-assigned', T0 + 57 * MIN + 30 * SEC, id('Slow'), {
		pairs: [
			[`${id('Slow')}-m1`, `${id('Slow')}-m4`],
			[`${id('Slow')}-m2`, `${id('Slow')}-m3`]
		]
	});
	expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: tablet.token, json: { events: log.events } }), 200, 'push');

	await signInOrganizer(page, org, eventId, name);
	await openOrganizer(page, 'review');
	const table = page.locator(`[data-testid="org-standings"][data-competition="${c}"]`);

	await test.step('the standings: the fixture\'s places, the shared 3rd, the top 5 awarded', async () => {
		const rows = table.locator('tbody tr');
		await expect(rows).toHaveCount(RELAY_TEAMS.length);
		for (const [i, [team, place, awarded]] of RELAY_EXPECTED.entries()) {
			const r = rows.nth(i);
			await expect(r.getByRole('button', { name: `Audit trail of ${team}` })).toBeVisible();
			await expect(r.getByTestId('place')).toHaveText(place === 3 ? '3 (shared)' : String(place));
			if (awarded) await expect(r).toHaveClass(/awarded/);
			else await expect(r).not.toHaveClass(/awarded/);
		}
		await expect(rows.nth(1).getByTestId('final-time')).toHaveText('4:50:10.000');
		await expect(rows.nth(2)).toContainText('3199');
		await expect(rows.nth(2).getByTestId('final-time')).toHaveText('');
	});

	await test.step('the double-check lists relay finishes by their puzzles\' names', async () => {
		await expect(page.getByRole('rowheader', { name: 'Slow · Part 1 · puzzle 1' }).first()).toBeVisible();
		await expect(page.getByRole('rowheader', { name: 'Fast · Final' })).toBeVisible();
	});

	await test.step('a finished team\'s whole relay', async () => {
		await table.getByRole('button', { name: 'Audit trail of Slow' }).click();
		const dialog = page.getByRole('dialog', { name: 'Slow: audit trail' });
		await expect(dialog).toBeVisible();
		await expect(dialog.getByTestId('relay-pairs')).toHaveText('Pairs: Slow 1 + Slow 4 · Slow 2 + Slow 3');
		const puzzles = dialog.getByTestId('relay-detail').locator('tbody tr');
		await expect(puzzles).toHaveCount(8);
		const p11 = puzzles.nth(0);
		await expect(p11.getByRole('rowheader')).toHaveText('Part 1 · puzzle 1');
		await expect(p11.getByTestId('relay-solvers')).toHaveText('Slow 1');
		await expect(p11.getByTestId('relay-finish')).toHaveText('40:00.000');
		await expect(p11.getByTestId('relay-check')).toHaveText(/^confirmed\s*rejected before: 1$/);
		await expect(p11.getByTestId('relay-teardown')).toHaveText('2:00.000');
		await expect(p11.getByTestId('relay-counted')).toHaveText('500');
		const p3 = puzzles.nth(6);
		await expect(p3.getByRole('rowheader')).toHaveText('Part 3');
		await expect(p3.getByTestId('relay-check')).toHaveText('confirmed, missing pieces: 1');
		await expect(p3.getByTestId('relay-counted')).toHaveText('499');
		const final = puzzles.nth(7);
		await expect(final.getByRole('rowheader')).toHaveText('Final');
		await expect(final).toContainText('1,000');
		await expect(final.getByTestId('relay-finish')).toHaveText('4:50:00.000');
		await expect(final.getByTestId('relay-teardown')).toHaveText('');
		await screen(page, 'org-entry-relay');
		await page.keyboard.press('Escape');
		await expect(dialog).toBeHidden();
	});

	await test.step('a team stopped at the limit: its open puzzle unfinished with the tally\'s pieces, the next not opened', async () => {
		await table.getByRole('button', { name: 'Audit trail of Stuck' }).click();
		const dialog = page.getByRole('dialog', { name: 'Stuck: audit trail' });
		const puzzles = dialog.getByTestId('relay-detail').locator('tbody tr');
		await expect(puzzles.nth(1).getByTestId('relay-check')).toHaveText('confirmed, missing pieces: 1');
		await expect(puzzles.nth(6).getByTestId('relay-check')).toHaveText('unfinished at the limit');
		await expect(puzzles.nth(6).getByTestId('relay-counted')).toHaveText('200');
		await expect(puzzles.nth(7).getByTestId('relay-check')).toHaveText('not open yet');
		await expect(dialog.getByTestId('relay-pairs')).toHaveText('Pairs: not named yet');
	});
});
