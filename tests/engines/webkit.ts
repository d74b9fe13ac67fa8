import { Builder, Key, WebElement, type WebDriver } from 'selenium-webdriver';
import { freePort } from '../server-spawn';
import { callSource, describeTarget, locate, until, type EnginePage, type Target } from './engine-page';
import { startGroup, untilAnswers, xDisplay } from './processes';

/**
 * WebKit as on an iPad, from Debian's packages (../shared/TOOLCHAIN.md, "Other browser
 * engines"): WebKitGTK's MiniBrowser (`--automation`) through WebKitWebDriver
 * (`webkit2gtk-driver`), driven with selenium-webdriver, on an X display (Xvfb of its own when
 * there is no DISPLAY). WebDriver's element click is a real input event: a user gesture.
 */

export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * WebKit's own mock camera (a 640×480 test pattern) for the evidence photos (issue 33): without it
 * this machine has no camera and getUserMedia fails. In automation the permission is granted.
 */
const MOCK_CAMERA = ['--enable-media-stream=true', '--enable-mock-capture-devices=true'];

export interface WebKitEngine {
	page: EnginePage;
	/** Quits the browser, then ends the driver and the display: everything it started. */
	stop(): Promise<void>;
}

export async function startWebKit(): Promise<WebKitEngine> {
	const x = await xDisplay();
	const port = Number(process.env.WEBKIT_DRIVER_PORT ?? (await freePort()));
	// English on screen (the station follows the browser's language).
	const env = { ...process.env, DISPLAY: x.display, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US' };
	const driverProcess = startGroup('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], { env });
	let driver: WebDriver | null = null;
	const stop = async () => {
		// A browser that stopped answering does not hold the run: the driver's group is ended next.
		await Promise.race([driver?.quit().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
		await driverProcess.stop();
		await x.stop();
	};
	try {
		await untilAnswers(`http://127.0.0.1:${port}/status`, 10_000, driverProcess);
		driver = await new Builder()
			.usingServer(`http://127.0.0.1:${port}`)
			.withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', ...MOCK_CAMERA] } })
			.build();
		return { page: webKitPage(driver), stop };
	} catch (e) {
		await stop();
		throw e;
	}
}

function webKitPage(driver: WebDriver): EnginePage {
	const element = async (target: Target, what: string): Promise<WebElement> =>
		until(async () => {
			const found: unknown = await driver.executeScript(`return ${callSource(locate, [target])}`);
			return found instanceof WebElement ? found : null;
		}, `${describeTarget(target)} to ${what}`);
	return {
		engine: 'WebKit',
		goto: (url) => driver.get(url),
		// The driver's navigation waits until the new document has loaded.
		reload: () => driver.navigate().refresh(),
		run: (fn, ...args) => driver.executeScript(`return ${callSource(fn, args)}`) as never,
		async click(target) {
			const el = await element(target, 'click');
			// This driver's own scrolling misses an element below the fold of a page with scroll-padding
			// (the organizer's sticky navigation sets it): "not interactable". Centred first, as a finger finds it.
			await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', el);
			await el.click();
		},
		async type(target, text) {
			const field = await element(target, 'type in');
			const lines = text.split('\n');
			// This driver types "\n" in a text area as nothing: Enter presses make the new lines.
			for (const [i, line] of lines.entries()) await field.sendKeys(i < lines.length - 1 ? line + Key.ENTER : line);
		},
		close: () => driver.close()
	};
}
