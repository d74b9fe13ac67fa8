import { expect, test, type Page } from '@playwright/test';
import { PHOTO_MAX_EDGE, PHOTO_TARGET_BYTES } from '../src/lib/contract/photos';
import { fillQuickSetup, seatCard, storedEvents, typeTally } from './station-helpers';
import { FULL_CHROMIUM, LAUNCH_ARGS } from './chromium';

/**
 * Issue 33: a photo of an unfinished puzzle's tally, taken with the tablet's camera (Chromium's
 * fake camera) while offline: stored on the tablet beside the tally event, its thumbnail on the
 * seat card, full size and zoomable from there, and still there after an offline reload (the
 * page from the service worker, the photo from IndexedDB).
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const T0 = Date.parse('2026-05-16T09:00:00Z');
const HOURS = 60 * 60_000;

interface StoredPhoto {
	hash: string;
	judgeEventId?: string;
	subject: string;
	entryId: string;
	width: number;
	height: number;
	mediaType: string;
	bytes: number;
	uploaded: number;
	thumbnailBytes: number;
	blobBytes: number;
}

/** The photos as the tablet stored them, read straight from IndexedDB (not through the app). */
function storedPhotos(page: Page): Promise<StoredPhoto[]> {
	return page.evaluate(
		() =>
			new Promise<StoredPhoto[]>((resolve, reject) => {
				const open = indexedDB.open('puzzle-judge');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const tx = db.transaction(['photos', 'photoBytes'], 'readonly');
					const photos = tx.objectStore('photos').getAll();
					const bytes = tx.objectStore('photoBytes').getAll();
					tx.oncomplete = () => {
						db.close();
						const blobs = new Map((bytes.result as { hash: string; bytes: ArrayBuffer }[]).map((b) => [b.hash, b.bytes.byteLength]));
						resolve(
							(photos.result as (StoredPhoto & { thumbnail: ArrayBuffer })[]).map(({ thumbnail, ...p }) => ({ ...p, thumbnailBytes: thumbnail.byteLength, blobBytes: blobs.get(p.hash) ?? -1 }))
						);
					};
					tx.onerror = () => reject(tx.error);
				};
			})
	);
}

test('a photo of the tally, taken offline with the camera, shows on the seat card, opens full size and survives an offline reload', async ({ playwright, baseURL }) => {
	const browser = await playwright.chromium.launch({
		executablePath: FULL_CHROMIUM,
		args: [...LAUNCH_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']
	});
	try {
		const context = await browser.newContext({ baseURL, permissions: ['camera'], serviceWorkers: 'allow', locale: 'en-US', timezoneId: 'UTC' });
		const page = await context.newPage();
		await page.clock.install({ time: T0 });
		await page.goto('/station');
		await expect(page.getByTestId('quick-start')).toBeVisible();
		await page.evaluate(async () => void (await navigator.serviceWorker.ready));
		await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');

		await context.setOffline(true);
		await fillQuickSetup(page, 'czjpa-individual', ['Ana']);
		const ana = seatCard(page, 'Ana');
		await page.getByTestId('start').click();
		await expect(ana.getByTestId('status')).toHaveText('Running');
		await page.clock.fastForward(2 * HOURS);
		await expect(ana.getByTestId('status')).toHaveText('Time is up');

		// The groups are being typed: the photo is taken now, before the tally exists.
		await ana.getByTestId('tally').click();
		await typeTally(ana, ['300'], { save: false });
		await ana.getByTestId('photo').click();
		const camera = page.getByTestId('photo-camera');
		await expect(camera).toBeVisible();
		await expect(camera.getByTestId('photo-problem')).toHaveCount(0);
		const shutter = camera.getByTestId('photo-shutter');
		await expect(shutter).toBeEnabled();
		expect((await shutter.boundingBox())!.height).toBeGreaterThanOrEqual(72);
		await shutter.click();
		await expect(camera.getByTestId('photo-count')).toHaveText('1 photo saved');
		const storedMs = Number(await camera.getByTestId('photo-count').getAttribute('data-stored-ms'));
		test.info().annotations.push({ type: 'capture→stored (ms)', description: String(storedMs) });
		await camera.getByTestId('photo-done').click();
		await expect(camera).toBeHidden();
		await ana.getByTestId('tally-save').click();
		await expect(ana.getByTestId('result')).toHaveText('300 pieces counted');

		// A second photo of the recorded tally, from the card. The camera starts its picture anew each
		// time it opens: the shutter waits until the fake camera's picture moved on from the first one's.
		await ana.getByTestId('photo').click();
		await expect(camera.getByTestId('photo-shutter')).toBeEnabled();
		await expect.poll(() => camera.getByTestId('photo-preview').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(1);
		await camera.getByTestId('photo-shutter').click();
		await expect(camera.getByTestId('photo-count')).toHaveText('1 photo saved');
		await page.keyboard.press('Escape');
		await expect(camera).toBeHidden();

		const thumbs = ana.getByTestId('photo-thumb');
		await expect(thumbs).toHaveCount(2);
		await expect(thumbs.first().locator('img')).toBeVisible();

		// Stored beside the tally event, both of them, resized and compressed, not yet sent.
		const tally = (await storedEvents(page)).find((e) => e.type === 'tally.recorded')!;
		const photos = await storedPhotos(page);
		expect(photos).toHaveLength(2);
		for (const p of photos) {
			expect(p).toMatchObject({ judgeEventId: tally.id, subject: 'tally', entryId: tally.entryId, uploaded: 0 });
			expect(p.hash).toMatch(/^[0-9a-f]{64}$/);
			expect(Math.max(p.width, p.height)).toBeLessThanOrEqual(PHOTO_MAX_EDGE);
			expect(p.bytes).toBe(p.blobBytes);
			expect(p.bytes).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
			expect(['image/jpeg', 'image/webp']).toContain(p.mediaType);
			expect(p.thumbnailBytes).toBeGreaterThan(0);
			expect(p.thumbnailBytes).toBeLessThan(p.bytes);
		}
		test.info().annotations.push({ type: 'bytes per photo', description: photos.map((p) => `${p.mediaType} ${p.width}×${p.height} ${p.bytes} B + thumbnail ${p.thumbnailBytes} B`).join('; ') });

		// Full size and zoomable; Escape closes.
		await thumbs.first().click();
		const viewer = page.getByTestId('photo-viewer');
		await expect(viewer.getByTestId('photo-full')).toBeVisible();
		await viewer.getByTestId('photo-zoom-in').click();
		await expect(viewer.getByTestId('photo-frame')).toHaveAttribute('data-scale', '1.5');
		await viewer.getByTestId('photo-frame').press('+');
		await expect(viewer.getByTestId('photo-frame')).toHaveAttribute('data-scale', '2.25');
		await page.keyboard.press('Escape');
		await expect(viewer).toBeHidden();

		// Reloaded offline: still there.
		const response = await page.reload();
		expect(response!.fromServiceWorker()).toBe(true);
		await expect(ana.getByTestId('photo-thumb')).toHaveCount(2);
		await expect(ana.getByTestId('photo-thumb').first().locator('img')).toBeVisible();
	} finally {
		await browser.close();
	}
});

test('where the camera cannot be used, the page says so and the file picker takes the photo instead', async ({ page }) => {
	// This browser has no camera at all (no fake device): getUserMedia fails, as on a tablet whose camera was refused.
	await page.clock.install({ time: T0 });
	await page.goto('/station');
	await fillQuickSetup(page, 'czjpa-individual', ['Ana']);
	const ana = seatCard(page, 'Ana');
	await page.getByTestId('start').click();
	await page.clock.fastForward(2 * HOURS);
	await ana.getByTestId('tally').click();
	await typeTally(ana, ['300']);
	await expect(ana.getByTestId('result')).toHaveText('300 pieces counted');

	await ana.getByTestId('photo').click();
	const camera = page.getByTestId('photo-camera');
	await expect(camera.getByTestId('photo-problem')).toBeVisible();
	await expect(camera.getByTestId('photo-shutter')).toHaveCount(0);
	const picker = camera.getByTestId('photo-file');
	await expect(picker).toHaveAttribute('accept', 'image/*');
	await expect(picker).toHaveAttribute('capture', 'environment');
	await picker.setInputFiles('static/icons/icon-512.png');
	await expect(camera.getByTestId('photo-count')).toHaveText('1 photo saved');
	await camera.getByTestId('photo-done').click();
	await expect(ana.getByTestId('photo-thumb')).toHaveCount(1);
});
