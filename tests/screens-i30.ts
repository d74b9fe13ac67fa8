import type { Locator, Page } from '@playwright/test';

/**
 * Pictures of the screens issue 30 changed, taken only with SCREENS_I30=1 (not in the gate):
 * test-results/screens-i30/<name>-<lang>-<width>.png at 1280×800 and 390×844, from the top of
 * the page or of `from` (a part further down).
 */
export const I30_SHOTS = process.env.SCREENS_I30 === '1';

export async function shootI30(page: Page, name: string, lang: string, from?: Locator): Promise<void> {
	if (!I30_SHOTS) return;
	const before = page.viewportSize()!;
	for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
		await page.setViewportSize(size);
		if (from) await from.evaluate((el) => el.scrollIntoView({ block: 'start' }));
		else await page.evaluate(() => window.scrollTo(0, 0));
		await page.screenshot({ path: `test-results/screens-i30/${name}-${lang}-${size.width}.png`, animations: 'disabled', caret: 'hide' });
	}
	await page.setViewportSize(before);
}

/** The page in another language (paraglide's cookie, read first), reloaded. */
export async function speakI30(page: Page, lang: string): Promise<void> {
	await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: lang, url: page.url() }]);
	await page.reload();
}
