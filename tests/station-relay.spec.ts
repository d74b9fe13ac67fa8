import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { StandingsJson } from '../src/lib/files/format';
import { screen, shoot } from './screens-kit';
import { I30_SHOTS, shootI30, speakI30 } from './screens-i30';
import { heardSignals, recordSignals, relayTablet, relayTableUrl, seedTablet, typeTally, unfoldQuickSetup } from './station-helpers';

/**
 * The CZJPA team relay at the table (issue 16), end to end on the production build with
 * `page.clock` paused so every tap lands on an exact millisecond: three teams of four at tables
 * 1, 2 and 3 start together. Team 1 goes through the whole relay; teams 2 and 3 are stopped by the
 * 5-hour limit with the same counted pieces. The tablet's standings are checked against places
 * worked out by hand and against the CLI run on the tablet's exported file.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const START = Date.parse('2026-05-16T09:00:00Z');
/** The rotation signal's two tones (src/lib/station/sounds.ts): no other signal uses them. */
const ROTATION_HZ = 1319;

const TEAMS = [
	{ name: 'Sovy', members: ['Ada', 'Ben', 'Cyd', 'Dan'] as [string, string, string, string] },
	{ name: 'Lišky', members: ['Eva', 'Fik', 'Gita', 'Hugo'] as [string, string, string, string] },
	{ name: 'Vydry', members: ['Ivo', 'Jana', 'Karel', 'Lída'] as [string, string, string, string] }
];

async function at(page: Page, ms: number) {
	await page.clock.pauseAt(START + ms);
}

const team = (page: Page) => page.getByTestId('relay-team');
const puzzle = (page: Page, id: string) => page.locator(`[data-testid="relay-puzzle"][data-puzzle="${id}"]`);

/** Who works at each place of the shown part, in order ('' where nobody does). */
async function workers(page: Page): Promise<string[]> {
	return page.getByTestId('relay-puzzle').evaluateAll((els) => els.map((el) => el.querySelector('[data-testid="relay-worker"]')?.textContent?.trim() ?? ''));
}

async function openTable(page: Page, table: number) {
	await page.goto(relayTableUrl(table));
	await expect(team(page)).toHaveCount(1);
}

/** Hand raised on a puzzle, then its check at `checkAt` (missing pieces), then boxed at `boxAt` unless null. */
async function solve(page: Page, id: string, handAt: number, checkAt: number, boxAt: number | null, missing = 0) {
	await at(page, handAt);
	await puzzle(page, id).getByTestId('relay-hand').click();
	await expect(puzzle(page, id).getByTestId('relay-puzzle-state')).toHaveText('To check');
	await at(page, checkAt);
	if (missing > 0) await puzzle(page, id).getByTestId('missing').fill(String(missing));
	await puzzle(page, id).getByTestId('confirm').click();
	// The check is recorded (stored) before the next step, which may leave the page.
	await expect(puzzle(page, id).getByTestId('relay-puzzle-state')).not.toHaveText('To check');
	if (boxAt === null) return;
	await expect(puzzle(page, id).getByTestId('relay-boxed')).toBeVisible();
	await at(page, boxAt);
	await puzzle(page, id).getByTestId('relay-boxed').click();
}

async function tally(p: Locator, groups: string[]) {
	await p.getByTestId('tally').click();
	await typeTally(p, groups);
	await expect(p.getByTestId('relay-counted')).toBeVisible();
}

interface TabletRow {
	place: string;
	name: string;
	result: string;
	awarded: boolean;
}

async function tabletStandings(page: Page): Promise<TabletRow[]> {
	const button = page.getByRole('button', { name: 'Standings' });
	if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
	const table = page.getByTestId('standings');
	await expect(table).toBeVisible();
	return table.locator('tbody tr').evaluateAll((trs) =>
		trs.map((tr) => {
			const cells = [...tr.children].map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim());
			return { place: cells[0]!, name: cells[1]!, result: cells[2]!, awarded: tr.classList.contains('awarded') };
		})
	);
}

test('CZ-TEAM-FORMAT, CZ-TEAM-P1, CZ-TEAM-P1-DONE, CZ-TEAM-TEARDOWN, CZ-TEAM-P2, CZ-TEAM-P3, CZ-TEAM-FINAL, CZ-TEAM-RANK, CZ-GEN-RECORD: three teams through the relay on the tablet; the tablet and the CLI agree', async ({ page }) => {
	test.setTimeout(240_000);
	await recordSignals(page);
	await page.clock.install({ time: START - 5 * MIN });
	await page.goto('/station');
	await seedTablet(page, relayTablet(TEAMS));
	await page.clock.pauseAt(START);

	await test.step('CZ-TEAM-FORMAT: the three tables start at the common start', async () => {
		for (const table of [2, 3, 1]) {
			await openTable(page, table);
			await page.getByTestId('start').click();
			// Stored before the next table's address is opened ("Now: Part 1" shows before the start too).
			await expect(puzzle(page, 'p1-1').getByTestId('relay-puzzle-state')).toHaveText('Solving');
			await expect(team(page).getByTestId('relay-part')).toHaveText('Now: Part 1');
		}
		await expect(team(page).getByTestId('relay-next')).toHaveText('Next: Part 2');
		expect(await workers(page)).toEqual(['Ada', 'Ben', 'Cyd', 'Dan']);
		await expect(team(page).getByTestId('relay-signal')).toHaveText('Next signal in 8:00');
		await expect(team(page).getByTestId('relay-left')).toHaveText('5:00:00 left of 5:00:00');
	});

	await test.step('teams 2 and 3 each finish one part 1 puzzle', async () => {
		await openTable(page, 2);
		await solve(page, 'p1-1', 2 * MIN, 2 * MIN + 30 * SEC, null);
		await openTable(page, 3);
		await solve(page, 'p1-4', 3 * MIN, 3 * MIN + 30 * SEC, null);
		await expect(puzzle(page, 'p1-4').getByTestId('relay-solved-by')).toHaveText('Solved by Lída');
	});

	await test.step('CZ-TEAM-P1-DONE: a rejected check puts the member back at the puzzle', async () => {
		await at(page, 4 * MIN);
		await openTable(page, 1);
		await at(page, 5 * MIN);
		await puzzle(page, 'p1-2').getByTestId('relay-hand').click();
		await expect(puzzle(page, 'p1-2').getByTestId('relay-puzzle-state')).toHaveText('To check');
		await expect(puzzle(page, 'p1-2').getByTestId('relay-solved-by')).toHaveText('Solved by Ben');
		expect(await workers(page)).toEqual(['Ada', '', 'Cyd', 'Dan']);
		await at(page, 5 * MIN + 30 * SEC);
		await puzzle(page, 'p1-2').getByTestId('reject').click();
		await expect(puzzle(page, 'p1-2').getByTestId('relay-puzzle-state')).toHaveText('Solving');
		expect(await workers(page)).toEqual(['Ada', 'Ben', 'Cyd', 'Dan']);
	});

	await test.step('CZ-TEAM-P1: at 8:00 the signal sounds, the screen flashes and says who moves where', async () => {
		await at(page, 8 * MIN - SEC);
		await expect(page.getByTestId('relay-flash')).toHaveCount(0);
		await at(page, 8 * MIN);
		await expect(page.getByTestId('relay-flash')).toBeVisible();
		await expect(page.getByTestId('relay-flash')).toContainText('Move clockwise!');
		expect(await workers(page)).toEqual(['Dan', 'Ada', 'Ben', 'Cyd']);
		await expect(team(page).getByTestId('relay-move')).toHaveText([
			'Dan: puzzle 4 → puzzle 1',
			'Ada: puzzle 1 → puzzle 2',
			'Ben: puzzle 2 → puzzle 3',
			'Cyd: puzzle 3 → puzzle 4'
		]);
		await at(page, 9 * MIN);
		await expect(page.getByTestId('relay-flash')).toHaveCount(0);
		await expect(team(page).getByTestId('relay-signal')).toHaveText('Next signal in 7:00');
		await screen(page, 'station-relay-part1', { pausedClock: true });
		await page.setViewportSize({ width: 800, height: 1280 });
		await shoot(page, 'station-relay-part1');
		await page.setViewportSize({ width: 1280, height: 800 });
	});

	await test.step('CZ-TEAM-P1, CZ-TEAM-TEARDOWN: finishes stop their solvers; each confirmed puzzle is boxed', async () => {
		await solve(page, 'p1-3', 10 * MIN, 10 * MIN + 30 * SEC, 11 * MIN);
		await expect(puzzle(page, 'p1-3').getByTestId('relay-solved-by')).toHaveText('Solved by Ben');
		await expect(puzzle(page, 'p1-3').getByTestId('relay-teardown')).toHaveText('teardown 0:30');
		expect(await workers(page)).toEqual(['Dan', 'Ada', '', 'Cyd']);
		await at(page, 16 * MIN);
		expect(await workers(page)).toEqual(['Cyd', 'Dan', '', 'Ada']);
		await solve(page, 'p1-1', 20 * MIN, 20 * MIN + 30 * SEC, 21 * MIN);
		await expect(puzzle(page, 'p1-1').getByTestId('relay-solved-by')).toHaveText('Solved by Cyd');
		await at(page, 24 * MIN);
		expect(await workers(page)).toEqual(['', 'Ada', '', 'Dan']);
		await solve(page, 'p1-2', 25 * MIN, 25 * MIN + 30 * SEC, 26 * MIN);
		await solve(page, 'p1-4', 26 * MIN + 30 * SEC, 27 * MIN, null);
		// Part 2 opens only at "boxed, next released".
		await expect(team(page).getByTestId('relay-part')).toHaveText('Now: Part 1');
		await at(page, 28 * MIN);
		await puzzle(page, 'p1-4').getByTestId('relay-boxed').click();
		await expect(team(page).getByTestId('relay-part')).toHaveText('Now: Part 2');
		await expect(team(page).getByTestId('relay-signal')).toHaveCount(0);
	});

	await test.step('CZ-TEAM-P2: the team names its pairs; a reload during part 2 changes nothing', async () => {
		await at(page, 28 * MIN + 30 * SEC);
		await expect(team(page).getByTestId('relay-pairs')).toContainText('Who pairs with Ada?');
		await team(page).getByTestId('relay-pair-with').filter({ hasText: 'Cyd' }).click();
		await expect(team(page).getByTestId('relay-pairs-named')).toHaveText('Pairs: Ada, Cyd · Ben, Dan');
		expect(await workers(page)).toEqual(['Ada, Cyd', 'Ben, Dan']);
	});

	await test.step('CZ-TEAM-P1: the signal sounded at 8:00, 16:00 and 24:00, and not after part 1 ended', async () => {
		await at(page, 32 * MIN);
		await at(page, 39 * MIN);
		const heard = await heardSignals(page);
		const rotation = [...new Set(heard.filter((s) => s.kind === 'tone' && s.hz === ROTATION_HZ).map((s) => s.at - START))];
		expect(rotation).toEqual([8 * MIN, 16 * MIN, 24 * MIN]);
		const vibrations = heard.filter((s) => s.kind === 'vibrate').map((s) => s.at - START);
		expect(vibrations).toEqual([8 * MIN, 16 * MIN, 24 * MIN]);
	});

	await test.step('a reload during part 2 changes nothing', async () => {
		await at(page, 40 * MIN);
		const clock = await team(page).getByTestId('relay-clock').textContent();
		await page.reload();
		await expect(team(page).getByTestId('relay-clock')).toHaveText(clock!);
		await expect(team(page).getByTestId('relay-part')).toHaveText('Now: Part 2');
		expect(await workers(page)).toEqual(['Ada, Cyd', 'Ben, Dan']);
		await expect(page.getByTestId('relay-flash')).toHaveCount(0);
		await at(page, 45 * MIN);
		await screen(page, 'station-relay-part2', { pausedClock: true });
		await page.setViewportSize({ width: 800, height: 1280 });
		await shoot(page, 'station-relay-part2');
		await page.setViewportSize({ width: 1280, height: 800 });
	});

	await test.step('CZ-TEAM-P2, CZ-TEAM-P3, CZ-TEAM-FINAL: two puzzles in parallel, the team on one, the final check ends the time', async () => {
		await solve(page, 'p2-1', 60 * MIN, 60 * MIN + 30 * SEC, 61 * MIN, 2);
		await solve(page, 'p2-2', 70 * MIN, 70 * MIN + 30 * SEC, 72 * MIN);
		await expect(team(page).getByTestId('relay-part')).toHaveText('Now: Part 3');
		expect(await workers(page)).toEqual(['Ada, Ben, Cyd, Dan']);
		await solve(page, 'p3', 130 * MIN, 130 * MIN + 30 * SEC, 133 * MIN);
		await expect(team(page).getByTestId('relay-part')).toHaveText('Now: Final');
		await expect(team(page).getByTestId('relay-next')).toHaveText('Next: the result');
		const finalHand = 3 * HOUR + 20 * MIN + 12 * SEC + 345;
		await solve(page, 'final', finalHand, 3 * HOUR + 21 * MIN, null);
		// By hand: the final's hand raised 3:20:12.345, plus 2 missing pieces in part 2 × 10 s (CZ-GEN-MISSING).
		const expected = finalHand + 2 * 10 * SEC;
		expect(expected).toBe(12_032_345);
		await expect(team(page).getByTestId('result')).toHaveText(/^3:20:32\.345\s+incl\. \+0:20\.000$/);
		await expect(team(page).getByTestId('relay-clock')).toHaveText('3:20:12');
		await team(page).getByTestId('agree').click();
		await expect(team(page).getByTestId('status')).toHaveText('Finished · locked');
	});

	await test.step('CZ-TEAM-RANK: at 5 hours teams 2 and 3 stop; each unfinished puzzle is tallied (groups under 3 do not count)', async () => {
		await at(page, 5 * HOUR + 5 * SEC);
		await openTable(page, 2);
		await expect(team(page).getByTestId('status')).toHaveText('Time is up');
		await tally(puzzle(page, 'p1-2'), ['200', '2']);
		await tally(puzzle(page, 'p1-3'), ['100', '50']);
		await tally(puzzle(page, 'p1-4'), ['30']);
		await expect(team(page).getByTestId('result')).toHaveText('880 pieces counted');
		await team(page).getByTestId('agree').click();
		await expect(team(page).getByTestId('status')).toHaveText('Time is up · locked');
		await openTable(page, 3);
		await tally(puzzle(page, 'p1-1'), ['300', '2']);
		await tally(puzzle(page, 'p1-2'), ['50', '20']);
		await tally(puzzle(page, 'p1-3'), ['10']);
		await expect(team(page).getByTestId('result')).toHaveText('880 pieces counted');
	});

	await test.step("CZ-TEAM-RANK: equal counted pieces share the place; the tablet's standings are the CLI's", async () => {
		const tablet = await tabletStandings(page);
		expect(tablet.map((r) => [r.place, r.name])).toEqual([
			['1', 'Sovy'],
			['2', 'Lišky'],
			['2', 'Vydry']
		]);
		const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
		const file = test.info().outputPath(download.suggestedFilename());
		await download.saveAs(file);
		const now = await page.evaluate(() => Date.now());
		const out = execFileSync(`${ROOT}node_modules/.bin/tsx`, ['scripts/standings.ts', file, '--format', 'json', '--at', String(now)], { cwd: ROOT, encoding: 'utf8' });
		const cli = JSON.parse(out) as StandingsJson[];
		expect(cli).toHaveLength(1);
		expect(cli[0]!.conflicts).toEqual([]);
		const rows = cli[0]!.rows;
		expect(rows.map((r) => [String(r.place), r.name, r.finalTimeMs, r.countedPieces])).toEqual([
			['1', 'Sovy', 12_032_345, 4498],
			['2', 'Lišky', null, 880],
			['2', 'Vydry', null, 880]
		]);
		expect(tablet.map((r) => [r.place, r.name, r.awarded])).toEqual(rows.map((r) => [String(r.place), r.name, r.awarded]));
	});
});

test('CZ-TEAM-P1: sounds off, the signal still flashes and vibrates, silently; it is not replayed after a reload; the judge corrects who solved a puzzle and notes an incident', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 800 });
	await recordSignals(page);
	await page.clock.install({ time: START - 5 * MIN });
	await page.goto('/station');
	await seedTablet(page, relayTablet(TEAMS));
	await page.clock.pauseAt(START);
	await openTable(page, 1);
	await page.getByTestId('mute').click();
	await page.getByTestId('start').click();

	await test.step('the member proposed by the rotation is changed with a reason (a correction)', async () => {
		await at(page, 3 * MIN);
		await puzzle(page, 'p1-1').getByTestId('relay-hand').click();
		const p = puzzle(page, 'p1-1');
		await expect(p.getByTestId('relay-solved-by')).toHaveText('Solved by Ada');
		await p.getByTestId('relay-change-solvers').click();
		await p.getByRole('button', { name: 'Ada' }).click();
		await p.getByRole('button', { name: 'Ben' }).click();
		await expect(p.getByTestId('relay-solvers-save')).toBeDisabled();
		await p.getByTestId('relay-solvers-reason').fill('Ben put in the last piece');
		await p.getByTestId('relay-solvers-save').click();
		await expect(p.getByTestId('relay-solved-by')).toHaveText('Solved by Ben');
		// The finish keeps its instant; the check confirms it.
		await p.getByTestId('confirm').click();
		await expect(p.getByTestId('relay-finish')).toContainText('Finished at 3:00.000');
	});

	await test.step('an incident note from the "More" panel', async () => {
		await team(page).getByTestId('more').click();
		await team(page).getByRole('button', { name: 'Incident note…' }).click();
		await team(page).getByLabel('Incident note').fill('Table wobbles');
		await team(page).getByRole('button', { name: 'Save note' }).click();
		await expect(team(page).getByTestId('incident')).toHaveText('Note: Table wobbles');
	});

	await test.step('muted: flash and vibration at 8:00, no tone', async () => {
		await at(page, 8 * MIN - SEC);
		await at(page, 8 * MIN);
		await expect(page.getByTestId('relay-flash')).toBeVisible();
		await shoot(page, 'station-relay-signal', false);
		const heard = await heardSignals(page);
		expect(heard.filter((s) => s.kind === 'tone')).toEqual([]);
		expect(heard.filter((s) => s.kind === 'vibrate').map((s) => s.at - START)).toEqual([8 * MIN]);
	});

	await test.step('a reload just after a signal does not replay it', async () => {
		await at(page, 16 * MIN + SEC);
		await page.reload();
		await expect(team(page)).toHaveCount(1);
		await at(page, 16 * MIN + 2 * SEC);
		await expect(team(page).getByTestId('relay-signal')).toHaveText('Next signal in 7:58');
		await expect(page.getByTestId('relay-flash')).toHaveCount(0);
		expect(await heardSignals(page)).toEqual([]);
	});

	await test.step('disqualification from the "More" panel: the puzzles take no more actions, the team agrees', async () => {
		await team(page).getByTestId('more').click();
		await team(page).getByTestId('dq').click();
		await team(page).getByTestId('dq-reason').fill('Outside help');
		await team(page).getByTestId('dq-confirm').click();
		await expect(team(page).getByTestId('status')).toHaveText('Disqualified');
		await expect(team(page).getByTestId('result')).toHaveText('Outside help');
		await expect(team(page).getByTestId('relay-hand')).toHaveCount(0);
		await team(page).getByTestId('agree').click();
		await expect(team(page).getByTestId('status')).toHaveText('Disqualified · locked');
	});
});

test('CZ-TEAM-P1: a relay set up on the tablet itself takes each line as a team with its members in order; members not typed are named', async ({ page }) => {
	await page.goto('/station');
	await page.getByTestId('judge').fill('Eva');
	await unfoldQuickSetup(page);
	await page.getByTestId('preset').selectOption('czjpa-team-relay');
	await expect(page.getByText('Teams, one per line')).toBeVisible();
	await page.getByTestId('names').fill('Sovy: Ada, Ben, Cyd, Dan\nLišky: Eva, Fik');
	await expect(page.getByTestId('seat-count')).toHaveValue('2');
	await page.getByTestId('quick-start').click();
	await expect(team(page)).toHaveCount(2);
	await page.getByTestId('start').click();
	const sovy = team(page).filter({ hasText: 'Sovy' });
	const lisky = team(page).filter({ hasText: 'Lišky' });
	await expect(sovy.getByTestId('relay-worker')).toHaveText(['Ada', 'Ben', 'Cyd', 'Dan']);
	await expect(lisky.getByTestId('relay-worker')).toHaveText(['Eva', 'Fik', 'Member 3', 'Member 4']);
});

/** The station in another language, reloaded (its three teams shown again). */
async function speak(page: Page, lang: string): Promise<void> {
	await speakI30(page, lang);
	await expect(team(page)).toHaveCount(3);
}

test('CZ-TEAM-P1, issue 30 #7: three teams on one tablet: one signal flash lists each team\'s moves; the teams below the screen are said; CZ-TEAM-P1-DONE (#5): a hand raised exactly on a signal is the member who was working', async ({ page }) => {
	test.setTimeout(120_000);
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.clock.install({ time: START - 5 * MIN });
	await page.goto('/station');
	await seedTablet(page, relayTablet(TEAMS));
	await page.clock.pauseAt(START);
	await page.goto('/station?competition=relay-c&heat=relay-h1');
	await expect(team(page)).toHaveCount(3);
	await page.getByTestId('mute').click();
	await page.getByTestId('start').click();

	await test.step('teams 2 and 3 lie below the screen at 1280×800: said above the teams, as a seat grid says its seats', async () => {
		await expect(page.getByTestId('more-seats')).toContainText('Scroll down for');
		await expect(page.getByTestId('more-seats')).toContainText('Lišky, Vydry');
		await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
		await expect(page.getByTestId('more-seats')).toHaveCount(0);
		await page.evaluate(() => window.scrollTo(0, 0));
	});

	await test.step('at 8:00 one flash, each team under its name with its four moves', async () => {
		await at(page, 8 * MIN - SEC);
		await expect(page.getByTestId('relay-flash')).toHaveCount(0);
		await at(page, 8 * MIN);
		await expect(page.getByTestId('relay-flash')).toHaveCount(1);
		const flash = page.getByTestId('relay-flash');
		await expect(flash.getByTestId('relay-flash-team')).toHaveCount(3);
		await expect(flash.getByRole('heading')).toHaveText(['Sovy', 'Lišky', 'Vydry']);
		await expect(flash.getByTestId('relay-flash-team').nth(1).getByRole('listitem')).toHaveText([
			'Hugo: puzzle 4 → puzzle 1',
			'Eva: puzzle 1 → puzzle 2',
			'Fik: puzzle 2 → puzzle 3',
			'Gita: puzzle 3 → puzzle 4'
		]);
		await expect(flash.getByRole('listitem')).toHaveCount(12);
		await shootI30(page, 'station-relay-flash-3-teams', 'en');
		await at(page, 9 * MIN);
		await expect(page.getByTestId('relay-flash')).toHaveCount(0);
	});

	if (I30_SHOTS)
		await test.step('pictures in Czech and Spanish: the flash at 16:00 and 24:00, the hint of the teams below', async () => {
			for (const [lang, signal] of [['cs', 16], ['es', 24]] as const) {
				await at(page, (signal - 1) * MIN);
				await speak(page, lang);
				await shootI30(page, 'station-relay-teams-below', lang);
				await at(page, signal * MIN);
				await expect(page.getByTestId('relay-flash')).toHaveCount(1);
				await shootI30(page, 'station-relay-flash-3-teams', lang);
			}
			await at(page, 39 * MIN);
			await speak(page, 'en');
		});

	await test.step('CZ-TEAM-P1-DONE: a hand raised at exactly 40:00.000 on puzzle 1 is Ada\'s (back there since 32:00), not Dan\'s who the signal brings', async () => {
		await at(page, 40 * MIN);
		const sovy = page.locator('[data-testid="relay-team"][data-seat="team-1"]');
		const p1 = sovy.locator('[data-testid="relay-puzzle"][data-puzzle="p1-1"]');
		await p1.getByTestId('relay-hand').click();
		await expect(p1.getByTestId('relay-solved-by')).toHaveText('Solved by Ada');
		await expect(sovy.getByTestId('relay-move')).toHaveCount(3);
		await expect(sovy.getByTestId('relay-moves')).not.toContainText('Ada:');
	});
});
