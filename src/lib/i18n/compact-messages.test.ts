import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile } from '@inlang/paraglide-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as compact from './paraglide/messages/_index.js';
import { LOCALES } from './locales';

/**
 * scripts/i18n-compact.js rewrites Paraglide's message modules in a smaller form (issue 34).
 * Proof that nothing changed: every message, compiled by Paraglide as it was, against the
 * rewritten one, in every locale (and a locale that is not ours), with inputs that pick every
 * plural form.
 */
type Message = (inputs?: Record<string, unknown>, options?: { locale?: string }) => string;

const VALUES: readonly unknown[] = [0, 1, 2, 3, 5, 21, 1.5, 'Ana', undefined];

let dir = '';
let paraglide: Record<string, Message> = {};

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'paraglide-'));
	await compile({
		project: join(import.meta.dirname, '../../../project.inlang'),
		outdir: dir,
		strategy: ['cookie', 'localStorage', 'preferredLanguage', 'baseLocale']
	});
	paraglide = (await import(/* @vite-ignore */ pathToFileURL(join(dir, 'messages/_index.js')).href)) as Record<string, Message>;
}, 60_000);

afterAll(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the compacted messages (scripts/i18n-compact.js)', () => {
	it('are every message Paraglide compiles', () => {
		const files = readdirSync(join(dir, 'messages')).filter((f) => f.endsWith('.js') && f !== '_index.js');
		expect(Object.keys(paraglide).sort()).toEqual(files.map((f) => f.slice(0, -3)).sort());
		expect(Object.keys(compact).sort()).toEqual(Object.keys(paraglide).sort());
	});

	it('say what Paraglide says, in every locale, for inputs that pick every variant', () => {
		const rewritten = compact as unknown as Record<string, Message>;
		let compared = 0;
		for (const [key, original] of Object.entries(paraglide)) {
			for (const locale of [...LOCALES, 'xx', 'constructor']) {
				for (const value of VALUES) {
					// Every input a message might read, set to the same value (a plural reads its count).
					const inputs = new Proxy({}, { get: (_, name) => (typeof name === 'string' ? value : undefined) });
					expect(rewritten[key]!(inputs, { locale }), `${locale}.${key} (${String(value)})`).toBe(original(inputs, { locale }));
					compared++;
				}
			}
		}
		expect(compared).toBeGreaterThan(1000);
	});
});
