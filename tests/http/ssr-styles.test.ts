import { expect } from 'vitest';
import { BASE, createEvent, RUN } from '../sync-kit';
import { test } from './request';

/**
 * Every component a server-rendered page shows has its styles linked in the page itself, not
 * loaded later by the script: SvelteKit finds them in the build's manifest, which the station's
 * chunk groups (scripts/station-chunks.js) change. Svelte marks each element its scoped styles
 * reach with the component's `svelte-…` class, so each such class must be in a linked sheet.
 */
async function unstyled(path: string): Promise<string[]> {
	const page = await fetch(`${BASE}${path}`);
	expect(page.status, path).toBe(200);
	const html = await page.text();
	const scoped = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)).filter((c) => /^svelte-[a-z0-9]+$/.test(c)));
	expect(scoped.size, `${path}: scoped classes`).toBeGreaterThan(0);
	const sheets = [...html.matchAll(/<link href="([^"]+\.css)" rel="stylesheet"/g)].map((m) => m[1]!);
	const css = (await Promise.all(sheets.map(async (href) => (await fetch(`${BASE}${href}`)).text()))).join('\n');
	return [...scoped].filter((c) => !css.includes(`.${c}`));
}

test('the server-rendered pages link the styles of every component they show', async () => {
	const { eventId } = await createEvent(`Styles ${RUN}`);
	for (const path of ['/', `/live/${eventId}`]) expect(await unstyled(path), path).toEqual([]);
});
