import { expect, type Page } from '@playwright/test';
import type { TapKind } from './tap-ledger';

/**
 * The station's heat screen as the kill test reads and taps it: what each seat shows and which
 * of its buttons are offered, read from the page in one go (no test IDs beyond the app's own).
 */

export type SeatAction = Exclude<TapKind, 'start'>;

export interface SeatView {
	id: string;
	/** The seat's state (the card's class: running, paused, finished, unfinished, preview …). */
	state: string;
	locked: boolean;
	/** What the judge reads: the status line and the result line. A recorded tap changes it. */
	shown: string;
	actions: SeatAction[];
}

export interface HeatScreen {
	competitionId: string;
	heatId: string;
	/** The "Start the heat" button is offered. */
	canStart: boolean;
	seats: SeatView[];
}

const ENTRY_STATES = ['not-started', 'preview', 'running', 'paused', 'finished', 'unfinished', 'disqualified', 'did-not-start'];

/** The heat on screen, or null when the page shows no heat (the home, the judge's name asked …). */
export async function readHeat(page: Page): Promise<HeatScreen | null> {
	const params = new URL(page.url()).searchParams;
	const competitionId = params.get('competition');
	const heatId = params.get('heat');
	if (!competitionId || !heatId) return null;
	const seen = await page.evaluate((states) => {
		const grid = document.querySelector('[data-testid="seat-grid"]');
		if (!grid) return null;
		const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
		const seats = [...grid.querySelectorAll<HTMLElement>('[data-testid="seat"]')].map((card) => {
			const has = (id: string) => card.querySelector(`.actions [data-testid="${id}"]`) !== null;
			const actions: string[] = [];
			for (const id of ['hand', 'pause', 'confirm', 'reject', 'tally', 'agree']) if (has(id)) actions.push(id);
			if ([...card.querySelectorAll('.actions button')].some((b) => text(b) === 'Resume')) actions.push('resume');
			return {
				id: card.dataset.seat ?? '',
				state: [...card.classList].find((c) => states.includes(c)) ?? '',
				locked: card.classList.contains('locked'),
				shown: `${text(card.querySelector('[data-testid="status"]'))} | ${text(card.querySelector('[data-testid="result"]'))}`,
				actions
			};
		});
		return { canStart: document.querySelector('[data-testid="start"]') !== null, seats };
	}, ENTRY_STATES);
	if (!seen) return null;
	return { competitionId, heatId, canStart: seen.canStart, seats: seen.seats as SeatView[] };
}

/** Nothing left to tap: every seat is done with (no start, no action, no preview counting down). */
export function heatComplete(heat: HeatScreen): boolean {
	return !heat.canStart && heat.seats.every((s) => s.actions.length === 0 && s.state !== 'preview');
}

/** Two frames: the app has repainted for the current clock (its frame loop reads Date.now()). */
export async function settle(page: Page): Promise<void> {
	await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/** Waits until the seat shows something else than `before`: the judge sees the tap recorded. */
export async function waitShownChange(page: Page, seatId: string, before: string, timeout = 15_000): Promise<void> {
	await page.waitForFunction(
		([id, was]) => {
			const card = document.querySelector(`[data-testid="seat"][data-seat="${CSS.escape(id)}"]`);
			if (!card) return false;
			const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
			return `${text(card.querySelector('[data-testid="status"]'))} | ${text(card.querySelector('[data-testid="result"]'))}` !== was;
		},
		[seatId, before] as const,
		{ polling: 'raf', timeout }
	);
}

export function seatLocator(page: Page, seatId: string) {
	return page.locator(`[data-testid="seat"][data-seat="${seatId}"]`);
}

/** Types a tally's groups on the seat's keypad (opened first); the save is the tap. */
export async function typeTally(page: Page, seatId: string, groups: number[]): Promise<void> {
	const card = seatLocator(page, seatId);
	await card.getByTestId('tally').click();
	for (const g of groups) {
		for (const digit of String(g)) await card.getByRole('button', { name: digit, exact: true }).click();
		await expect(card.getByTestId('tally-display')).toHaveText(String(g));
		await card.getByTestId('tally-add').click();
	}
}

/** The click that records the tap. */
export async function clickTap(page: Page, kind: TapKind, seatId: string | null): Promise<void> {
	if (kind === 'start') return page.getByTestId('start').click();
	const card = seatLocator(page, seatId!);
	switch (kind) {
		case 'resume':
			return card.getByRole('button', { name: 'Resume', exact: true }).click();
		case 'tally':
			return card.getByTestId('tally-save').click();
		default:
			return card.getByTestId(kind).click();
	}
}

export type Opened = 'heat' | 'home';

/**
 * Opens the station at `url` (a heat's address or the home) as the judge finds it after the
 * browser comes back; gives the judge's name when the tablet asks for it (localStorage may
 * have lost it in the kill: it is written to disk lazily). Fails when the station cannot open
 * its database.
 */
export async function openStation(page: Page, url: string, judge: string): Promise<Opened> {
	// Not waiting for the load event: what the judge sees is the sign the station is open.
	await page.goto(url, { waitUntil: 'commit' });
	const grid = page.getByTestId('seat-grid');
	const ask = page.getByTestId('judge-ask');
	const home = page.getByTestId('quick-toggle');
	const fatal = page.locator('main.fatal');
	await expect(grid.or(ask).or(home).or(fatal).first()).toBeVisible({ timeout: 30_000 });
	if (await fatal.isVisible()) throw new Error(`the station did not open: ${await fatal.innerText()}`);
	if (await ask.isVisible()) {
		await page.getByTestId('judge-ask-name').fill(judge);
		await page.getByTestId('judge-ask-go').click();
		await expect(grid).toBeVisible();
	}
	return (await grid.isVisible()) ? 'heat' : 'home';
}
