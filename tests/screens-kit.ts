import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { axeViolations } from './a11y';
import { seatCard, typeDigits, typeTally } from './station-helpers';
import { addDevice, call, createEvent, expectStatus, RULESET, writeSetup } from './sync-kit';
import { FULL, sweep } from './tier';

/**
 * What tests/screens.spec.ts needs: the data each screen shows, made through the API, and the
 * checks every screen of the app must pass at every size (touch targets, no sideways
 * scrolling, the sync badge covering nothing, axe-core).
 */

/** A landscape tablet and a phone: `npm run test:full` shoots and checks every screen at both. */
export const SIZES = [
	{ width: 1280, height: 800 },
	{ width: 390, height: 844 }
] as const;

/**
 * The sizes the screen checks run at: both in `npm run test:full`; in the gate the phone's alone
 * (where a layout breaks first: sideways scrolling, a squeezed control), once per screen state.
 */
export const CHECK_SIZES: readonly { width: number; height: number }[] = sweep<readonly { width: number; height: number }[]>([SIZES[1]], SIZES);

/**
 * Where the pictures go: SCREENSHOTS=before or SCREENSHOTS=after writes the committed ones
 * (docs/screenshots/before|after); `npm run test:full` writes them under test-results/, the
 * gate takes none.
 */
const WHICH = process.env.SCREENSHOTS;
const PICTURES = FULL || WHICH !== undefined;
if (WHICH !== undefined && WHICH !== 'before' && WHICH !== 'after') throw new Error(`SCREENSHOTS=${WHICH}: before or after`);
const OUT = fileURLToPath(new URL(WHICH ? `../docs/screenshots/${WHICH}/` : '../test-results/screens/', import.meta.url));

/** The smallest touch target (WCAG 2.5.5), and the station's: a judge taps in a hurry. */
export const MIN_TARGET_PX = 44;
export const STATION_TARGET_PX = 48;

/** Everything a finger or a keyboard acts on. */
const CONTROLS = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"]';

interface Box {
	what: string;
	width: number;
	height: number;
	left: number;
	top: number;
	right: number;
	bottom: number;
}

/** The visible controls of the page, each with its box (a checkbox or radio: its label's, the target a finger hits). */
function controls(page: Page): Promise<Box[]> {
	return page.locator(CONTROLS).evaluateAll((els) =>
		els
			.filter((el) => el.checkVisibility())
			.map((el) => {
				const input = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
				const target = (input && el.closest('label')) || el;
				const r = target.getBoundingClientRect();
				const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
				const what = `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${name}"`;
				return { what, width: r.width, height: r.height, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
			})
			.filter((b) => b.width > 0 && b.height > 0)
	);
}

/** What the sync badge covers: the controls and headings under its box, and whether it floats (fixed or sticky: it covers whatever scrolls under it). */
function badgeCovers(page: Page): Promise<{ floats: string | null; covered: string[] } | null> {
	return page.evaluate((selector) => {
		const badge = document.querySelector('.sync-region .badge');
		if (!badge || !badge.checkVisibility()) return null;
		let floats: string | null = null;
		for (let el: Element | null = badge; el; el = el.parentElement) {
			const position = getComputedStyle(el).position;
			if (position === 'fixed' || position === 'sticky') floats = position;
		}
		const b = badge.getBoundingClientRect();
		const region = badge.closest('.sync-region')!;
		const covered = [...document.querySelectorAll(`${selector}, h1, h2, h3`)]
			// What an open modal dialog holds lies above the page, badge included.
			.filter((el) => el.checkVisibility() && !region.contains(el) && !el.contains(region) && !el.closest('dialog:modal'))
			.filter((el) => {
				const r = el.getBoundingClientRect();
				const w = Math.min(r.right, b.right) - Math.max(r.left, b.left);
				const h = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
				return w > 0.5 && h > 0.5;
			})
			.map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
		return { floats, covered };
	}, CONTROLS);
}

/**
 * The checks every screen passes at its current size, soft (every failure of a screen is
 * reported, and the test goes on to the next screen): every control at least 44×44 px (the
 * station's at least 48 px tall), nothing scrolls sideways, the sync badge covers nothing,
 * axe-core finds nothing.
 */
export async function checkScreen(page: Page, name: string, { pausedClock = false } = {}): Promise<void> {
	const { width, height } = page.viewportSize()!;
	const where = `${name} ${width}×${height}`;
	const path = new URL(page.url()).pathname;
	const boxes = await controls(page);
	const min = path.startsWith('/station') ? STATION_TARGET_PX : MIN_TARGET_PX;
	const small = boxes.filter((b) => b.width < MIN_TARGET_PX - 0.5 || b.height < min - 0.5).map((b) => `${b.what} ${b.width.toFixed(0)}×${b.height.toFixed(0)}`);
	expect.soft(small, `${where}: every control at least ${MIN_TARGET_PX}×${min} px`).toEqual([]);

	const scroll = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
	expect.soft(scroll.scrollWidth, `${where}: no sideways scrolling`).toBeLessThanOrEqual(scroll.innerWidth);

	const badge = await badgeCovers(page);
	if (badge) {
		expect.soft(badge.floats, `${where}: the sync badge has its own place (not fixed or sticky over the page)`).toBeNull();
		expect.soft(badge.covered, `${where}: the sync badge covers nothing`).toEqual([]);
	}

	expect.soft(await axeOn(page, pausedClock), `${where}: axe-core violations`).toEqual([]);
}

/** checkScreen at each size of CHECK_SIZES, then back at the tablet's. */
export async function checkScreenSizes(page: Page, name: string): Promise<void> {
	for (const size of CHECK_SIZES) {
		await page.setViewportSize(size);
		await checkScreen(page, name);
	}
	await page.setViewportSize(SIZES[0]);
}

/** axe-core's report; on a paused `page.clock` the clock moves on in small steps meanwhile (axe waits on timers). */
async function axeOn(page: Page, pausedClock: boolean): Promise<string[]> {
	if (!pausedClock) return axeViolations(page);
	let done = false;
	const report = axeViolations(page).then(
		(violations) => ({ violations }),
		(error: unknown) => ({ error })
	);
	void report.finally(() => (done = true));
	// The clock is the context's: axe's own blank page (it merges its results there) may close under a step.
	while (!done) await page.clock.runFor(20).catch(() => {});
	const r = await report;
	if ('error' in r) throw r.error;
	return r.violations;
}

/** The page's picture as `name-WxH.png` (the whole page unless told); none in the gate. */
export async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
	if (!PICTURES) return;
	const { width, height } = page.viewportSize()!;
	mkdirSync(OUT, { recursive: true });
	await page.screenshot({ path: `${OUT}${name}-${width}x${height}.png`, fullPage, animations: 'disabled', caret: 'hide' });
}

/**
 * The screen as it is now, at each size of CHECK_SIZES, from the top of the page: its picture,
 * then its checks (`pausedClock`: the page runs on a paused `page.clock`).
 */
export async function screen(page: Page, name: string, { pausedClock = false } = {}): Promise<void> {
	for (const size of CHECK_SIZES) {
		await page.setViewportSize(size);
		await page.evaluate(() => window.scrollTo(0, 0));
		await shoot(page, name);
		await checkScreen(page, name, { pausedClock });
	}
	await page.setViewportSize(SIZES[0]);
}

const MIN = 60_000;
/** The event's day: heat 1 at 9:00, heat 2 at 12:00 (UTC). */
export const DAY_START = Date.UTC(2026, 4, 16, 9);
export const HEAT_2_START = DAY_START + 180 * MIN;

export interface SeededEvent {
	eventId: string;
	eventName: string;
	/** The organizer key. */
	org: string;
	competitionId: string;
	entryIds: string[];
	/** The judge tablet that recorded the heats (its token is bound to that tablet). */
	judge: { token: string };
	/** A judge tablet added but not paired yet, and a room display. */
	tablet: { pairUrl: string };
	display: { pairUrl: string };
}

const NAMES = ['Adéla Nováková', 'Bára Svobodová', 'Cyril Dvořák', 'Dana Černá', 'Emil Procházka', 'Filip Kučera', 'Gustav Veselý', 'Hana Horáková'];

/**
 * An event of its own as a day of competition has it: one competition in two heats of four at
 * two tables, the first heat over (finishes checked, one disqualified, one unfinished), the
 * second one under way with one finisher; results published twice (the second with a note and
 * a protest window); a judge tablet and a room display added to pair.
 */
export async function seedEvent(name = 'Spring puzzle day'): Promise<SeededEvent> {
	const created = await createEvent(name);
	const { eventId, token: org } = created;
	const competitionId = `${eventId}-ind`;
	const heats = [`${competitionId}-h1`, `${competitionId}-h2`];
	const entryIds = NAMES.map((_, i) => `${competitionId}-e${i + 1}`);
	await writeSetup(eventId, org, {
		rulesets: [RULESET],
		competitions: [{ id: competitionId, eventId, name: 'Individuals', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: heats.map((id, i) => ({ id, competitionId, name: `Heat ${i + 1}` })),
		entries: NAMES.map((n, i) => ({ id: entryIds[i]!, competitionId, heatId: heats[i < 4 ? 0 : 1]!, name: n, members: [], table: String((i % 2) + 1), seat: String(i + 1) }))
	});
	const judge = await addDevice(eventId, org, 'judge', 'Table 1');
	const tablet = await addDevice(eventId, org, 'judge', 'Table 2');
	const display = await addDevice(eventId, org, 'display', 'Hall screen');

	const h1 = new DeviceLog({ deviceId: `${eventId}-tab1`, judge: 'Eva', competitionId, heatId: heats[0]! });
	h1.start(DAY_START, entryIds.slice(0, 4));
	h1.confirm(h1.hand(entryIds[0]!, DAY_START + 52 * MIN), DAY_START + 53 * MIN, 0);
	h1.confirm(h1.hand(entryIds[1]!, DAY_START + 41 * MIN), DAY_START + 42 * MIN, 1);
	h1.disqualify(entryIds[2]!, DAY_START + 60 * MIN, 'Left the table');
	h1.tally(entryIds[3]!, DAY_START + 125 * MIN, [180, 40, 9]);
	const h2 = new DeviceLog({ deviceId: `${eventId}-tab1`, judge: 'Eva', competitionId, heatId: heats[1]!, firstSeq: 100 });
	h2.start(HEAT_2_START, entryIds.slice(4));
	h2.confirm(h2.hand(entryIds[5]!, HEAT_2_START + 38 * MIN), HEAT_2_START + 39 * MIN, 0);
	const events = [...h1.events, ...h2.events];
	expect(expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token: judge.token, json: { events } }), 200, 'push').body.stored).toHaveLength(events.length);

	expectStatus(await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId } }), 201, 'publish v1');
	expectStatus(await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId, protestMinutes: 30, note: 'Bára: one piece missing' } }), 201, 'publish v2');
	return { eventId, eventName: created.event.name, org, competitionId, entryIds, judge, tablet, display };
}

const SEATS = ['Lucía', 'Marta', 'Nuria', 'Olga', 'Pilar', 'Rocío'];
/** When the six seats' heat is started: its 2:00 preview, then the clock. */
export const SIX_SEATS_START = Date.parse('2026-05-16T09:00:00Z');

/**
 * The station's quick set-up (open at /station on a fresh tablet, on `page.clock` installed
 * before SIX_SEATS_START) filled for a Spanish adult heat of six seats, as judge Eva.
 */
export async function fillSixSeats(page: Page): Promise<void> {
	await expect(page.getByTestId('quick-start')).toBeVisible();
	await page.getByTestId('judge').fill('Eva');
	await page.getByTestId('preset').selectOption('es-adult-individual');
	await page.getByTestId('seat-count').fill('6');
	await page.getByTestId('names').fill(SEATS.join('\n'));
}

/** The filled quick set-up (fillSixSeats) made into the heat's seats, not started yet. */
export async function setUpSixSeats(page: Page): Promise<void> {
	await page.getByTestId('quick-start').click();
	await expect(page.getByTestId('seat')).toHaveCount(6);
}

/**
 * The six seats' heat (setUpSixSeats) started and played to 2:01:00 of counted time,
 * the six seats in different states: Lucía paused (her second pause), Marta running (her limit
 * moved back by a pause), Nuria's hand raised (the check waits), Olga finished and agreed,
 * Pilar's tally being typed, Rocío's tally saved.
 */
export async function playSixSeats(page: Page): Promise<void> {
	await page.clock.pauseAt(SIX_SEATS_START);
	await page.getByTestId('start').click();
	const at = (ms: number) => page.clock.pauseAt(SIX_SEATS_START + 2 * MIN + ms);
	const [lucia, marta, nuria, olga, pilar, rocio] = SEATS.map((n) => seatCard(page, n)) as [Locator, Locator, Locator, Locator, Locator, Locator];

	await at(10 * MIN);
	await lucia.getByTestId('pause').click(); // ends by itself at 5:00
	await at(20 * MIN);
	await marta.getByTestId('pause').click();
	await at(24 * MIN);
	await marta.getByRole('button', { name: 'Resume' }).click();
	await at(80 * MIN);
	await olga.getByTestId('hand').click();
	await at(81 * MIN);
	await olga.getByTestId('confirm').click();
	await olga.getByTestId('agree').click();
	await at(100 * MIN);
	await nuria.getByTestId('hand').click();
	await at(119 * MIN);
	await lucia.getByTestId('pause').click();
	await at(121 * MIN);

	await rocio.getByTestId('tally').click();
	await typeTally(rocio, ['150', '30', '5']);
	await pilar.getByTestId('tally').click();
	await typeTally(pilar, ['120', '35', '9'], { save: false });
	await typeDigits(pilar, '4');
}
