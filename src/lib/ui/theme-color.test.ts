import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DARK_THEME_COLOR } from './theme-color';

describe('the display’s browser bar colour', () => {
	it('is the dark theme’s page colour token', () => {
		const tokens = readFileSync(join(import.meta.dirname, 'tokens.css'), 'utf8');
		const dark = tokens.slice(tokens.indexOf("[data-theme='dark']"));
		expect(dark.match(/--color-bg:\s*([^;]+);/)?.[1]).toBe(DARK_THEME_COLOR);
	});
});
