import puppeteer, { type Browser, type ElementHandle } from 'puppeteer-core';
import { callSource, describeTarget, locate, until, type EnginePage, type Target } from './engine-page';

/**
 * Firefox ESR from Debian's `firefox-esr`, headless, driven over WebDriver BiDi by
 * puppeteer-core (no geckodriver, nothing downloaded; Playwright cannot drive this stock
 * Firefox). Puppeteer makes a throw-away profile and ends the browser on close and when this
 * process is interrupted. Its clicks and key presses are BiDi input actions: user gestures.
 */

export const FIREFOX = '/usr/bin/firefox-esr';

export interface FirefoxEngine {
	page: EnginePage;
	stop(): Promise<void>;
}

export async function startFirefox(): Promise<FirefoxEngine> {
	const browser: Browser = await puppeteer.launch({
		browser: 'firefox',
		executablePath: FIREFOX,
		headless: true,
		// A tablet in landscape.
		defaultViewport: { width: 1024, height: 768 },
		// English on screen (the station follows the browser's language).
		extraPrefsFirefox: {
			'intl.accept_languages': 'en-US',
			'intl.locale.requested': 'en-US',
			// Firefox's fake camera, its permission granted: the evidence photos (issue 33).
			'media.navigator.streams.fake': true,
			'media.navigator.permission.disabled': true
		}
	});
	try {
		const tab = await browser.newPage();
		const element = async (target: Target, what: string): Promise<ElementHandle<Element>> =>
			until(async () => {
				const handle = await tab.evaluateHandle(callSource(locate, [target]));
				const el = handle.asElement() as ElementHandle<Element> | null;
				if (!el) await handle.dispose();
				return el;
			}, `${describeTarget(target)} to ${what}`);
		const page: EnginePage = {
			engine: 'Firefox',
			goto: async (url) => void (await tab.goto(url, { waitUntil: 'load' })),
			reload: async () => void (await tab.reload({ waitUntil: 'load' })),
			run: (fn, ...args) => tab.evaluate(callSource(fn, args)) as never,
			async click(target) {
				const el = await element(target, 'click');
				await el.click();
				await el.dispose();
			},
			async type(target, text) {
				const field = await element(target, 'type in');
				const lines = text.split('\n');
				for (const [i, line] of lines.entries()) {
					await field.type(line);
					if (i < lines.length - 1) await field.press('Enter');
				}
				await field.dispose();
			},
			close: () => tab.close()
		};
		return { page, stop: () => closeFirefox(browser) };
	} catch (e) {
		await closeFirefox(browser);
		throw e;
	}
}

/** Closes Firefox; one that stopped answering is killed after 10 s (puppeteer's process, by its ID). */
async function closeFirefox(browser: Browser): Promise<void> {
	const closed = await Promise.race([browser.close().then(() => true, () => false), new Promise<false>((r) => setTimeout(() => r(false), 10_000))]);
	if (!closed) browser.process()?.kill('SIGKILL');
}
