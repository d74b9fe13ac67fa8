import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { DeviceLog } from '../src/lib/events/builder';
import { MAX_PHOTO_BYTES, type PhotoInfo } from '../src/lib/contract/photos';
import { openOrganizer, ownCompetition, signInOrganizer } from './organizer-kit';
import { rememberJudge, seatCard, typeTally } from './station-helpers';
import { addDevice, BASE, call, expectStatus } from './sync-kit';
import { FULL_CHROMIUM, LAUNCH_ARGS } from './chromium';

/**
 * Issue 33, a photo of evidence from the camera to the organizer's screen, end to end: a paired
 * tablet with Chromium's fake camera photographs a tally while offline, keeps it over an offline
 * reload, sends it once the network is back; the organizer sees it full size; a second push of
 * the same photo stores nothing new; a PNG named .jpg and a 20 MB body are refused with a clear
 * message; and no public page, live result or export carries the photo.
 */

/** A request's headers alone (its body declared, never sent), and the answer the server gives to them. */
function headersOnly(path: string, headers: Record<string, string>): Promise<{ status: number; message: string }> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(new URL(path, BASE), { method: 'PUT', headers }, (res) => {
			let text = '';
			res.setEncoding('utf8');
			res.on('data', (c: string) => (text += c));
			res.on('end', () => {
				resolve({ status: res.statusCode ?? 0, message: (JSON.parse(text) as { message: string }).message });
				req.destroy();
			});
		});
		req.on('error', reject);
		req.flushHeaders();
	});
}

const MIN = 60_000;

test('a photo of a tally, taken offline, reaches the organizer full size and nothing public', async ({ playwright, request }) => {
	test.setTimeout(150_000);
	const own = await ownCompetition('evidence', 'czjpa-individual', ['Ana', 'Bob']);
	const [ana] = own.entryIds;
	// The heat started on another tablet long enough ago that its time is up.
	const other = new DeviceLog({ deviceId: `evidence-other-${Date.now()}`, judge: 'Eva', competitionId: own.competitionId, heatId: own.heatId });
	other.start(Date.now() - own.ruleset.timeLimitMs - 5 * MIN, own.entryIds);
	expectStatus(await call('POST', `/api/events/${own.eventId}/judge-events`, { token: own.judge, json: { events: other.events } }), 200, 'the start');
	const tablet = await addDevice(own.eventId, own.org, 'judge', 'Table 1');
	const photosOf = async () => expectStatus(await call('GET', `/api/events/${own.eventId}/photos?entryId=${ana}`, { token: own.org }), 200, 'the photos').body.photos as PhotoInfo[];

	const browser = await playwright.chromium.launch({ executablePath: FULL_CHROMIUM, args: [...LAUNCH_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] });
	try {
		const context = await browser.newContext({ baseURL: BASE, permissions: ['camera'], serviceWorkers: 'allow', locale: 'en-US', timezoneId: 'UTC' });
		const page = await context.newPage();
		await page.goto(tablet.pairUrl);
		await expect(page.getByTestId('pair-done')).toContainText('as judge');
		await rememberJudge(page, 'Jan');
		await page.goto(`/station?competition=${own.competitionId}&heat=${own.heatId}&table=1`);
		const card = seatCard(page, 'Ana');
		await expect(card.getByTestId('status')).toHaveText('Time is up');
		await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');

		// Offline: the tally, then a photo of it.
		await context.setOffline(true);
		await card.getByTestId('tally').click();
		await typeTally(card, ['300']);
		await expect(card.getByTestId('result')).toHaveText('300 pieces counted');
		await card.getByTestId('photo').click();
		const camera = page.getByRole('dialog', { name: 'Photo of the count' });
		await expect(camera.getByTestId('photo-shutter')).toBeEnabled();
		await camera.getByTestId('photo-shutter').click();
		await expect(camera.getByTestId('photo-count')).toHaveText('1 photo saved');
		await camera.getByTestId('photo-done').click();
		await expect(card.getByTestId('photo-thumb')).toHaveCount(1);

		// An offline reload keeps it; the server has nothing yet.
		expect((await page.reload())!.fromServiceWorker()).toBe(true);
		await expect(card.getByTestId('photo-thumb').locator('img')).toBeVisible();
		expect(await photosOf()).toEqual([]);

		// Back online: the tablet sends it, beside its tally.
		await context.setOffline(false);
		await expect.poll(photosOf, { timeout: 60_000 }).toHaveLength(1);
		const [photo] = await photosOf();
		const tally = expectStatus(await call('GET', `/api/events/${own.eventId}/judge-events?after=0`, { token: own.org }), 200, 'the pull').body.events.find((e: { type: string }) => e.type === 'tally.recorded');
		expect(photo).toMatchObject({ entryId: ana, subject: 'tally', judgeEventId: tally.id, heatId: own.heatId });

		// The same photo again stores nothing new.
		const bytes = await request.get(`/api/events/${own.eventId}/photos/${photo!.hash}`, { headers: { authorization: `Bearer ${own.org}` } });
		expect(bytes.status()).toBe(200);
		const body = await bytes.body();
		const query = new URLSearchParams({ competitionId: own.competitionId, heatId: own.heatId, entryId: ana!, subject: 'tally', takenAt: String(photo!.takenAt), width: String(photo!.width), height: String(photo!.height) });
		const put = (data: Buffer, hash: string, type = 'image/jpeg') =>
			request.put(`/api/events/${own.eventId}/photos/${hash}?${query}`, { headers: { authorization: `Bearer ${tablet.token}`, 'content-type': type }, data });
		const again = await put(body, photo!.hash, photo!.mediaType);
		expect(again.status()).toBe(200);
		expect(await again.json()).toMatchObject({ stored: false, photo: { hash: photo!.hash } });
		expect(await photosOf()).toHaveLength(1);

		// A PNG named .jpg, and a body of 20 MB: refused, saying why.
		const png = readFileSync('static/icons/icon-512.png');
		const { createHash } = await import('node:crypto');
		const renamed = await put(png, createHash('sha256').update(png).digest('hex'));
		expect(renamed.status()).toBe(415);
		expect((await renamed.json()).message).toMatch(/PNG image: only JPEG or WebP photos are kept/);
		// 20 MB: refused from its Content-Length before a byte of it is read. Sent as a browser waits for an
		// answer once the server closes early (a client still pushing the bytes may see the connection reset
		// first; the flood itself is tests/http/photos.test.ts's).
		const tooLarge = await headersOnly(`/api/events/${own.eventId}/photos/${'0'.repeat(64)}?${query}`, { authorization: `Bearer ${tablet.token}`, 'content-type': 'image/jpeg', 'content-length': String(20 * 1024 * 1024) });
		expect(tooLarge.status).toBe(413);
		expect(tooLarge.message).toContain(`a photo holds at most ${MAX_PHOTO_BYTES} bytes`);
		expect(await photosOf()).toHaveLength(1);

		// The organizer: the entry's photo, full size.
		const org = await context.newPage();
		await signInOrganizer(org, own.org, own.eventId, own.eventName);
		await openOrganizer(org, 'review');
		const table = org.locator(`[data-testid="org-standings"][data-competition="${own.competitionId}"]`);
		await table.getByRole('button', { name: 'Audit trail of Ana' }).click();
		const detail = org.getByTestId('entry-detail');
		await detail.getByTestId('entry-photos').getByTestId('photo-thumb').click();
		const viewer = org.getByTestId('photo-viewer');
		const full = viewer.getByTestId('photo-full');
		await expect(full).toBeVisible();
		await expect.poll(() => full.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([photo!.width, photo!.height]);
		expect(await full.getAttribute('src')).toMatch(/^blob:/);
		await viewer.getByTestId('photo-viewer-close').click();

		// Exports: the standings as CSV and JSON name no photo.
		await org.keyboard.press('Escape');
		for (const name of ['Download CSV', 'Download JSON']) {
			const [download] = await Promise.all([org.waitForEvent('download'), org.getByRole('button', { name, exact: true }).click()]);
			const text = readFileSync((await download.path())!, 'utf8');
			expect(text).toContain('Ana');
			expect(text).not.toContain(photo!.hash);
		}

		// Published with a protest window, a protest with the photo attached: the organizer sees it full size there too.
		expectStatus(await call('POST', `/api/events/${own.eventId}/publications`, { token: own.org, json: { competitionId: own.competitionId, protestMinutes: 30 } }), 201, 'publish');
		const protest = { id: `protest-${Date.now()}`, competitionId: own.competitionId, entryIds: [ana], raisedBy: 'Bob', claim: 'Ana had 310 pieces joined', photoHashes: [photo!.hash] };
		expectStatus(await call('POST', `/api/events/${own.eventId}/protests`, { token: own.org, json: protest }), 201, 'the protest');
		await org.reload();
		const protests = org.locator(`[data-testid="protests"][data-competition="${own.competitionId}"]`);
		await protests.getByTestId('protest').getByTestId('photo-thumb').click();
		await expect.poll(() => viewer.getByTestId('photo-full').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(photo!.width);
		await viewer.getByTestId('photo-viewer-close').click();

		// Public: published and live, neither the pages nor their data carry the photo.
		expectStatus(await call('POST', `/api/events/${own.eventId}/competitions/${own.competitionId}/live`, { token: own.org, json: { show: true } }), 200, 'live');
		const viewerPage = await context.newPage();
		for (const path of [`/results/${own.eventId}`, `/live/${own.eventId}`, `/api/public/events/${own.eventId}/results`, `/api/public/events/${own.eventId}/live`]) {
			const response = await viewerPage.goto(path);
			expect(response!.status(), path).toBe(200);
			const text = await response!.text();
			expect(text, path).not.toContain(photo!.hash);
			expect(text, path).not.toContain('/photos/');
		}
		await viewerPage.goto(`/live/${own.eventId}`);
		await expect(viewerPage.getByText('Ana').first()).toBeVisible();
		expect(await viewerPage.locator('img[src^="blob:"]').count()).toBe(0);
	} finally {
		await browser.close();
	}
});
