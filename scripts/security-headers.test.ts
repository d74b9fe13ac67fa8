import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_CSP, SECURITY_HEADERS } from '../src/lib/server/security-policy.js';
import { prerenderedPolicies, securityHeaders } from './security-headers.js';

let dir: string;
const page = (hash: string) => `<!doctype html><head><meta http-equiv="content-security-policy" content="script-src &#39;self&#39; &#39;sha256-${hash}&#39;"></head>`;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-headers-'));
	writeFileSync(join(dir, 'station.html'), page('station='));
	mkdirSync(join(dir, 'organizer'));
	writeFileSync(join(dir, 'organizer', 'print.html'), page('print='));
	writeFileSync(join(dir, 'index.html'), page('home='));
	writeFileSync(join(dir, 'no-policy.html'), '<!doctype html><title>x</title>');
	writeFileSync(join(dir, 'station.html.br'), 'compressed');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The headers `securityHeaders` sets for a request of `url`. */
function headersFor(url: string): Record<string, string> {
	const set: Record<string, string> = {};
	const res = { setHeader: (name: string, value: string) => (set[name] = value) } as unknown as ServerResponse;
	securityHeaders(dir)({ url } as IncomingMessage, res);
	return set;
}

describe('the policies of prerendered pages', () => {
	it('are read from each page’s <meta> tag, under the paths adapter-node serves it at', () => {
		const policies = prerenderedPolicies(dir);
		const station = "script-src 'self' 'sha256-station='; frame-ancestors 'none'";
		expect(Object.fromEntries(policies)).toEqual({
			'/station': station,
			'/station.html': station,
			'/organizer/print': "script-src 'self' 'sha256-print='; frame-ancestors 'none'",
			'/organizer/print.html': "script-src 'self' 'sha256-print='; frame-ancestors 'none'",
			'/': "script-src 'self' 'sha256-home='; frame-ancestors 'none'",
			'/index.html': "script-src 'self' 'sha256-home='; frame-ancestors 'none'"
		});
	});

	it('are none without a build', () => {
		expect(prerenderedPolicies(join(dir, 'missing')).size).toBe(0);
	});
});

describe('the headers set before adapter-node answers', () => {
	it('give a prerendered page its policy, whatever the query (the worker asks with ?__WB_REVISION__=…)', () => {
		expect(headersFor('/station?__WB_REVISION__=abc')['content-security-policy']).toBe("script-src 'self' 'sha256-station='; frame-ancestors 'none'");
		expect(headersFor('/organizer/pr%69nt')['content-security-policy']).toBe("script-src 'self' 'sha256-print='; frame-ancestors 'none'");
	});

	it('give everything else the base policy, and every answer the fixed headers', () => {
		for (const url of ['/sw.js', '/api/health', '/_app/immutable/entry/start.js', '/no-policy', '/%E0%A4%A', '/station/']) {
			const set = headersFor(url);
			expect(set['content-security-policy'], url).toBe(BASE_CSP);
			for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(set[name], `${url}: ${name}`).toBe(value);
		}
	});
});
