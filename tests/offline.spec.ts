import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from './server-spawn';

// The service worker is what this spec proves (or what its offline reloads need); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * The judge station offline, through the service worker of the production build
 * (vite.config.ts, SvelteKitPWA). `/station` is a prerendered shell rendered in the browser:
 * its title "Judge station" is set by the client app, so seeing it proves that the app itself
 * booted, not only that some HTML arrived.
 */

const STATION_TITLE = 'Judge station';

/** Waits until a service worker is active and controls the page (the first install claims the
 * open page: `clientsClaim`), i.e. everything is precached. */
async function waitForServiceWorker(page: Page) {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

async function expectStation(page: Page) {
	await expect(page).toHaveTitle(STATION_TITLE);
	await expect(page.locator('main').first()).toBeVisible();
}

test.describe('with the service worker', () => {
	test('after a first visit, /station reloads offline, served by the worker', async ({ page, context }) => {
		await page.goto('/station');
		await expectStation(page);
		await waitForServiceWorker(page);

		await context.setOffline(true);
		const response = await page.reload();
		expect(response, 'a response for the reload').not.toBeNull();
		expect(response!.fromServiceWorker()).toBe(true);
		expect(response!.status()).toBe(200);
		await expectStation(page);
		// Really offline: the server cannot be reached from the page (navigator.onLine is not a proof:
		// Chromium 150 reports true after a reload under Playwright's emulated offline).
		expect(await page.evaluate(() => fetch('/api/health').then(() => 'reached', () => 'unreachable'))).toBe('unreachable');
	});

	test('cold start: a new page, offline, opens /station and a heat URL below it', async ({ page, context }) => {
		await page.goto('/station');
		await waitForServiceWorker(page);
		await page.close();

		await context.setOffline(true);
		const cold = await context.newPage();
		const response = await cold.goto('/station');
		expect(response!.fromServiceWorker()).toBe(true);
		await expectStation(cold);

		// Query strings are not in the precache: navigateFallback serves the same shell.
		const heat = await cold.goto('/station?competition=c1&heat=h1');
		expect(heat!.fromServiceWorker()).toBe(true);
		await expectStation(cold);
	});

	test('the server-rendered start page still comes from the server online, and offline leads to the station', async ({ page, context }) => {
		await page.goto('/station');
		await waitForServiceWorker(page);

		// Online: fresh server data, not the station shell.
		await page.goto('/');
		await expect(page.getByRole('heading', { level: 2, name: 'Demo puzzle day' })).toBeVisible();
		expect(await page.title()).not.toBe(STATION_TITLE);

		await context.setOffline(true);
		await page.goto('/');
		await expect(page).toHaveURL(/\/station$/);
		await expectStation(page);

		// The API is never answered by the worker.
		const api = await page.evaluate(() =>
			fetch('/api/health').then(
				(r) => `status ${r.status}`,
				() => 'failed'
			)
		);
		expect(api).toBe('failed');
	});

	test('installable: the manifest, its icons, and no installability errors', async ({ page, context, request }) => {
		await page.goto('/station');
		await waitForServiceWorker(page);

		const href = await page.locator('link[rel="manifest"]').getAttribute('href');
		expect(href).toBe('/manifest.webmanifest');
		const manifest = await (await request.get(href!)).json();
		expect(manifest).toMatchObject({
			name: 'Puzzle judge',
			short_name: 'Judge',
			start_url: '/station',
			display: 'standalone',
			theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
			background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i)
		});
		const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
		expect(icons.map((i) => `${i.sizes} ${i.type} ${i.purpose ?? 'any'}`).sort()).toEqual([
			'192x192 image/png any',
			'512x512 image/png any',
			'512x512 image/png maskable',
			'any image/svg+xml any'
		]);
		for (const icon of icons) {
			const res = await request.get(icon.src);
			expect(res.status(), icon.src).toBe(200);
			expect(res.headers()['content-type'], icon.src).toContain(icon.type);
		}

		// Chromium's own verdict (the same check as its install prompt), except that Playwright's
		// contexts are incognito ones, where nothing can be installed.
		const cdp = await context.newCDPSession(page);
		const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
		expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
	});
});

test.describe('control: service workers blocked', () => {
	test.use({ serviceWorkers: 'block' });

	test('offline, /station does not load: the offline tests pass because of the worker', async ({ page, context }) => {
		await page.goto('/station');
		await expectStation(page);
		expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

		await context.setOffline(true);
		await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);

		// A cold start. The prerendered page has no Cache-Control, so the HTTP cache may keep it
		// fresh for a while (heuristically): a heat URL never fetched before, and /station with
		// the HTTP cache off, show what is left without the worker.
		const cold = await context.newPage();
		await expect(cold.goto('/station?competition=c1&heat=h1')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
		const cdp = await context.newCDPSession(cold);
		await cdp.send('Network.enable');
		await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
		await expect(cold.goto('/station')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
	});
});

/** A production server of `buildDir` on its own port (the same port for both versions: the
 * worker belongs to the origin). */
async function startServer(buildDir: string, port: number): Promise<ChildProcess> {
	const server = spawn(process.execPath, [resolve(buildDir, 'index.js')], {
		env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: resolve(`tests/.tmp/update-data-${process.pid}`) },
		stdio: 'ignore'
	});
	const deadline = Date.now() + 30_000;
	for (;;) {
		try {
			if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
		} catch {
			// Not listening yet.
		}
		if (server.exitCode !== null) throw new Error(`server of ${buildDir} exited (${server.exitCode})`);
		if (Date.now() > deadline) throw new Error(`server of ${buildDir} did not start`);
		await new Promise((r) => setTimeout(r, 200));
	}
}

async function stopServer(server: ChildProcess | null): Promise<void> {
	if (!server || server.exitCode !== null) return;
	const exited = new Promise((r) => server.once('exit', r));
	server.kill();
	await exited;
}

/** The revisions of the station shell in the precache (Workbox keys carry them): a waiting
 * worker adds its own beside the active one's, which goes when the new worker activates. */
async function cachedStationRevisions(page: Page): Promise<string[]> {
	return page.evaluate(async () => {
		const revisions: string[] = [];
		for (const name of await caches.keys()) {
			for (const request of await (await caches.open(name)).keys()) {
				const url = new URL(request.url);
				if (url.pathname === '/station') revisions.push(url.searchParams.get('__WB_REVISION__') ?? '');
			}
		}
		return revisions.sort();
	});
}

const hasWaitingWorker = (page: Page) =>
	page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);

test.describe('updates', () => {
	const V2 = 'tests/.tmp/build-v2';
	let server: ChildProcess | null = null;

	test.afterEach(async () => {
		await stopServer(server);
		server = null;
	});

	test('a new version is offered, not applied by itself, and applied with "Reload"', async ({ page }) => {
		// Version 2: the same build whose worker precaches a "changed" station page.
		rmSync(V2, { recursive: true, force: true });
		cpSync('build', V2, { recursive: true });
		const swFile = resolve(V2, 'client/sw.js');
		const sw = readFileSync(swFile, 'utf8');
		const v1 = /\{url:"station",revision:"([0-9a-f]+)"\}/.exec(sw)?.[1];
		expect(v1, 'the station shell in the precache manifest').toBeTruthy();
		const v2 = 'f'.repeat(v1!.length);
		writeFileSync(swFile, sw.replace(`{url:"station",revision:"${v1}"}`, `{url:"station",revision:"${v2}"}`));
		// The server prefers the precompressed copies: drop them so it serves the edited file.
		rmSync(`${swFile}.br`, { force: true });
		rmSync(`${swFile}.gz`, { force: true });

		const banner = page.getByRole('status', { name: 'App update' });
		const reload = banner.getByRole('button', { name: 'Reload' });

		// One free port for both versions (the worker belongs to the origin).
		const PORT = await freePort();
		server = await startServer('build', PORT);
		await page.goto(`http://127.0.0.1:${PORT}/station`);
		await waitForServiceWorker(page);
		expect(await cachedStationRevisions(page)).toEqual([v1]);
		await expect(reload).toHaveCount(0);

		// The new version is deployed; the open station finds it.
		await stopServer(server);
		server = await startServer(V2, PORT);
		await page.evaluate(async () => {
			await (await navigator.serviceWorker.getRegistration())?.update();
		});
		await expect(banner).toContainText('A new version is ready');
		await expect(reload).toBeVisible();
		await expect.poll(() => hasWaitingWorker(page)).toBe(true);
		expect(await cachedStationRevisions(page)).toEqual([v1, v2].sort());

		// Not applied by itself: a reload (or the browser's own) keeps the running version.
		await page.reload();
		await expectStation(page);
		expect(await hasWaitingWorker(page)).toBe(true);
		expect(await cachedStationRevisions(page)).toEqual([v1, v2].sort());
		await expect(reload).toBeVisible();

		// "Reload": the new worker takes over and the page reloads once.
		await Promise.all([page.waitForEvent('load'), reload.click()]);
		await expectStation(page);
		await expect.poll(() => hasWaitingWorker(page)).toBe(false);
		await expect.poll(() => cachedStationRevisions(page)).toEqual([v2]);
		await expect(reload).toHaveCount(0);
	});
});
