import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { presetById } from '../src/lib/rules/presets';
import { writeQrY4m } from './qr-video';
import { FULL_CHROMIUM, LAUNCH_ARGS } from './chromium';

/**
 * The pairing page /pair against the production server (playwright.config.ts): an organizer
 * creates an event and adds a judge device over the API, and a tablet pairs with the QR code's
 * link (opened by the camera app, or scanned inside the page with a fake camera) or with the
 * short code; then it unpairs.
 */


interface Organized {
	eventId: string;
	eventName: string;
	organizerKey: string;
	device: { pairUrl: string; code: string; token: string; label: string };
}

/** A new event with one competition (so the station lists it) and a judge device. */
async function organize(request: APIRequestContext, label = 'Table 3'): Promise<Organized> {
	const eventName = `Pairing cup ${Math.random().toString(36).slice(2, 7)}`;
	const created = await request.post('/api/events', { data: { event: { name: eventName, date: '2026-05-16' } } });
	expect(created.status()).toBe(201);
	const { eventId, token: organizerKey } = (await created.json()) as { eventId: string; token: string };
	const auth = { authorization: `Bearer ${organizerKey}` };

	const ruleset = presetById('czjpa-individual')!;
	const setup = await request.post(`/api/events/${eventId}/setup`, {
		headers: auth,
		data: {
			rulesets: [ruleset],
			competitions: [{ id: `${eventId}-ind`, eventId, name: 'Individuals', ruleset: { id: ruleset.id, version: ruleset.version } }],
			heats: [{ id: `${eventId}-h1`, competitionId: `${eventId}-ind`, name: 'Heat 1' }],
			entries: [{ id: `${eventId}-s1`, competitionId: `${eventId}-ind`, heatId: `${eventId}-h1`, name: 'Adéla', members: [], seat: '1' }]
		}
	});
	expect(setup.status()).toBe(200);

	const added = await request.post(`/api/events/${eventId}/devices`, { headers: auth, data: { role: 'judge', label } });
	expect(added.status()).toBe(201);
	const device = (await added.json()) as { pairUrl: string; code: string; token: string };
	return { eventId, eventName, organizerKey, device: { ...device, label } };
}

/** The pairing as the app stored it (IndexedDB `puzzle-judge`, table meta, key "pairing"), read directly. */
function storedPairing(page: Page): Promise<unknown> {
	return page.evaluate(
		() =>
			new Promise((resolve, reject) => {
				const open = indexedDB.open('puzzle-judge');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const get = db.transaction('meta', 'readonly').objectStore('meta').get('pairing');
					get.onerror = () => reject(get.error);
					get.onsuccess = () => {
						db.close();
						resolve((get.result as { value?: unknown } | undefined)?.value ?? null);
					};
				};
			})
	);
}

/** Records the page's pairing-changed events (window CustomEvent) in window.__pairingChanges. */
async function recordPairingChanges(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const w = window as unknown as { __pairingChanges: unknown[] };
		w.__pairingChanges = [];
		window.addEventListener('puzzle-judge:pairing-changed', (e) => w.__pairingChanges.push((e as CustomEvent).detail));
	});
}
const pairingChanges = (page: Page) => page.evaluate(() => (window as unknown as { __pairingChanges: unknown[] }).__pairingChanges);

test('opening the QR code’s link pairs the tablet, drops the token from the address and stores the set-up', async ({ page, request, baseURL }) => {
	const org = await organize(request);
	await recordPairingChanges(page);
	await page.goto(org.device.pairUrl);

	const done = page.getByTestId('pair-done');
	await expect(done).toContainText(`Paired with ${org.eventName} as judge “Table 3”.`);
	await expect(done).toHaveAttribute('role', 'status');
	expect(page.url()).toBe(`${baseURL}/pair`);
	expect(await page.evaluate(() => location.hash)).toBe('');
	expect(await storedPairing(page)).toEqual({ server: baseURL, eventId: org.eventId, role: 'judge', deviceLabel: 'Table 3', token: org.device.token });
	expect(await pairingChanges(page)).toEqual([{ paired: true, eventId: org.eventId }]);

	// The set-up came with it: the station lists the event without any further network.
	await page.getByTestId('pair-go').click();
	await expect(page).toHaveURL(/\/station$/);
	await expect(page.getByTestId('chooser')).toContainText(org.eventName);

	// Going back does not bring the token back.
	await page.goBack();
	await expect(page.getByTestId('pair-current')).toBeVisible();
	expect(page.url()).not.toContain('token');
	await expect(page.getByTestId('pair-current-event')).toHaveText(org.eventName);
});

test('a revoked device’s link is refused and nothing is stored', async ({ page, request }) => {
	const org = await organize(request, 'Lost tablet');
	const list = (await (await request.get(`/api/events/${org.eventId}/devices`, { headers: { authorization: `Bearer ${org.organizerKey}` } })).json()) as {
		devices: { id: string; label: string }[];
	};
	const id = list.devices.find((d) => d.label === 'Lost tablet')!.id;
	expect((await request.delete(`/api/events/${org.eventId}/devices/${id}`, { headers: { authorization: `Bearer ${org.organizerKey}` } })).status()).toBe(200);

	await page.goto(org.device.pairUrl);
	const problem = page.getByTestId('pair-problem');
	await expect(problem).toHaveAttribute('data-kind', 'token-refused');
	await expect(problem).toHaveAttribute('role', 'alert');
	expect(page.url()).not.toContain('token');
	expect(await storedPairing(page)).toBeNull();
	await expect(page.getByTestId('pair-not-paired')).toBeVisible();
});

test('typing the short code pairs a fresh tablet; the same code again is refused', async ({ browser, request, baseURL }) => {
	const org = await organize(request, 'Table 7');
	const context = await browser.newContext({ baseURL });
	const page = await context.newPage();
	await page.goto('/pair');
	await expect(page.getByTestId('pair-not-paired')).toBeVisible();
	await expect(page.getByTestId('pair-server')).toHaveValue(baseURL!);

	// Checked before anything is sent: a wrong address, a short code, a look-alike character.
	const code = page.getByTestId('pair-code');
	await page.getByTestId('pair-server').fill('ftp://nowhere');
	await code.pressSequentially('k7p2q');
	await expect(code).toHaveValue('K7P2-Q');
	await page.getByTestId('pair-code-submit').click();
	await expect(page.locator('#pair-server-hint')).toContainText('https:// or http://');
	await expect(page.getByTestId('pair-server')).toBeFocused();
	await page.getByTestId('pair-server').fill(baseURL!);
	await page.getByTestId('pair-code-submit').click();
	await expect(page.locator('#pair-code-hint')).toContainText('8 characters');
	await code.fill('K7P2-QX90');
	await expect(page.locator('#pair-code-hint')).toContainText('never contain 0');

	// Typed in small letters without the dash.
	await code.fill('');
	await code.pressSequentially(org.device.code.toLowerCase().replace('-', ''));
	await expect(code).toHaveValue(org.device.code);
	await page.getByTestId('pair-code-submit').click();
	await expect(page.getByTestId('pair-done')).toContainText(`Paired with ${org.eventName} as judge “Table 7”.`);
	const stored = (await storedPairing(page)) as { token: string; eventId: string; server: string };
	expect(stored).toMatchObject({ server: baseURL, eventId: org.eventId, deviceLabel: 'Table 7', role: 'judge' });
	// The code was exchanged for a fresh token (the QR's token is replaced).
	expect(stored.token).not.toBe(org.device.token);
	const check = await request.get('/api/device', { headers: { authorization: `Bearer ${stored.token}` } });
	expect((await check.json()) as unknown).toMatchObject({ device: { eventId: org.eventId, label: 'Table 7' } });

	await code.fill(org.device.code);
	await page.getByTestId('pair-code-submit').click();
	const problem = page.getByTestId('pair-problem');
	await expect(problem).toHaveAttribute('data-kind', 'code-refused');
	await expect(problem).toContainText('unknown, used or expired');
	// The earlier pairing is kept.
	expect(await storedPairing(page)).toMatchObject({ token: stored.token });
	await context.close();
});

test('an unreachable server is said so', async ({ page }) => {
	await page.goto('/pair');
	await page.getByTestId('pair-server').fill('http://127.0.0.1:9');
	await page.getByTestId('pair-code').fill('K7P2-QX9M');
	await page.getByTestId('pair-code-submit').click();
	await expect(page.getByTestId('pair-problem')).toHaveAttribute('data-kind', 'unreachable');
	await expect(page.getByTestId('pair-problem')).toContainText('http://127.0.0.1:9 does not answer');
});

test('unpairing forgets the pairing, keeps the set-up and tells the app', async ({ page, request }) => {
	const org = await organize(request, 'Table 9');
	await recordPairingChanges(page);
	await page.goto(org.device.pairUrl);
	await expect(page.getByTestId('pair-done')).toBeVisible();
	await page.reload();

	const current = page.getByTestId('pair-current');
	await expect(current).toContainText(org.eventName);
	await expect(current).toContainText('Table 9');
	await page.getByTestId('pair-unpair').click();
	await expect(current).toContainText('stay queued');
	// Cancelling keeps everything.
	await page.getByTestId('pair-unpair-cancel').click();
	await expect(page.getByTestId('pair-unpair')).toBeFocused();
	expect(await storedPairing(page)).not.toBeNull();

	await page.getByTestId('pair-unpair').click();
	await page.getByTestId('pair-unpair-yes').click();
	await expect(page.getByTestId('pair-unpaired')).toBeVisible();
	await expect(page.getByTestId('pair-not-paired')).toBeVisible();
	expect(await storedPairing(page)).toBeNull();
	expect(await pairingChanges(page)).toEqual([{ paired: false, eventId: null }]);

	await page.goto('/station');
	await expect(page.getByTestId('chooser')).toContainText(org.eventName);
});

test('a refused camera, and a page that is not secure, are explained', async ({ page }) => {
	await page.addInitScript(() => {
		navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
	});
	await page.goto('/pair');
	await page.getByTestId('scan-start').click();
	const problem = page.getByTestId('camera-problem');
	await expect(problem).toHaveAttribute('data-problem', 'denied');
	await expect(problem).toHaveAttribute('role', 'alert');
	await expect(problem).toContainText('Camera access was refused');
	await expect(page.getByTestId('scan-start')).toBeVisible();

	await page.addInitScript(() => Object.defineProperty(window, 'isSecureContext', { value: false }));
	await page.reload();
	await page.getByTestId('scan-start').click();
	await expect(problem).toHaveAttribute('data-problem', 'insecure');
	await expect(problem).toContainText('HTTPS');
	await expect(problem).toContainText('“Deployment and HTTPS” in the README');
});

test('fits a phone in portrait and a 1280×800 tablet, in Czech too', async ({ page }) => {
	for (const [width, height] of [
		[360, 740],
		[1280, 800]
	] as const) {
		await page.setViewportSize({ width, height });
		await page.goto('/pair');
		await expect(page.getByTestId('pair-code')).toBeVisible();
		expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}×${height}`).toBeLessThanOrEqual(width);
	}
	await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'cs'));
	await page.reload();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spárovat tablet');
	await expect(page.getByLabel('Párovací kód')).toBeVisible();
});

test.describe('scanning the QR code with the camera', () => {
	const video = resolve('tests/.tmp/pair-qr.y4m');

	// Playwright refuses `test.use({ launchOptions })` inside a describe (it would need a worker of
	// its own), and the fake camera reads its video file when the browser starts, which must be
	// after the device exists: this test launches its own Chromium, with the config's flags plus
	// the fake camera's, once the video shows this event's QR code.
	test('pairs from the camera picture (jsQR, as this Chromium has no BarcodeDetector)', async ({ playwright, request, baseURL }) => {
		const org = await organize(request, 'Camera tablet');
		const qr = writeQrY4m(video, org.device.pairUrl);
		expect(qr.modules * qr.scale).toBeGreaterThan(300);
		const browser = await playwright.chromium.launch({
			executablePath: FULL_CHROMIUM,
			args: [...LAUNCH_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`, '--use-fake-ui-for-media-stream']
		});
		try {
			const context = await browser.newContext({ baseURL, permissions: ['camera'] });
			const page = await context.newPage();
			await page.goto('/pair');
			expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
			const scanner = page.getByTestId('qr-scanner');
			await page.getByTestId('scan-start').click();
			await expect(page.getByTestId('pair-done')).toContainText(`Paired with ${org.eventName} as judge “Camera tablet”.`, { timeout: 15_000 });
			await expect(scanner).toHaveAttribute('data-decoder', 'jsqr');
			// The camera is off again: no picture, and no live track left.
			await expect(scanner).toHaveAttribute('data-phase', 'idle');
			await expect(page.locator('video')).toHaveCount(0);
			expect(await storedPairing(page)).toEqual({ server: baseURL, eventId: org.eventId, role: 'judge', deviceLabel: 'Camera tablet', token: org.device.token });
		} finally {
			await browser.close();
		}
	});
});
