import assert from 'node:assert/strict';
import { PHOTO_MAX_EDGE, PHOTO_TARGET_BYTES } from '../../src/lib/contract/photos';
import { until, type EnginePage } from './engine-page';
import { textOf } from './page-reads';

/**
 * Issue 33 in WebKit and Firefox: the evidence photo's capture and storage path, with the
 * engine's own fake camera (./webkit.ts, ./firefox.ts): at the tally of ./station-flows.ts
 * (Bohdan's, recorded with the server stopped), the judge's Photo tap opens the camera, the
 * shutter stores the photo in IndexedDB beside the tally, its thumbnail shows on the seat card
 * and stays over an offline reload; it opens full size and zooms. (The tablet of these steps is
 * not paired: sending it is tests/evidence-photos.spec.ts's, in Chromium.)
 */

export interface PhotoRow {
	hash: string;
	judgeEventId: string | null;
	subject: string;
	mediaType: string;
	width: number;
	height: number;
	bytes: number;
	uploaded: number;
	blobBytes: number;
}

/** The photos the tablet stored, read from IndexedDB itself (runs in the page). */
export function storedPhotos(): Promise<PhotoRow[]> {
	return new Promise((resolve, reject) => {
		const open = indexedDB.open('puzzle-judge');
		open.onerror = () => reject(open.error);
		open.onsuccess = () => {
			const db = open.result;
			const tx = db.transaction(['photos', 'photoBytes'], 'readonly');
			const photos = tx.objectStore('photos').getAll();
			const bytes = tx.objectStore('photoBytes').getAll();
			tx.oncomplete = () => {
				db.close();
				const sizes = new Map((bytes.result as { hash: string; bytes: ArrayBuffer }[]).map((b) => [b.hash, b.bytes.byteLength]));
				resolve(
					(photos.result as PhotoRow[]).map((p) => ({
						hash: p.hash,
						judgeEventId: p.judgeEventId ?? null,
						subject: p.subject,
						mediaType: p.mediaType,
						width: p.width,
						height: p.height,
						bytes: p.bytes,
						uploaded: p.uploaded,
						blobBytes: sizes.get(p.hash) ?? -1
					}))
				);
			};
			tx.onerror = () => reject(tx.error);
		};
	});
}

/** The tally events the tablet holds (runs in the page). */
function tallyIds(): Promise<string[]> {
	return new Promise((resolve, reject) => {
		const open = indexedDB.open('puzzle-judge');
		open.onerror = () => reject(open.error);
		open.onsuccess = () => {
			const db = open.result;
			const get = db.transaction('events', 'readonly').objectStore('events').getAll();
			get.onsuccess = () => {
				db.close();
				resolve((get.result as { id: string; type: string }[]).filter((e) => e.type === 'tally.recorded').map((e) => e.id));
			};
			get.onerror = () => reject(get.error);
		};
	});
}

/** How many thumbnails the seat card of `name` shows, each with its image loaded (runs in the page). */
function thumbnailsOf(name: string): number {
	const card = [...document.querySelectorAll('[data-testid="seat"]')].find((c) => (c.querySelector('h3')?.textContent ?? '').includes(name));
	if (!card) return -1;
	return [...card.querySelectorAll('[data-testid="photo-thumb"] img')].filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length;
}

export class PhotoRun {

	constructor(readonly page: EnginePage) {}

	/** The Photo tap at Bohdan's recorded tally, the shutter, Done: stored beside the tally, its thumbnail shown. */
	async photoOfTally(): Promise<void> {
		const { page } = this;
		await page.click({ seat: 'Bohdan', testid: 'photo' });
		await until(async () => (await page.run(textOf, 'photo-problem')) === null && (await page.run(() => !!document.querySelector('[data-testid="photo-shutter"]:not([disabled])'))), 'the camera to open (no problem said, the shutter enabled)').catch(async (e) => {
			throw new Error(`${e instanceof Error ? e.message : e}; the page says: ${await page.run(textOf, 'photo-problem')}`);
		});
		await page.click({ testid: 'photo-shutter' });
		await until(async () => (await page.run(textOf, 'photo-count')) === '1 photo saved', '"1 photo saved"').catch(async (e) => {
			throw new Error(`${e instanceof Error ? e.message : e}; the camera says: ${await page.run(textOf, 'photo-camera')}`);
		});
		await page.click({ testid: 'photo-done' });
		const [tally] = await page.run(tallyIds);
		const photos = await page.run(storedPhotos);
		assert.equal(photos.length, 1, 'one photo stored');
		const [photo] = photos;
		assert.equal(photo!.judgeEventId, tally, 'stored beside the tally event');
		assert.equal(photo!.subject, 'tally');
		assert.match(photo!.hash, /^[0-9a-f]{64}$/);
		assert.ok(['image/jpeg', 'image/webp'].includes(photo!.mediaType), photo!.mediaType);
		assert.ok(Math.max(photo!.width, photo!.height) <= PHOTO_MAX_EDGE);
		assert.ok(photo!.bytes > 0 && photo!.bytes <= PHOTO_TARGET_BYTES, String(photo!.bytes));
		assert.equal(photo!.blobBytes, photo!.bytes, 'its bytes stored whole');
		assert.equal(photo!.uploaded, 0, 'not sent: the server is down');

		await until(async () => (await page.run(thumbnailsOf, 'Bohdan')) === 1, "the thumbnail on Bohdan's card");
	}

	/** Reloaded with the server still down: the thumbnail comes back from IndexedDB. */
	async offlineReloadKeepsIt(): Promise<void> {
		await this.page.reload();
		await until(async () => (await this.page.run(thumbnailsOf, 'Bohdan')) === 1, "the thumbnail on Bohdan's card after an offline reload");
	}

	/** The thumbnail opens the photo full size (from IndexedDB, through a blob: URL the CSP allows), zoomable; closed again. */
	async opensFullSize(): Promise<void> {
		const { page } = this;
		await page.click({ seat: 'Bohdan', testid: 'photo-thumb' });
		const size = await until(
			() =>
				page.run(() => {
					const img = document.querySelector('dialog[open] [data-testid="photo-full"]') as HTMLImageElement | null;
					return img && img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:') ? [img.naturalWidth, img.naturalHeight] : null;
				}),
			'the photo full size'
		);
		const [photo] = await page.run(storedPhotos);
		assert.deepEqual(size, [photo!.width, photo!.height], 'shown at its own size');
		await page.click({ testid: 'photo-zoom-in' });
		await until(async () => (await page.run(() => document.querySelector('dialog[open] [data-testid="photo-frame"]')?.getAttribute('data-scale'))) === '1.5', 'zoomed in');
		await page.click({ testid: 'photo-viewer-close' });
		await until(async () => (await page.run(() => document.querySelector('dialog[open] [data-testid="photo-full"]'))) === null, 'the viewer closed');
	}
}
