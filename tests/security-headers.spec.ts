import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { ownCompetition, openOrganizer, signInOrganizer } from './organizer-kit';
import { writeQrY4m } from './qr-video';
import { fillQuickSetup, seatCard } from './station-helpers';
import { addDevice, call, expectStatus } from './sync-kit';
import { FULL_CHROMIUM, LAUNCH_ARGS, ON_FULL_CHROMIUM } from './chromium';

/**
 * Security headers (issue 12, point 7) against the production server that `npm start` runs
 * (scripts/start.js; src/lib/server/security-policy.js): every kind of answer carries them, no
 * page trips its Content-Security-Policy while it does its work (the station and a heat, pairing
 * by link and with the camera, the organizer's QR codes and plots, printing, the display, the
 * public results, the worker's offline copy of the station), and no other origin can frame the
 * organizer's screen.
 */

const T0 = Date.UTC(2026, 4, 16, 9);
const MIN = 60_000;
const auth = (t: string) => ({ authorization: `Bearer ${t}`, accept: 'application/json' });

/**
 * Collects, for one page, every `securitypolicyviolation` event of its documents (reported to the
 * test as it happens, so a navigation loses none), every console error and every console message
 * about a Content-Security-Policy or Permissions-Policy, and uncaught errors.
 */
async function watchPolicies(page: Page): Promise<string[]> {
	const problems: string[] = [];
	await page.exposeFunction('__reportPolicyViolation', (text: string) => problems.push(`violation: ${text}`));
	await page.addInitScript(() => {
		document.addEventListener(
			'securitypolicyviolation',
			(e) => {
				const report = (window as unknown as { __reportPolicyViolation: (text: string) => void }).__reportPolicyViolation;
				void report(`${e.effectiveDirective} refused ${e.blockedURI || 'an inline source'} on ${e.documentURI} (${e.sourceFile}:${e.lineNumber} ${e.sample})`);
			},
			true
		);
	});
	page.on('console', (message) => {
		if (message.type() === 'error' || /security.policy|permissions.policy/i.test(message.text())) problems.push(`console ${message.type()}: ${message.text()} (${message.location().url})`);
	});
	page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
	return problems;
}

/** Every test: the default page's violations and console errors must be none. */
const test = base.extend<{ problems: string[] }>({
	problems: [
		async ({ page }, use) => {
			const problems = await watchPolicies(page);
			await use(problems);
			expect(problems, 'Content-Security-Policy violations and console errors').toEqual([]);
		},
		{ auto: true }
	]
});

// A test below asks for the screen's wake lock, whose permission the headless shell refuses: the
// whole file runs on the full browser (a launch option is the worker's, tests/chromium.ts).
test.use({ launchOptions: ON_FULL_CHROMIUM });

/** The headers every answer must carry, whatever it is. */
function expectSecurityHeaders(headers: Record<string, string>, what: string): string {
	expect(headers['x-content-type-options'], what).toBe('nosniff');
	expect(headers['x-frame-options'], what).toBe('DENY');
	expect(headers['referrer-policy'], what).toBe('no-referrer');
	const permissions = headers['permissions-policy'] ?? '';
	expect(permissions, what).toContain('camera=(self)');
	expect(permissions, what).toContain('screen-wake-lock=(self)');
	expect(permissions, what).toContain('microphone=()');
	expect(permissions, what).toContain('geolocation=()');
	const csp = headers['content-security-policy'] ?? '';
	const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
	expect(directives.get('frame-ancestors'), `${what}: ${csp}`).toEqual(["'none'"]);
	expect(directives.get('default-src'), `${what}: ${csp}`).toEqual(["'self'"]);
	expect(directives.get('object-src'), `${what}: ${csp}`).toEqual(["'none'"]);
	expect(directives.get('base-uri'), `${what}: ${csp}`).toEqual(["'none'"]);
	const scripts = directives.get('script-src') ?? [];
	expect(scripts[0], `${what}: ${csp}`).toBe("'self'");
	for (const source of scripts.slice(1)) expect(source, `${what}: only hashes besides 'self'`).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
	expect(directives.get('style-src'), `${what}: ${csp}`).toEqual(["'self'"]);
	// Style attributes: only SvelteKit's route announcer's, by its hash.
	expect(directives.get('style-src-attr'), `${what}: ${csp}`).toEqual(["'unsafe-hashes'", expect.stringMatching(/^'sha256-/)]);
	return csp;
}

/** The policy SvelteKit wrote into a prerendered page (kit.csp), as the browser reads it. */
function metaPolicy(html: string): string {
	const content = /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(html)?.[1];
	expect(content, 'a prerendered page carries its policy in a <meta> tag').toBeDefined();
	return content!.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

async function get(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
	const res = await request.get(path, { headers, maxRedirects: 0 });
	return { status: res.status(), headers: res.headers(), text: await res.text() };
}

test('every answer carries the security headers: server-rendered and prerendered pages, /api, the service worker, static files, errors', async ({ request }) => {
	await test.step('server-rendered pages: the policy with the hash of their inline script', async () => {
		for (const path of ['/', '/results/demo']) {
			const a = await get(request, path);
			expect(a.status, path).toBe(200);
			const csp = expectSecurityHeaders(a.headers, path);
			expect(csp, path).toMatch(/script-src 'self' 'sha256-/);
		}
	});

	await test.step('prerendered pages (served by adapter-node, not SvelteKit): the header is the page’s <meta> policy plus frame-ancestors', async () => {
		for (const path of ['/station', '/organizer', '/organizer/print', '/pair', '/display']) {
			const a = await get(request, path);
			expect(a.status, path).toBe(200);
			const csp = expectSecurityHeaders(a.headers, path);
			const meta = metaPolicy(a.text);
			expect(meta, path).toMatch(/script-src 'self' 'sha256-/);
			expect(csp, path).toBe(`${meta}; frame-ancestors 'none'`);
		}
	});

	await test.step('/api answers, successes and errors', async () => {
		expectSecurityHeaders((await get(request, '/api/health')).headers, '/api/health');
		const refused = await get(request, '/api/events/demo/judge-events?after=0', { accept: 'application/json' });
		expect(refused.status).toBe(401);
		expectSecurityHeaders(refused.headers, 'a refused /api request');
	});

	await test.step('the service worker, its Workbox runtime, the manifest, icons, the app’s scripts and styles', async () => {
		const station = (await get(request, '/station')).text;
		const script = /href="(\/_app\/immutable\/[^"]+\.js)"/.exec(station)?.[1];
		const style = /href="(\/_app\/immutable\/[^"]+\.css)"/.exec(station)?.[1];
		const worker = await get(request, '/sw.js');
		const runtime = /workbox-[\w-]+/.exec(worker.text)?.[0];
		expect(script && style && runtime, 'assets named by the pages and the worker').toBeTruthy();
		for (const path of ['/sw.js', `/${runtime}.js`, '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', script!, style!]) {
			const a = await get(request, path);
			expect(a.status, path).toBe(200);
			expectSecurityHeaders(a.headers, path);
		}
	});

	await test.step('a page that does not exist, and a redirect', async () => {
		const missing = await get(request, '/no-such-page');
		expect(missing.status).toBe(404);
		expectSecurityHeaders(missing.headers, '/no-such-page');
		const redirect = await get(request, '/station/');
		expect(redirect.status).toBe(308);
		expectSecurityHeaders(redirect.headers, 'the redirect of /station/');
	});
});

test('the start page, the station and a heat work without a policy violation; the screen may be kept awake, the camera used, nothing else', async ({ page }) => {
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana', 'Bob']);
	await page.getByTestId('start').click();
	await expect(seatCard(page, 'Ana').getByTestId('status')).toHaveText('Running');
	// The Permissions-Policy lets the app keep the screen awake and use the camera, nothing more.
	expect(
		await page.evaluate(async () => {
			const policy = (document as unknown as { featurePolicy?: { allowsFeature: (f: string) => boolean } }).featurePolicy;
			const lock = await navigator.wakeLock.request('screen').then(
				(sentinel) => sentinel.release().then(() => 'granted'),
				(e: Error) => `${e.name}: ${e.message}`
			);
			return { lock, allowed: policy ? ['camera', 'screen-wake-lock', 'microphone', 'geolocation', 'payment', 'usb'].filter((f) => policy.allowsFeature(f)) : null };
		})
	).toEqual({ lock: 'granted', allowed: ['camera', 'screen-wake-lock'] });
	await seatCard(page, 'Ana').getByTestId('hand').click();
	await seatCard(page, 'Ana').getByTestId('missing').fill('0');
	await seatCard(page, 'Ana').getByTestId('confirm').click();
	await expect(seatCard(page, 'Ana').getByTestId('result')).toBeVisible();
	await page.getByRole('button', { name: 'Standings' }).click();
	await expect(page.getByTestId('standings').locator('tbody tr').first()).toContainText('Ana');
});

test('pairing by link, the organizer with QR codes and plots, printing, the public results and the display work without a policy violation', async ({ page, browser, baseURL }) => {
	const own = await ownCompetition('csp', 'czjpa-individual', ['Ada', 'Bo', 'Cid']);
	const log = new DeviceLog({ deviceId: `csp-${Date.now()}`, judge: 'Eva', competitionId: own.competitionId, heatId: own.heatId });
	log.start(T0, own.entryIds);
	log.confirm(log.hand(own.entryIds[0]!, T0 + 41 * MIN), T0 + 42 * MIN, 0);
	log.confirm(log.hand(own.entryIds[1]!, T0 + 52 * MIN), T0 + 53 * MIN, 0);
	expect((await page.request.post(`/api/events/${own.eventId}/judge-events`, { headers: auth(own.judge), data: { events: log.events } })).status()).toBe(200);

	await test.step('the organizer: standings, plots, a new device’s QR code', async () => {
		await signInOrganizer(page, own.org, own.eventId, own.eventName);
		await openOrganizer(page, 'review');
		const competition = page.locator('details').filter({ has: page.locator(`[data-testid="org-standings"][data-competition="${own.competitionId}"]`) });
		await expect(competition.getByRole('img', { name: /^Final times of / })).toBeVisible();
		await expect(competition.getByRole('img', { name: /^Finishes over time: Heat 1/ })).toBeVisible();
		await openOrganizer(page, 'devices');
		await page.getByLabel('Role', { exact: true }).selectOption('judge');
		await page.getByLabel('Name', { exact: true }).fill('Table 9');
		await page.getByRole('button', { name: 'Add the device' }).click();
		await expect(page.getByTestId('added-device').getByTestId('pair-qr').locator('svg path').first()).toBeAttached();
		await expect(page.getByTestId('added-device').getByTestId('pair-qr').locator('svg')).toBeVisible();
	});

	await test.step('printing', async () => {
		await openOrganizer(page, 'review');
		await competition(page, own.competitionId).getByTestId('results-print').click();
		await expect(page.getByTestId('print-standings')).toContainText('Ada');
		await page.emulateMedia({ media: 'print' });
		await expect(page.getByTestId('print-standings')).toBeVisible();
		await page.emulateMedia({ media: 'screen' });
	});

	await test.step('the public results', async () => {
		expectStatus(await call('POST', `/api/events/${own.eventId}/publications`, { token: own.org, json: { competitionId: own.competitionId } }), 201, 'publish');
		await page.goto(`/results/${own.eventId}`);
		await expect(page.getByRole('rowheader', { name: 'Ada' })).toBeVisible();
	});

	await test.step('a display paired by its link shows the heat', async () => {
		const display = await addDevice(own.eventId, own.org, 'display', 'Hall screen');
		const context = await browser.newContext({ baseURL });
		const screen = await context.newPage();
		const problems = await watchPolicies(screen);
		try {
			await screen.goto(display.pairUrl);
			await expect(screen.getByTestId('pair-done')).toContainText('as display');
			await screen.goto(`/display?competition=${own.competitionId}&heat=${own.heatId}`);
			await expect(screen.getByTestId('display-heat')).toHaveText('Heat 1');
			await expect(screen.getByTestId('display-rows').getByTestId('display-row').first()).toContainText('Ada');
			expect(problems, 'the display').toEqual([]);
		} finally {
			await context.close();
		}
	});
});

const competition = (page: Page, id: string) => page.locator('details').filter({ has: page.locator(`[data-testid="org-standings"][data-competition="${id}"]`) });

test('the QR scanner reads the camera (jsQR) without a policy violation', async ({ playwright, baseURL }) => {
	const own = await ownCompetition('cspcam', 'czjpa-individual', ['Ada']);
	const device = await addDevice(own.eventId, own.org, 'judge', 'Camera tablet');
	const video = resolve('tests/.tmp/csp-qr.y4m');
	writeQrY4m(video, device.pairUrl);
	// The fake camera reads its file when Chromium starts (tests/pair.spec.ts): a browser of its own.
	const browser = await playwright.chromium.launch({
		executablePath: FULL_CHROMIUM,
		args: [...LAUNCH_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`, '--use-fake-ui-for-media-stream']
	});
	try {
		const context = await browser.newContext({ baseURL, permissions: ['camera'] });
		const page = await context.newPage();
		const problems = await watchPolicies(page);
		await page.goto('/pair');
		await page.getByTestId('scan-start').click();
		await expect(page.getByTestId('pair-done')).toContainText('as judge “Camera tablet”', { timeout: 15_000 });
		await expect(page.getByTestId('qr-scanner')).toHaveAttribute('data-decoder', 'jsqr');
		expect(problems, 'the pairing page with the camera').toEqual([]);
	} finally {
		await browser.close();
	}
});

test.describe('with the service worker', () => {
	test.use({ serviceWorkers: 'allow' });

	test('offline, the worker’s copy of the station satisfies its policy and works', async ({ page, context }) => {
		await page.goto('/station');
		await page.evaluate(async () => {
			await navigator.serviceWorker.ready;
		});
		await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
		await context.setOffline(true);
		const response = await page.reload();
		expect(response!.fromServiceWorker()).toBe(true);
		expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
		await fillQuickSetup(page, 'es-adult-individual', ['Lucía', 'Marta']);
		await expect(seatCard(page, 'Lucía')).toBeVisible();
		await context.setOffline(false);
	});
});

test('another origin cannot frame the organizer’s screen', async ({ page, baseURL, problems }) => {
	// A page of another origin (another port of this machine) with the organizer in a frame.
	const framer = createServer((_req, res) => {
		res.writeHead(200, { 'content-type': 'text/html' });
		res.end(`<!doctype html><title>Framer</title><iframe id="victim" src="${baseURL}/organizer" width="800" height="600"></iframe>`);
	});
	await new Promise<void>((ok) => framer.listen(0, '127.0.0.1', ok));
	try {
		const framerOrigin = `http://127.0.0.1:${(framer.address() as AddressInfo).port}`;
		const organizer = page.waitForResponse(`${baseURL}/organizer`);
		await page.goto(framerOrigin);
		// The server answered the frame's request; the browser refused to show it.
		expect((await organizer).status()).toBe(200);
		await expect.poll(() => problems.some((p) => /frame-ancestors|X-Frame-Options/.test(p))).toBe(true);
		expect(page.frames().find((f) => f !== page.mainFrame())?.url()).not.toBe(`${baseURL}/organizer`);
		await expect(page.frameLocator('#victim').getByRole('heading')).toHaveCount(0);
		// The refusal was the only message.
		expect(problems.filter((p) => !/frame-ancestors|X-Frame-Options/.test(p))).toEqual([]);
		problems.length = 0;
	} finally {
		await new Promise((ok) => framer.close(ok));
	}
});
