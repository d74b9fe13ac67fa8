import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOWED_STYLE_ATTRIBUTES, BASE_CSP, CSP_DIRECTIVES, SECURITY_HEADERS, policyOfPrerenderedPage, serializeCsp, sha256Source } from './security-policy.js';
import { withSecurityHeaders } from './security-headers';

/** The directives of a policy header, by name. */
const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));

describe('the Content-Security-Policy', () => {
	it('writes keywords and hashes in quotes, hosts and schemes as they are', () => {
		expect(serializeCsp({ 'default-src': ['self'], 'img-src': ['self', 'data:'], 'script-src': ['self', 'sha256-abc='], 'object-src': ['none'] })).toBe(
			"default-src 'self'; img-src 'self' data:; script-src 'self' 'sha256-abc='; object-src 'none'"
		);
	});

	it('lets nothing run inline or come from elsewhere, and no page be framed', () => {
		const base = directives(BASE_CSP);
		expect(base.get('default-src')).toEqual(["'self'"]);
		expect(base.get('script-src')).toEqual(["'self'"]);
		expect(base.get('style-src')).toEqual(["'self'"]);
		expect(base.get('connect-src')).toEqual(["'self'"]);
		expect(base.get('object-src')).toEqual(["'none'"]);
		// Images: the server's own, and blob: URLs the app makes of photos it holds (issue 33); no data:, no other host.
		expect(base.get('img-src')).toEqual(["'self'", 'blob:']);
		expect(base.get('frame-ancestors')).toEqual(["'none'"]);
		expect(BASE_CSP).not.toContain('unsafe-inline');
		expect(BASE_CSP).not.toContain('unsafe-eval');
		// Plain HTTP on a venue's network must keep working: no upgrade of requests to HTTPS.
		expect(BASE_CSP).not.toContain('upgrade-insecure-requests');
	});

	it('allows exactly the listed style attributes, by their hash', () => {
		expect(sha256Source('position: absolute; left: 0; top: 0; clip: rect(0 0 0 0); clip-path: inset(50%); overflow: hidden; white-space: nowrap; width: 1px; height: 1px')).toBe(
			// What Chromium names as the hash of SvelteKit's route announcer's style when it refuses it.
			'sha256-S8qMpvofolR8Mpjy4kQvEm7m1q8clzU4dfDH0AmvZjo='
		);
		expect(CSP_DIRECTIVES['style-src-attr']).toEqual(['unsafe-hashes', ...ALLOWED_STYLE_ATTRIBUTES.map(sha256Source)]);
	});

	it('covers every style attribute in the markup: the app’s components, app.html and SvelteKit’s generated root', () => {
		const files = ['src/app.html', '.svelte-kit/generated/root.svelte'];
		const walk = (dir: string) => {
			for (const item of readdirSync(dir, { withFileTypes: true })) {
				const path = join(dir, item.name);
				if (item.isDirectory()) walk(path);
				else if (item.name.endsWith('.svelte')) files.push(path);
			}
		};
		walk('src');
		const found = new Set<string>();
		for (const file of files) {
			// The generated root exists after `svelte-kit sync` (npm run check, build, prepare).
			const text = readFileSync(file, 'utf8');
			for (const match of text.matchAll(/\sstyle="([^"]*)"/g)) found.add(match[1]!);
			// A computed style attribute (style={…}) cannot be hashed: it must be none.
			expect(text, `${file}: a style={…} attribute`).not.toMatch(/\sstyle=\{/);
		}
		expect([...found].sort()).toEqual([...ALLOWED_STYLE_ATTRIBUTES].sort());
	});
});

describe('a prerendered page’s policy', () => {
	it('is its <meta> tag’s, decoded, with frame-ancestors added', () => {
		const html = `<head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src &#39;self&#39;; script-src &#39;self&#39; &#39;sha256-x+y/z=&#39;"></head>`;
		expect(policyOfPrerenderedPage(html)).toBe("default-src 'self'; script-src 'self' 'sha256-x+y/z='; frame-ancestors 'none'");
		const plain = `<meta http-equiv="content-security-policy" content="default-src 'self'">`;
		expect(policyOfPrerenderedPage(plain)).toBe("default-src 'self'; frame-ancestors 'none'");
	});

	it('is null without a tag', () => {
		expect(policyOfPrerenderedPage('<!doctype html><title>x</title>')).toBeNull();
	});
});

describe('the headers on SvelteKit’s answers', () => {
	it('adds the fixed headers and the base policy to an answer without a policy', () => {
		const answer = withSecurityHeaders(new Response('{}', { headers: { 'content-type': 'application/json' } }));
		for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers.get(name)).toBe(value);
		expect(answer.headers.get('content-security-policy')).toBe(BASE_CSP);
	});

	it('keeps a page’s own policy (kit.csp, with its hashes)', () => {
		const page = "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'none'";
		const answer = withSecurityHeaders(new Response('<html>', { headers: { 'content-security-policy': page } }));
		expect(answer.headers.get('content-security-policy')).toBe(page);
		expect(answer.headers.get('x-frame-options')).toBe('DENY');
	});

	it('copies an answer whose headers cannot change', async () => {
		const fetched = Response.redirect('http://127.0.0.1/elsewhere', 302);
		expect(() => fetched.headers.set('x-test', '1')).toThrow();
		const answer = withSecurityHeaders(fetched);
		expect(answer.status).toBe(302);
		expect(answer.headers.get('location')).toBe('http://127.0.0.1/elsewhere');
		expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
	});
});
