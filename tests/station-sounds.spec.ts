import { expect, test, type Page } from '@playwright/test';
import { expectTimeLeft, fillQuickSetup, seatCard } from './station-helpers';

/**
 * The heat's signals: start, 10 minutes left, 1 minute left and the limit, each once, with
 * sound (Web Audio) and vibration; none when muted. The page's own `navigator.vibrate` and
 * `AudioContext` are wrapped to record what the app asked for: each signal has its own
 * vibration pattern (src/lib/station/sounds.ts).
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const MIN = 60_000;
const T0 = Date.parse('2026-05-16T09:00:00Z');

const SIGNALS: Record<string, string> = {
	'400,100': 'start',
	'200,100,200,100': 'ten-minutes',
	'150,100,150,100,150,100': 'one-minute',
	'1200,100': 'limit'
};

declare global {
	interface Window {
		__signals: { vibrations: string[]; tones: number };
	}
}

async function recordSignals(page: Page) {
	await page.addInitScript(() => {
		window.__signals = { vibrations: [], tones: 0 };
		Object.defineProperty(Navigator.prototype, 'vibrate', {
			configurable: true,
			value: (pattern: number[]) => {
				window.__signals.vibrations.push(pattern.join());
				return true;
			}
		});
		const create = AudioContext.prototype.createOscillator;
		AudioContext.prototype.createOscillator = function () {
			window.__signals.tones++;
			return create.call(this);
		};
	});
}

const signals = async (page: Page) => (await page.evaluate(() => window.__signals.vibrations)).map((v) => SIGNALS[v] ?? v);
const tones = (page: Page) => page.evaluate(() => window.__signals.tones);

test('start, 10 minutes left, 1 minute left and the limit sound once each; muted, nothing sounds', async ({ page }) => {
	await recordSignals(page);
	await page.clock.install({ time: T0 });
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bohdan']);

	await page.getByTestId('start').click();
	await expect.poll(() => signals(page)).toEqual(['start']);
	expect(await tones(page)).toBe(1);

	await page.clock.fastForward(80 * MIN + 30_000);
	await expectTimeLeft(page, '9:30');
	await expect.poll(() => signals(page)).toEqual(['start', 'ten-minutes']);

	await page.clock.fastForward(9 * MIN);
	await expectTimeLeft(page, '0:30');
	await expect.poll(() => signals(page)).toEqual(['start', 'ten-minutes', 'one-minute']);

	await page.clock.fastForward(31_000);
	await expect(seatCard(page, 'Ana').getByTestId('status')).toHaveText('Time is up');
	await expect.poll(() => signals(page)).toEqual(['start', 'ten-minutes', 'one-minute', 'limit']);
	expect(await tones(page)).toBe(1 + 2 + 3 + 1);
	await page.clock.fastForward(5 * MIN);
	expect(await signals(page)).toHaveLength(4);

	// The next heat, muted before it starts: no sound, no vibration, and the choice is kept.
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Cyril']);
	await page.getByTestId('mute').click();
	await expect(page.getByTestId('mute')).toHaveAttribute('aria-pressed', 'true');
	await page.getByTestId('start').click();
	await expect(seatCard(page, 'Cyril').getByTestId('status')).toHaveText('Running');
	await page.clock.fastForward(91 * MIN);
	await expect(seatCard(page, 'Cyril').getByTestId('status')).toHaveText('Time is up');
	expect(await signals(page)).toEqual([]);
	await page.reload();
	await expect(page.getByTestId('mute')).toHaveAttribute('aria-pressed', 'true');
});

test('a heat whose seats all finish before the limit does not sound the limit', async ({ page }) => {
	await recordSignals(page);
	await page.clock.install({ time: T0 });
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana']);
	await page.getByTestId('start').click();
	// The start's signal sounds when the screen first sees the clock run: wait for it before time jumps.
	await expect.poll(() => signals(page)).toEqual(['start']);
	await page.clock.fastForward(30 * MIN);
	await seatCard(page, 'Ana').getByTestId('hand').click();
	await expect(seatCard(page, 'Ana').getByTestId('status')).toHaveText('Finished');
	await page.clock.fastForward(2_000);
	// Past the limit too: nothing more sounds.
	await page.clock.fastForward(61 * MIN);
	await expect(seatCard(page, 'Ana').getByTestId('status')).toHaveText('Finished');
	expect(await signals(page)).toEqual(['start']);
});
