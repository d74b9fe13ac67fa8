import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { StandingsJson } from '../src/lib/files/format';
import type { PublishedRow } from '../src/lib/results/publication';
import { fillQuickSetup, seatCard } from './station-helpers';
import { I30_SHOTS, shootI30, speakI30 } from './screens-i30';

/**
 * Whole heats on the judge station, end to end: real Chromium, real IndexedDB, the production
 * build, and `page.clock` paused so every tap lands on an exact millisecond. The tablet's own
 * standings are then checked twice: against places worked out by hand from the rules
 * (../shared/rules/CLAUSES.md), and against the command-line tool run on the exported event
 * file (`scripts/standings.ts --format json`), so the tablet and the organizer's tool agree.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SEC = 1000;
const MIN = 60 * SEC;
/** The moment the judge taps "Start the heat". */
const START = Date.parse('2026-05-16T09:00:00Z');

/** m:ss.mmm / h:mm:ss.mmm (CZJPA: ms) or m:ss truncated (Spanish: ES-WIN), as the rules show times. */
function shown(ms: number, resolution: 'ms' | 'second-truncated'): string {
	const s = Math.floor(ms / SEC);
	const h = Math.floor(s / 3600);
	const mm = Math.floor((s % 3600) / 60);
	const ss = String(s % 60).padStart(2, '0');
	const frac = resolution === 'ms' ? `.${String(ms % SEC).padStart(3, '0')}` : '';
	return h > 0 ? `${h}:${String(mm).padStart(2, '0')}:${ss}${frac}` : `${mm}:${ss}${frac}`;
}

/** A heat set up on the spot, the clock paused at START, nothing started yet. */
async function quickHeat(page: Page, presetId: string, names: string[]) {
	await page.clock.install({ time: START - 5 * MIN });
	await page.goto('/station');
	await fillQuickSetup(page, presetId, names);
	await page.clock.pauseAt(START);
}

const seat = seatCard;

/** Jumps the paused clock to START + `ms` (timers due meanwhile fire, the clocks repaint). */
async function at(page: Page, ms: number) {
	await page.clock.pauseAt(START + ms);
}

/** What a seat card shows: status, clock and result line. */
async function card(s: Locator) {
	return {
		status: await s.getByTestId('status').textContent(),
		clock: await s.getByTestId('clock').textContent(),
		result: (await s.getByTestId('result').count()) ? (await s.getByTestId('result').innerText()).replace(/\s+/g, ' ').trim() : null
	};
}

async function enterTally(s: Locator, groups: number[]) {
	await s.getByTestId('tally').click();
	for (const g of groups) {
		for (const digit of String(g)) await s.getByRole('button', { name: digit, exact: true }).click();
		await expect(s.getByTestId('tally-display')).toHaveText(String(g));
		await s.getByTestId('tally-add').click();
	}
}

interface TabletRow {
	place: string;
	name: string;
	result: string;
	why: string;
	awarded: boolean;
}

/** The tablet's standings table, row by row. */
async function tabletStandings(page: Page): Promise<TabletRow[]> {
	const button = page.getByRole('button', { name: 'Standings' });
	if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
	const table = page.getByTestId('standings');
	await expect(table).toBeVisible();
	return table.locator('tbody tr').evaluateAll((trs) =>
		trs.map((tr) => {
			const cells = [...tr.children].map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim());
			return { place: cells[0]!, name: cells[1]!, result: cells[2]!, why: cells[3]!, awarded: tr.classList.contains('awarded') };
		})
	);
}

// The CLI's JSON output (src/lib/files/format.ts), as the test reads it back.
type CliRow = PublishedRow;
type CliCompetition = StandingsJson;

/** Export on the tablet, save the download, and run the CLI on it at the page's clock time. */
async function exportAndRunCli(page: Page): Promise<{ file: string; at: number; cli: CliCompetition[] }> {
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
	expect(download.suggestedFilename()).toMatch(/^puzzle-judge-tab-[0-9a-f]{8}-.*\.json$/);
	const file = test.info().outputPath(download.suggestedFilename());
	await download.saveAs(file);
	const now = await page.evaluate(() => Date.now());
	const out = execFileSync(`${ROOT}node_modules/.bin/tsx`, ['scripts/standings.ts', file, '--format', 'json', '--at', String(now)], {
		cwd: ROOT,
		encoding: 'utf8'
	});
	return { file, at: now, cli: JSON.parse(out) as CliCompetition[] };
}

/** The CLI's rows as the tablet's table shows them. */
function cliAsTablet(rows: CliRow[], resolution: 'ms' | 'second-truncated'): TabletRow[] {
	return rows.map((r) => ({
		place: `${r.place ?? '–'}${r.tieBreak ? ' (tie-break)' : ''}`,
		name: r.name,
		result: r.finalTimeMs !== null ? shown(r.finalTimeMs, resolution) : r.countedPieces !== null && r.status === 'unfinished' ? `${r.countedPieces} pcs` : '',
		why: r.reason,
		awarded: r.awarded
	}));
}

test.describe('CZJPA individual heat of 6 seats run to the 90-minute limit', () => {
	test('CZ-GEN-FINISH, CZ-GEN-MISSING, CZ-GEN-UNFINISHED, CZ-GEN-RECORD, CZ-IND-RANK-1, CZ-IND-RANK-2, CZ-IND-RANK-3: the tablet and the CLI agree on places worked out by hand', async ({ page }) => {
		// A long scenario: three times the default budget, for a busy machine.
		test.slow();
		const names = ['Ana', 'Bohdan', 'Cecílie', 'David', 'Eliška', 'František'];
		await quickHeat(page, 'czjpa-individual', names);
		const [ana, bohdan, cecilie, david, eliska, frantisek] = names.map((n) => seat(page, n)) as [Locator, Locator, Locator, Locator, Locator, Locator];

		await page.getByTestId('start').click();
		for (const s of [ana, bohdan, cecilie, david, eliska, frantisek]) await expect(s.getByTestId('status')).toHaveText('Running');
		await expect(page.getByTestId('time-left')).toContainText('1:30:00');

		await test.step('CZ-GEN-FINISH: a rejected check leaves the clock running as if it never stopped', async () => {
			await at(page, 30 * MIN);
			await cecilie.getByTestId('hand').click();
			await expect(cecilie.getByTestId('status')).toHaveText('Finished');
			await at(page, 30 * MIN + 30 * SEC);
			// While the judge checks, the clock stands at the tap.
			await expect(cecilie.getByTestId('clock')).toHaveText('30:00');
			await cecilie.getByTestId('reject').click();
			await expect(cecilie.getByTestId('status')).toHaveText('Running');
			await expect(cecilie.getByTestId('clock')).toHaveText('30:30');
		});

		await test.step('CZ-GEN-FINISH, CZ-GEN-MISSING: the time is the tap, +10 s per missing piece', async () => {
			await at(page, 40 * MIN + 50 * SEC);
			await bohdan.getByTestId('hand').click();
			await at(page, 41 * MIN);
			await ana.getByTestId('hand').click();
			await expect(ana.getByTestId('status')).toHaveText('Finished');
			// Checked later: the time stays at the taps.
			await at(page, 41 * MIN + 30 * SEC);
			await bohdan.getByTestId('missing').fill('2');
			await expect(bohdan).toContainText('Penalty +0:20.000');
			await bohdan.getByTestId('confirm').click();
			await expect(bohdan.getByTestId('result')).toHaveText(/^41:10\.000\s+incl\. \+0:20\.000$/);
			await at(page, 42 * MIN);
			await ana.getByTestId('confirm').click();
			await expect(ana.getByTestId('result')).toHaveText('41:00.000');
			await expect(ana.getByTestId('clock')).toHaveText('41:00');
		});

		await test.step('CZ-GEN-RECORD: the competitor agrees and the record locks', async () => {
			await ana.getByTestId('agree').click();
			await bohdan.getByTestId('agree').click();
			await expect(ana.getByTestId('status')).toHaveText('Finished · locked');
			await expect(bohdan.getByTestId('status')).toHaveText('Finished · locked');
			await expect(ana.getByTestId('agree')).toHaveCount(0);
		});

		await test.step('a reload mid-heat shows the same states and clocks', async () => {
			await at(page, 45 * MIN);
			const cards = page.getByTestId('seat');
			await expect(cecilie.getByTestId('clock')).toHaveText('45:00');
			const before = await Promise.all(names.map((n) => card(seat(page, n))));
			expect(before.map((c) => c.status)).toEqual(['Finished · locked', 'Finished · locked', 'Running', 'Running', 'Running', 'Running']);
			expect(before.map((c) => c.clock)).toEqual(['41:00', '40:50', '45:00', '45:00', '45:00', '45:00']);
			await page.reload();
			await expect(cards).toHaveCount(6);
			await expect(cecilie.getByTestId('clock')).toHaveText('45:00');
			expect(await page.evaluate(() => Date.now())).toBe(START + 45 * MIN);
			const after = await Promise.all(names.map((n) => card(seat(page, n))));
			expect(after).toEqual(before);
		});

		await test.step('CZ-GEN-FINISH: the later real finish counts', async () => {
			await at(page, 62 * MIN + 30 * SEC);
			await cecilie.getByTestId('hand').click();
			await at(page, 63 * MIN);
			await cecilie.getByRole('button', { name: 'One more' }).click();
			await expect(cecilie.getByTestId('missing')).toHaveValue('1');
			await cecilie.getByTestId('confirm').click();
			await expect(cecilie.getByTestId('result')).toHaveText(/^1:02:40\.000\s+incl\. \+0:10\.000$/);
			await cecilie.getByTestId('agree').click();
			await expect(cecilie.getByTestId('status')).toHaveText('Finished · locked');
		});

		await test.step('CZ-GEN-UNFINISHED: at the limit the clocks stop; groups under 3 pieces do not count', async () => {
			await at(page, 90 * MIN - 1);
			await expect(david.getByTestId('status')).toHaveText('Running');
			await at(page, 90 * MIN + 5 * SEC);
			for (const s of [david, eliska, frantisek]) {
				await expect(s.getByTestId('status')).toHaveText('Time is up');
				await expect(s.getByTestId('clock')).toHaveText('1:30:00');
			}
			await expect(page.getByTestId('time-left')).toHaveCount(0);
			await expect(page.getByTestId('heat-state')).toHaveText('Time is up');
			// A hand raised after the limit is not offered.
			await expect(david.getByTestId('hand')).toHaveCount(0);

			await enterTally(david, [300, 2]);
			await expect(david.getByTestId('tally-sum')).toContainText('300 counted · 200 loose');
			await david.getByTestId('tally-save').click();
			await expect(david.getByTestId('result')).toHaveText('300 pieces counted');

			await enterTally(eliska, [120, 80, 2, 1, 2]);
			await expect(eliska.getByTestId('tally-sum')).toContainText('200 counted · 300 loose');
			await expect(eliska.getByRole('button', { name: 'Remove group of 1', exact: true })).toBeVisible();
			await eliska.getByTestId('tally-save').click();
			await expect(eliska.getByTestId('result')).toHaveText('200 pieces counted');

			await enterTally(frantisek, [150, 47, 3, 2]);
			await expect(frantisek.getByTestId('tally-sum')).toContainText('200 counted · 300 loose');
			await frantisek.getByTestId('tally-save').click();
			await expect(frantisek.getByTestId('result')).toHaveText('200 pieces counted');

			for (const s of [david, eliska, frantisek]) {
				await s.getByTestId('agree').click();
				await expect(s.getByTestId('status')).toHaveText('Time is up · locked');
			}
		});

		const tablet = await tabletStandings(page);

		await test.step('CZ-IND-RANK-1, CZ-IND-RANK-2, CZ-IND-RANK-3, CZ-GEN-MISSING: places worked out by hand', async () => {
			// Ana 41:00.000 beats Bohdan, who raised his hand 10 s earlier but had 2 pieces missing
			// (40:50 + 2 × 10 s = 41:10); Cecílie's rejected 30:00 does not count, her 62:30 + 10 s does.
			// Then the unfinished by counted pieces: David 300; Eliška 120 + 80 = 200 and František
			// 150 + 47 + 3 = 200 (the groups of 1 and 2 do not count) share 5th place.
			expect(tablet.map((r) => [r.place, r.name, r.result])).toEqual([
				['1', 'Ana', '41:00.000'],
				['2', 'Bohdan', '41:10.000'],
				['3', 'Cecílie', '1:02:40.000'],
				['4', 'David', '300 pcs'],
				['5', 'Eliška', '200 pcs'],
				['5', 'František', '200 pcs']
			]);
			expect(tablet[1]!.why).toBe('finished: 41:10.000 = 40:50.000 (+0:20.000 for 2 missing pieces)');
			expect(tablet[4]!.why).toBe('unfinished: 200 of 500 pieces in groups of at least 3 — shares place 5 with 1 other');
			// CZ-IND-AWARD: the first five are awarded, a shared 5th place included.
			expect(tablet.every((r) => r.awarded)).toBe(true);
		});

		await test.step('the CLI on the exported file gives the same places, names and final times', async () => {
			const { cli, at: now } = await exportAndRunCli(page);
			expect(now).toBe(START + 90 * MIN + 5 * SEC);
			expect(cli).toHaveLength(1);
			expect(cli[0]!.at).toBe(now);
			expect(cli[0]!.conflicts).toEqual([]);
			expect(cliAsTablet(cli[0]!.rows, 'ms')).toEqual(tablet);
			expect(cli[0]!.rows.map((r) => r.finalTimeMs)).toEqual([41 * MIN, 41 * MIN + 10 * SEC, 62 * MIN + 40 * SEC, null, null, null]);
			expect(cli[0]!.rows.map((r) => r.countedPieces)).toEqual([500, 498, 499, 300, 200, 200]);
		});
	});
});

test.describe('Spanish adult individual turn', () => {
	const PREVIEW = 2 * MIN;

	test('ES-ASSIST, ES-WIN, ES-TIE, ES-DQ: assistance refused after 3, a tie for first within one second, a disqualification with its reason', async ({ page }) => {
		const names = ['Lucía', 'Marta', 'Nuria', 'Olga'];
		await quickHeat(page, 'es-adult-individual', names);
		const [lucia, marta, nuria, olga] = names.map((n) => seat(page, n)) as [Locator, Locator, Locator, Locator];
		/** START + the preview + `ms` of counted time. */
		const clockAt = (ms: number) => at(page, PREVIEW + ms);

		await page.getByTestId('start').click();
		await clockAt(0);
		for (const s of [lucia, marta, nuria, olga]) await expect(s.getByTestId('status')).toHaveText('Running');

		await test.step('ES-ASSIST: three assistances, then no fourth', async () => {
			for (let i = 0; i < 3; i++) {
				await clockAt((5 + 5 * i) * MIN);
				await marta.getByTestId('assist').click();
				await expect(marta.getByTestId('assist-end')).toBeVisible();
				await clockAt((6 + 5 * i) * MIN);
				await marta.getByTestId('assist-end').click();
				await expect(marta.getByTestId('assist-end')).toHaveCount(0);
				await expect(marta).toContainText(`${9 - i}:00 assistance left (${2 - i} of 3)`);
			}
			// 3 minutes used of the 10: the cap is not what stops the fourth, the count is.
			await expect(marta.getByTestId('assist')).toHaveCount(0);
			await expect(marta).toContainText('All assistances used');
			await expect(marta.getByTestId('status')).toHaveText('Running');
			// Other seats keep theirs.
			await expect(lucia.getByTestId('assist')).toBeVisible();
		});

		await test.step('ES-DQ: a disqualification needs a reason and shows it', async () => {
			await clockAt(20 * MIN);
			await olga.getByRole('button', { name: 'More' }).click();
			await olga.getByTestId('dq').click();
			await expect(olga.getByTestId('dq-confirm')).toBeDisabled();
			await olga.getByTestId('dq-reason').fill('   ');
			await expect(olga.getByTestId('dq-confirm')).toBeDisabled();
			await olga.getByTestId('dq-reason').fill('Damaged a piece (bent tab)');
			await olga.getByTestId('dq-confirm').click();
			await expect(olga.getByTestId('status')).toHaveText('Disqualified');
			await expect(olga.getByTestId('result')).toHaveText('Damaged a piece (bent tab)');
			await expect(olga.getByTestId('hand')).toHaveCount(0);
			await olga.getByTestId('agree').click();
			await expect(olga.getByTestId('status')).toHaveText('Disqualified · locked');
			await expect(olga.getByTestId('clock')).toHaveText('20:00');
		});

		await test.step('ES-WIN: two finishes within the same second read the same time', async () => {
			await clockAt(45 * MIN + 200);
			await lucia.getByTestId('hand').click();
			await clockAt(45 * MIN + 900);
			await nuria.getByTestId('hand').click();
			await clockAt(50 * MIN);
			await marta.getByTestId('hand').click();
			await clockAt(51 * MIN);
			for (const s of [lucia, nuria, marta]) {
				await s.getByTestId('confirm').click();
				await s.getByTestId('agree').click();
				await expect(s.getByTestId('status')).toHaveText('Finished · locked');
			}
			await expect(lucia.getByTestId('result')).toHaveText('45:00');
			await expect(nuria.getByTestId('result')).toHaveText('45:00');
			// ES-ASSIST: 3 × 1:00 of assistance is added to Marta's time.
			await expect(marta.getByTestId('result')).toHaveText(/^53:00\s+incl\. \+3:00$/);
		});

		await test.step('ES-DQ, issue 30 #6: the disqualified seat\'s clock stands at its disqualification, however late', async () => {
			await expect(olga.getByTestId('clock')).toHaveText('20:00');
			await clockAt(60 * MIN + 30 * SEC);
			await expect(lucia.getByTestId('clock')).toHaveText('45:00');
			await expect(olga.getByTestId('clock')).toHaveText('20:00');
			for (const lang of ['cs', 'es']) {
				if (!I30_SHOTS) break;
				await speakI30(page, lang);
				await expect(olga.getByTestId('clock')).toHaveText('20:00');
				await shootI30(page, 'station-seat-disqualified', lang);
			}
			if (I30_SHOTS) await speakI30(page, 'en');
		});

		const tablet = await tabletStandings(page);

		await test.step('ES-TIE, ES-DQ: the tie for first is flagged; the disqualified seat has no place', async () => {
			expect(tablet.map((r) => [r.place, r.name, r.result])).toEqual([
				['1 (tie-break)', 'Lucía', '45:00'],
				['1 (tie-break)', 'Nuria', '45:00'],
				['3', 'Marta', '53:00'],
				['–', 'Olga', '']
			]);
			expect(tablet[2]!.why).toBe('finished: 53:00 = 50:00 (+3:00 assistance)');
			expect(tablet[3]!.why).toBe('disqualified: Damaged a piece (bent tab)');
			expect(tablet.map((r) => r.awarded)).toEqual([true, true, false, false]);
			await expect(page.getByRole('status').filter({ hasText: 'Tie for first' })).toHaveText('Tie for first: a tie-break puzzle may decide.');
		});

		await test.step('the CLI on the exported file agrees', async () => {
			const { cli } = await exportAndRunCli(page);
			expect(cliAsTablet(cli[0]!.rows, 'second-truncated')).toEqual(tablet);
			expect(cli[0]!.rows.map((r) => r.finalTimeMs)).toEqual([45 * MIN, 45 * MIN, 53 * MIN, null]);
			expect(cli[0]!.tieForFirst).toEqual(cli[0]!.rows.slice(0, 2).map((r) => r.entryId));
			expect(cli[0]!.conflicts).toEqual([]);
		});
	});
});
