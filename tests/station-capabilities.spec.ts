import { expect, test, type Page } from '@playwright/test';
import { expectTimeLeft, fillQuickSetup, seatCard } from './station-helpers';

/**
 * What iPads refuse outside a tap (issue 17): WebKit refuses a wake-lock request not made in a
 * tap (NotAllowedError) and keeps an AudioContext made or resumed outside one "suspended".
 * Chromium grants both, so an init script makes it behave as WebKit does: both are allowed only
 * within a second (real time, not the page's fake clock) of a trusted tap (Playwright's clicks
 * are real input; `navigator.userActivation` is not used, as Playwright's evaluate sets it):
 * the heat screen's `data-wake-lock` / `data-audio` (the contract the engine tests read too)
 * and its words must say what waits for a tap, and the next tap must fix both.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const MIN = 60_000;
const T0 = Date.parse('2026-05-16T09:00:00Z');

declare global {
	interface Window {
		__webkit: { wakeRequests: string[]; tones: number };
	}
}

/** Chromium behaving as WebKit (iPad) about wake locks and audio outside a tap. */
async function behaveAsWebKit(page: Page) {
	await page.addInitScript(() => {
		window.__webkit = { wakeRequests: [], tones: 0 };
		// Captured before page.clock replaces it (this script is added first).
		const realSetTimeout = window.setTimeout.bind(window);
		let taps = 0;
		for (const type of ['mousedown', 'pointerup', 'touchend', 'keydown']) {
			window.addEventListener(
				type,
				(e) => {
					if (!e.isTrusted) return;
					taps++;
					realSetTimeout(() => taps--, 1000);
				},
				true
			);
		}
		const tapping = () => taps > 0;
		class Sentinel extends EventTarget {
			released = false;
			readonly type = 'screen';
			async release() {
				if (this.released) return;
				this.released = true;
				this.dispatchEvent(new Event('release'));
			}
		}
		const wakeLock = {
			request(type: string) {
				const allowed = tapping();
				window.__webkit.wakeRequests.push(allowed ? 'granted' : 'refused');
				if (!allowed) return Promise.reject(new DOMException('The request is not allowed without a user gesture.', 'NotAllowedError'));
				return Promise.resolve(Object.assign(new Sentinel(), { type }));
			}
		};
		Object.defineProperty(Navigator.prototype, 'wakeLock', { configurable: true, get: () => wakeLock });

		const Real = window.AudioContext;
		class WebKitAudioContext extends Real {
			#allowed = tapping();
			override get state(): AudioContextState {
				return this.#allowed ? super.state : 'suspended';
			}
			override resume(): Promise<void> {
				// WebKit holds a resume asked outside a tap: it never runs by itself.
				if (!tapping()) return new Promise<void>(() => {});
				this.#allowed = true;
				return super.resume().then(() => void this.dispatchEvent(new Event('statechange')));
			}
			override createOscillator(): OscillatorNode {
				window.__webkit.tones++;
				return super.createOscillator();
			}
		}
		Object.defineProperty(window, 'AudioContext', { configurable: true, writable: true, value: WebKitAudioContext });
	});
}

/** A device without a wake lock, Web Audio or vibration (an old iPad's home-screen app). */
async function bareDevice(page: Page) {
	await page.addInitScript(() => {
		delete (Navigator.prototype as { wakeLock?: unknown }).wakeLock;
		delete (Navigator.prototype as { vibrate?: unknown }).vibrate;
		delete (window as { AudioContext?: unknown }).AudioContext;
		delete (window as { webkitAudioContext?: unknown }).webkitAudioContext;
	});
}

const heat = (page: Page) => page.getByTestId('heat-screen');

test('WebKit-like: after a reload of a running heat the wake lock and the sounds wait for a tap, and the next tap gets both', async ({ page }) => {
	await behaveAsWebKit(page);
	await page.clock.install({ time: T0 });
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bohdan']);

	// Before the start no lock is wanted; the sounds wait for the Start tap.
	await expect(heat(page)).toHaveAttribute('data-wake-lock', 'off');
	await expect(heat(page)).toHaveAttribute('data-audio', 'tap-needed');
	await expect(page.getByTestId('tap-needed')).toHaveCount(0);

	// Start is a tap: the audio is made in it, and the lock asked for right after it is granted.
	await page.getByTestId('start').click();
	await expect(heat(page)).toHaveAttribute('data-audio', 'running');
	await expect(heat(page)).toHaveAttribute('data-wake-lock', 'held');
	expect(await page.evaluate(() => window.__webkit.wakeRequests)).toEqual(['granted']);
	await expect.poll(() => page.evaluate(() => window.__webkit.tones)).toBe(1);

	// A reload (or a wake from sleep, an app relaunch): nothing may be asked without a tap.
	await page.clock.fastForward(60 * MIN);
	await page.reload();
	await expectTimeLeft(page, '30:00');
	await expect(heat(page)).toHaveAttribute('data-wake-lock', 'tap-needed');
	await expect(heat(page)).toHaveAttribute('data-audio', 'tap-needed');
	// (The page's record starts again with the reload.)
	await expect.poll(() => page.evaluate(() => window.__webkit.wakeRequests)).toEqual(['refused']);
	const note = page.getByTestId('tap-needed');
	await expect(note).toContainText('Tap the screen to keep it on');
	await expect(note).toContainText('The sounds wait for a tap');
	await expect(page.getByText('The screen could not be kept on')).toHaveCount(0);

	// The 10-minute signal comes before any tap: it cannot sound, and is not played late.
	await page.clock.fastForward(20 * MIN + 30_000);
	await expectTimeLeft(page, '9:30');
	await expect(heat(page)).toHaveAttribute('data-audio', 'tap-needed');

	// The judge's next tap, anywhere on the heat screen: the lock is held, the sounds run.
	await page.getByRole('heading', { name: 'Ana' }).click();
	await expect(heat(page)).toHaveAttribute('data-wake-lock', 'held');
	await expect(heat(page)).toHaveAttribute('data-audio', 'running');
	await expect(note).toHaveCount(0);
	expect(await page.evaluate(() => window.__webkit.wakeRequests)).toEqual(['refused', 'granted']);
	expect(await page.evaluate(() => window.__webkit.tones)).toBe(0);

	// The 1-minute signal now sounds (three tones).
	await page.clock.fastForward(9 * MIN);
	await expectTimeLeft(page, '0:30');
	await expect.poll(() => page.evaluate(() => window.__webkit.tones)).toBe(3);

	// After the limit no lock is wanted.
	await seatCard(page, 'Ana').getByTestId('hand').click();
	await expect(seatCard(page, 'Ana').getByTestId('status')).toHaveText('Finished');
	await page.clock.fastForward(MIN);
	await expect(seatCard(page, 'Bohdan').getByTestId('status')).toHaveText('Time is up');
	await expect(heat(page)).toHaveAttribute('data-wake-lock', 'off');
});

test('"Sound off" says muted, and a tap on "Sound on" makes the audio run', async ({ page }) => {
	await behaveAsWebKit(page);
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana']);
	await page.getByTestId('mute').click();
	await expect(heat(page)).toHaveAttribute('data-audio', 'muted');
	await page.reload();
	await expect(heat(page)).toHaveAttribute('data-audio', 'muted');
	await page.getByTestId('mute').click();
	await expect(heat(page)).toHaveAttribute('data-audio', 'running');
});

test('a device without wake lock, Web Audio or vibration says so: watch the clock', async ({ page }) => {
	await bareDevice(page);
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana']);
	await expect(heat(page)).toHaveAttribute('data-audio', 'unavailable');
	await expect(heat(page)).toHaveAttribute('data-wake-lock', 'off');
	await expect(page.getByTestId('sound-unavailable')).toHaveText(/No sound on this device: watch the clock/);
	await expect(page.getByTestId('no-vibration')).toHaveText('No vibration on this device.');

	await page.getByTestId('start').click();
	await expect(seatCard(page, 'Ana').getByTestId('status')).toHaveText('Running');
	await expect(heat(page)).toHaveAttribute('data-wake-lock', 'unsupported');
	await expect(heat(page)).toHaveAttribute('data-audio', 'unavailable');
	await expect(page.getByText('This device may dim or lock its screen during a heat.')).toBeVisible();
	// Nothing waits for a tap: a tap cannot bring what the device lacks.
	await expect(page.getByTestId('tap-needed')).toHaveCount(0);
});

test('a device whose audio does not run even after a tap (no sound device, sound blocked) says to watch the clock', async ({ page }) => {
	// As Firefox here, without a sound device: the context stays suspended, resume() never answers.
	await page.addInitScript(() => {
		const Real = window.AudioContext;
		class Silent extends Real {
			override get state(): AudioContextState {
				return 'suspended';
			}
			override resume(): Promise<void> {
				return new Promise<void>(() => {});
			}
		}
		Object.defineProperty(window, 'AudioContext', { configurable: true, writable: true, value: Silent });
	});
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana']);
	await page.getByTestId('start').click();
	await expect(heat(page)).toHaveAttribute('data-audio', 'tap-needed');
	await expect(page.getByTestId('tap-needed')).toHaveText(/The sounds do not play on this device, even after a tap .*: watch the clock\./);
	await expect(page.getByTestId('tap-needed')).not.toContainText('The sounds wait for a tap');
});

test('a lock refused even in a tap (battery saver) is said as such, and the next tap still asks', async ({ page }) => {
	await page.addInitScript(() => {
		const counted = { requests: 0 };
		(window as unknown as { __requests: typeof counted }).__requests = counted;
		const wakeLock = {
			request() {
				counted.requests++;
				return Promise.reject(new DOMException('Battery saver is on.', 'NotAllowedError'));
			}
		};
		Object.defineProperty(Navigator.prototype, 'wakeLock', { configurable: true, get: () => wakeLock });
	});
	const requests = () => page.evaluate(() => (window as unknown as { __requests: { requests: number } }).__requests.requests);
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana']);
	await page.getByTestId('start').click();
	// Asked by the start, outside the tap's own listener: "tap the screen".
	await expect(heat(page)).toHaveAttribute('data-wake-lock', 'tap-needed');
	await expect(page.getByTestId('tap-needed')).toContainText('Tap the screen to keep it on');
	expect(await requests()).toBe(1);

	await page.getByRole('heading', { name: 'Ana' }).click();
	await expect.poll(requests).toBe(2);
	await expect(page.getByText('The screen could not be kept on. Keep the device plugged in or turn off auto-lock.')).toBeVisible();
	await expect(page.getByTestId('tap-needed')).toHaveCount(0);
	await expect(heat(page)).toHaveAttribute('data-wake-lock', 'tap-needed');

	await page.getByRole('heading', { name: 'Ana' }).click();
	await expect.poll(requests).toBe(3);
});

test('a device that vibrates and has Web Audio shows no such notes', async ({ page }) => {
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana']);
	await page.getByTestId('start').click();
	await expect(heat(page)).toHaveAttribute('data-audio', 'running');
	await expect(page.getByTestId('sound-unavailable')).toHaveCount(0);
	await expect(page.getByTestId('no-vibration')).toHaveCount(0);
});

for (const path of ['/station', '/pair']) {
	test(`${path} at 1024×768: the "Not paired" badge covers no part of the language picker, in every language`, async ({ page }) => {
		await page.setViewportSize({ width: 1024, height: 768 });
		await page.goto(path);
		const badge = page.locator('.sync-region .badge');
		await expect(badge).toHaveAttribute('data-state', 'unpaired');
		for (const language of ['en', 'cs', 'es']) {
			await page.getByRole('combobox', { name: /Language|Jazyk|Idioma/ }).selectOption(language);
			await expect(page.locator('html')).toHaveAttribute('lang', language);
			const picker = (await page.locator('.locale-switcher').boundingBox())!;
			const b = (await badge.boundingBox())!;
			const overlap = picker.x < b.x + b.width && b.x < picker.x + picker.width && picker.y < b.y + b.height && b.y < picker.y + picker.height;
			expect(overlap, `${language}: picker ${JSON.stringify(picker)}, badge ${JSON.stringify(b)}`).toBe(false);
		}
	});
}
