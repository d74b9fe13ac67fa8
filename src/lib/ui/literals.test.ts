import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The design layer holds: no colour and no pixel size is written outside the tokens
 * (src/lib/ui/tokens.css). A screen takes them from the tokens (var(--…)) or from the
 * components of src/lib/ui. The <script> of a component is not looked at (a size computed in
 * code is not a style), nor is the browser chrome's theme colour (an HTML attribute, where a
 * token cannot go).
 */

const SRC = join(import.meta.dirname, '..', '..');
const TOKENS = 'lib/ui/tokens.css';

/** A hex colour, a functional colour, or a length in pixels. */
const LITERAL = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|\b\d+(?:\.\d+)?px\b/gi;

function files(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
		const path = join(dir, d.name);
		if (d.isDirectory()) return d.name === 'paraglide' ? [] : files(path);
		return /\.(svelte|css)$/.test(d.name) ? [path] : [];
	});
}

/** The file's lines that are style or markup (a .svelte file's <script> blocks left out), with their numbers. */
function styledLines(text: string, svelte: boolean): { line: number; text: string }[] {
	const lines = text.split('\n');
	let inScript = false;
	return lines.flatMap((t, i) => {
		if (svelte && /^<script\b/.test(t)) inScript = true;
		const keep = !inScript && !/<meta name="theme-color"/.test(t);
		if (svelte && /^<\/script>/.test(t)) inScript = false;
		return keep ? [{ line: i + 1, text: t }] : [];
	});
}

export function literalsIn(path: string, text: string): string[] {
	return styledLines(text, path.endsWith('.svelte')).flatMap(({ line, text: t }) => (t.match(LITERAL) ?? []).map((hit) => `${path}:${line}: ${hit}`));
}

describe('colours and pixel sizes come from the tokens', () => {
	it('no .svelte or .css file of src writes one, the tokens aside', () => {
		const found = files(SRC)
			.map((f) => relative(SRC, f).replaceAll('\\', '/'))
			.filter((f) => f !== TOKENS)
			.flatMap((f) => literalsIn(f, readFileSync(join(SRC, f), 'utf8')));
		expect(found).toEqual([]);
	});

	it('finds what it looks for (in styles and markup, not in scripts)', () => {
		const sample = ['<script>', "\tconst w = '12px';", '</script>', '<p style="color: #1d4ed8">x</p>', '<style>', '\tp { margin: 4px; color: rgb(0 0 0); }', '</style>'].join('\n');
		expect(literalsIn('x.svelte', sample)).toEqual(['x.svelte:4: #1d4ed8', 'x.svelte:6: 4px', 'x.svelte:6: rgb(']);
		expect(literalsIn('x.css', 'a { border: 1px solid #fff; }')).toEqual(['x.css:1: 1px', 'x.css:1: #fff']);
		expect(literalsIn('x.css', 'a { padding: var(--space-2); width: 12rem; }')).toEqual([]);
	});
});
