import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { MAX_PHOTO_BYTES, type PhotoMeta } from '../../src/lib/contract/photos';
import { jpegBytes, pngBytes, sha256Hex, webpBytes } from '../../src/lib/server/photo.testkit';
import { SyncApi } from '../../src/lib/sync/client/api';
import { ApiError } from '../../src/lib/sync/client/errors';
import { addDevice, BASE, backupOf, call, createEvent, DB_FILE, expectStatus, pairByCard, printedCardSecret, restore, RULESET, RUN, startSecondServer, T0, writeSetup } from '../sync-kit';

/**
 * Photos of evidence over real HTTP against the production build (issue 33; docs/sync.md, Photos):
 * a judge's tablet sends one, the same again stores nothing, a PNG renamed .jpg and a 20 MB body
 * are refused with a clear message (the latter without being read), a hash that is not the bytes',
 * another event's entry, a card's tablet outside its heat, a display's or desk's token; no public
 * page, pull, set-up, roster or display reads a photo; a backup carries the photos to another
 * server, whose start erases those past their retention; the organizer's erasure, and a person's.
 */

const api = (token: string | null, base = BASE) => new SyncApi({ server: base, token, fetch: (input, init) => fetch(input, init), setTimeout, clearTimeout });
const jpeg = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });

/** An event with one competition of two heats: e1, e2 in h1 (e1's member m1), e3 in h2; its organizer and a judge. */
async function photoEvent(tag: string) {
	const { eventId, token } = await createEvent(`Photos ${tag} ${RUN}`);
	const c = `${tag}-c`;
	await writeSetup(eventId, token, {
		rulesets: [RULESET],
		competitions: [{ id: c, eventId, name: 'Individuals', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: `${c}-h1`, competitionId: c, name: 'Heat 1' }, { id: `${c}-h2`, competitionId: c, name: 'Heat 2' }],
		entries: [1, 2, 3].map((i) => ({ id: `${c}-e${i}`, competitionId: c, heatId: `${c}-h${i < 3 ? 1 : 2}`, name: `Solver ${i}`, members: [{ id: `${c}-m${i}`, name: `Solver ${i}` }], table: String(i), seat: '1' }))
	});
	const judge = await addDevice(eventId, token, 'judge', 'Table 1');
	const meta = (i: number, takenAt = T0): PhotoMeta => ({ competitionId: c, heatId: `${c}-h${i < 3 ? 1 : 2}`, entryId: `${c}-e${i}`, subject: 'tally', takenAt, width: 1600, height: 1200 });
	return { eventId, org: token, judge: judge.token, c, meta };
}

/** The store's pages and photo rows, read beside the server (WAL: what is committed). */
function storeSize(): { pages: number; photos: number } {
	const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
	try {
		return { pages: db.pragma('page_count', { simple: true }) as number, photos: db.prepare('SELECT count(*) FROM photos').pluck().get() as number };
	} finally {
		db.close();
	}
}

async function refusal(p: Promise<unknown>): Promise<{ status: number | null; message: string }> {
	try {
		await p;
	} catch (e) {
		if (e instanceof ApiError) return { status: e.status, message: e.message };
		throw e;
	}
	throw new Error('it was not refused');
}

/**
 * A PUT of a large body on a socket of its own: `declared` sends Content-Length and waits for an answer
 * before writing the body (as a client waiting for "100 Continue" does); otherwise chunked, written in
 * 64 KiB pieces (the last one cut to make `total`) as fast as the server takes them, until its answer
 * comes. The server answers a refused body early and closes the connection: bytes still in flight then
 * make the kernel reset it, which may lose the answer (status 0). Writes after the answer fail and are
 * ignored. The status, the message and how many body bytes went before the answer.
 */
function sendLarge(path: string, token: string, total: number, declared: boolean): Promise<{ status: number; message: string; sent: number; ms: number }> {
	const url = new URL(path, BASE);
	const started = performance.now();
	return new Promise((resolve) => {
		const socket = connect(Number(url.port), url.hostname);
		const chunks: Buffer[] = [];
		let sent = 0;
		const timer = setTimeout(() => socket.destroy(), 30_000);
		socket.on('data', (c: Buffer) => chunks.push(c));
		socket.on('error', () => undefined);
		socket.on('close', () => {
			clearTimeout(timer);
			const raw = Buffer.concat(chunks).toString('utf8');
			const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
			// The answer's JSON, whether sent whole or chunked.
			const json = /\{.*\}/s.exec(raw.slice(raw.indexOf('\r\n\r\n') + 4))?.[0];
			resolve({ status, message: json ? (JSON.parse(json) as { message: string }).message : '', sent, ms: performance.now() - started });
		});
		const length = declared ? `content-length: ${total}` : 'transfer-encoding: chunked';
		socket.write(`PUT ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${token}\r\ncontent-type: image/jpeg\r\n${length}\r\n\r\n`);
		const piece = jpegBytes(64 * 1024, 5);
		// Like a browser, the client keeps its side open until the answer comes.
		const pump = () => {
			while (chunks.length === 0 && !socket.destroyed && sent < total) {
				const part = piece.subarray(0, Math.min(piece.length, total - sent));
				sent += part.length;
				const framed = declared ? part : Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]);
				if (!socket.write(framed)) return void socket.once('drain', pump);
			}
		};
		if (declared) setTimeout(() => chunks.length === 0 && pump(), 5000);
		else pump();
	});
}

describe('photos of evidence over HTTP (issue 33)', () => {
	test('a judge sends a photo; the same again stores nothing (rows and pages unchanged); HEAD says it is held', async () => {
		const { eventId, judge, org, meta } = await photoEvent('up');
		const tablet = api(judge);
		const bytes = jpegBytes(300 * 1024, 1);
		const hash = sha256Hex(bytes);
		expect(await tablet.hasPhoto(eventId, hash)).toBe(false);
		const first = await tablet.uploadPhoto(eventId, hash, jpeg(bytes), meta(1));
		expect(first).toMatchObject({ stored: true, photo: { hash, entryId: meta(1).entryId, mediaType: 'image/jpeg', bytes: bytes.length } });
		const before = storeSize();
		const again = await tablet.uploadPhoto(eventId, hash, jpeg(bytes), meta(1));
		expect(again).toEqual({ stored: false, photo: first.photo });
		expect(storeSize()).toEqual(before);
		expect(await tablet.hasPhoto(eventId, hash)).toBe(true);
		// A WebP is kept too; the organizer lists them and fetches the bytes as they were sent.
		const webp = webpBytes(20_000, 2);
		expect((await tablet.uploadPhoto(eventId, sha256Hex(webp), new Blob([new Uint8Array(webp)], { type: 'image/webp' }), meta(2))).photo.mediaType).toBe('image/webp');
		const organizer = api(org);
		expect((await organizer.photos(eventId)).map((p) => p.hash)).toEqual([hash, sha256Hex(webp)]);
		expect((await organizer.photos(eventId, { entryId: meta(2).entryId })).map((p) => p.hash)).toEqual([sha256Hex(webp)]);
		const blob = await organizer.photoBlob(eventId, hash);
		expect(Buffer.compare(Buffer.from(await blob.arrayBuffer()), bytes)).toBe(0);
		const raw = await fetch(`${BASE}/api/events/${eventId}/photos/${hash}`, { headers: { authorization: `Bearer ${org}` } });
		expect(Object.fromEntries(['content-type', 'cache-control', 'x-content-type-options', 'content-disposition'].map((h) => [h, raw.headers.get(h)]))).toEqual({
			'content-type': 'image/jpeg',
			'cache-control': 'private, max-age=31536000, immutable',
			'x-content-type-options': 'nosniff',
			'content-disposition': `inline; filename="${hash}.jpg"`
		});
		expect(raw.headers.get('content-security-policy')).toMatch(/img-src 'self' blob:/);
	});

	test('refused: a PNG renamed .jpg (415), a 20 MB body (413, unread), bytes of another hash (400), nothing stored', async () => {
		const { eventId, judge, meta } = await photoEvent('bad');
		const tablet = api(judge);
		const before = storeSize();
		const png = pngBytes(50_000);
		expect(await refusal(tablet.uploadPhoto(eventId, sha256Hex(png), new File([new Uint8Array(png)], 'tally.jpg', { type: 'image/jpeg' }), meta(1)))).toEqual({
			status: 415,
			message: 'the photo is a PNG image: only JPEG or WebP photos are kept'
		});
		const bytes = jpegBytes(10_000, 3);
		expect(await refusal(tablet.uploadPhoto(eventId, sha256Hex(jpegBytes(10_000, 4)), jpeg(bytes), meta(1)))).toEqual({ status: 400, message: expect.stringMatching(/^the photo's bytes have the SHA-256 [0-9a-f]{64}, not the [0-9a-f]{64} of its address/) });
		expect(await refusal(tablet.uploadPhoto(eventId, 'not-a-hash', jpeg(bytes), meta(1)))).toMatchObject({ status: 400, message: expect.stringContaining('SHA-256') });
		const q = new URLSearchParams(Object.entries(meta(1)).map(([k, v]) => [k, String(v)]));
		const path = `/api/events/${eventId}/photos/${'0'.repeat(64)}?${q}`;
		const huge = 20 * 1024 * 1024;
		// Declared: refused from its Content-Length, before a byte of the body is read (or sent).
		const declared = await sendLarge(path, judge, huge, true);
		expect(declared).toMatchObject({ status: 413, sent: 0, message: `a photo holds at most ${MAX_PHOTO_BYTES} bytes (1 MiB), and this one says it has ${huge}: the tablet resizes its photos to about 400 KB` });
		// Not declared (chunked): counted while it is read, refused at the first byte past the limit.
		const counted = await sendLarge(path, judge, MAX_PHOTO_BYTES + 1, false);
		expect(counted).toMatchObject({ status: 413, message: `a photo holds at most ${MAX_PHOTO_BYTES} bytes` });
		// 20 MB chunked as fast as it goes: the server stops reading after the limit, answers and closes; the
		// bytes still in flight may reset the connection before the answer is read (status 0), never more.
		const flood = await sendLarge(path, judge, huge, false);
		expect([413, 0]).toContain(flood.status);
		expect(flood.sent).toBeLessThan(huge / 2);
		console.log(`20 MB photo refused: declared at once (${Math.round(declared.ms)} ms); chunked after ${flood.sent} bytes sent (${Math.round(flood.ms)} ms, ${flood.status || 'reset'})`);
		expect((await call('GET', '/api/health')).status).toBe(200);
		expect(storeSize().photos).toBe(before.photos);
	});

	test('only the event’s own entries; a card’s tablet only its heat; displays, desks, the public and other events may not', async () => {
		const a = await photoEvent('own');
		const b = await photoEvent('other');
		const bytes = jpegBytes(10_000, 6);
		const hash = sha256Hex(bytes);
		// Event b's entry named in event a: no such entry here (the IDs are each event's own).
		expect(await refusal(api(a.judge).uploadPhoto(a.eventId, hash, jpeg(bytes), b.meta(1)))).toMatchObject({ status: 404, message: expect.stringContaining('no entry') });
		expect(await refusal(api(a.judge).uploadPhoto(a.eventId, hash, jpeg(bytes), { ...a.meta(1), heatId: `${a.c}-h2` }))).toMatchObject({ status: 400, message: expect.stringContaining('heatId') });
		// A token of event b on event a's address.
		expect(await refusal(api(b.judge).uploadPhoto(a.eventId, hash, jpeg(bytes), a.meta(1)))).toMatchObject({ status: 403, message: expect.stringContaining('another event') });
		// A tablet paired by heat 1's card: not heat 2's entry, its own heat's yes.
		const card = await pairByCard(await printedCardSecret(a.eventId, a.org, `${a.c}-h1`), `tab-card-${RUN}`);
		expect(await refusal(api(card).uploadPhoto(a.eventId, hash, jpeg(bytes), a.meta(3)))).toMatchObject({ status: 403, message: expect.stringContaining('table card') });
		expect((await api(card).uploadPhoto(a.eventId, hash, jpeg(bytes), a.meta(2))).stored).toBe(true);
		// Displays and desks send nothing and see nothing; the public has no token; a judge does not see the bytes.
		for (const role of ['display', 'desk'] as const) {
			const { token } = await addDevice(a.eventId, a.org, role, `${role} 1`);
			expect(await refusal(api(token).uploadPhoto(a.eventId, hash, jpeg(bytes), a.meta(1))), role).toMatchObject({ status: 403, message: expect.stringContaining(`a ${role} device may not`) });
			expect(await refusal(api(token).hasPhoto(a.eventId, hash)), role).toMatchObject({ status: 403 });
			expect(await refusal(api(token).photoBlob(a.eventId, hash)), role).toMatchObject({ status: 403 });
			expect(await refusal(api(token).photos(a.eventId)), role).toMatchObject({ status: 403 });
		}
		expect(await refusal(api(a.judge).photoBlob(a.eventId, hash))).toMatchObject({ status: 403 });
		expect(await refusal(api(a.judge).photos(a.eventId))).toMatchObject({ status: 403 });
		expect(await refusal(api(null).photoBlob(a.eventId, hash))).toMatchObject({ status: 401 });
		expect(await refusal(api(a.judge).evidence(a.eventId))).toMatchObject({ status: 403 });
	});

	test('no public page, pull, set-up, roster, display or live result carries a photo’s bytes or hash', async () => {
		const { eventId, org, judge, c, meta } = await photoEvent('priv');
		const bytes = jpegBytes(30_000, 7);
		const hash = sha256Hex(bytes);
		await api(judge).uploadPhoto(eventId, hash, jpeg(bytes), meta(1));
		expectStatus(await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId: c } }), 201, 'publish');
		expectStatus(await call('POST', `/api/events/${eventId}/competitions/${c}/live`, { token: org, json: { show: true } }), 200, 'live');
		const display = (await addDevice(eventId, org, 'display', 'Hall')).token;
		const desk = (await addDevice(eventId, org, 'desk', 'Door')).token;
		const pieces = [hash, bytes.subarray(1000, 1048).toString('base64'), '/photos/'];
		const reads: [string, string, string | undefined][] = [
			['public results', `/api/public/events/${eventId}/results`, undefined],
			['public competition', `/api/public/events/${eventId}/results/${c}`, undefined],
			['public live event', `/api/public/events/${eventId}/live`, undefined],
			['public live competition', `/api/public/events/${eventId}/live/${c}`, undefined],
			['results page', `/results/${eventId}`, undefined],
			['live page', `/live/${eventId}`, undefined],
			['display page', '/display', undefined],
			...(['judge', 'display', 'desk'] as const).flatMap((role): [string, string, string][] => {
				const token = role === 'judge' ? judge : role === 'display' ? display : desk;
				return [
					[`${role}'s pull`, `/api/events/${eventId}/judge-events?after=0&limit=1000`, token],
					[`${role}'s set-up`, `/api/events/${eventId}/setup`, token],
					[`${role}'s roster`, `/api/events/${eventId}/roster`, token],
					[`${role}'s heat starts`, `/api/events/${eventId}/heat-starts?after=0`, token]
				];
			}),
			["the organizer's entry audit", `/api/events/${eventId}/entries/${c}-e1/audit`, org]
		];
		for (const [what, path, token] of reads) {
			const answer = await call('GET', path, { token, headers: { accept: 'text/html, application/json' } });
			expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBe(200);
			for (const piece of pieces) expect(answer.text.includes(piece), `${what} carries ${piece}`).toBe(false);
		}
	});

	test('a backup carries the photos to another server; its start erases those past their retention', async () => {
		const { eventId, org, judge, c, meta } = await photoEvent('bak');
		const photos = [jpegBytes(300 * 1024, 8), jpegBytes(200 * 1024, 9)];
		for (const [i, bytes] of photos.entries()) await api(judge).uploadPhoto(eventId, sha256Hex(bytes), jpeg(bytes), meta(i + 1));
		expect(await api(org).setEvidenceRetention(eventId, 0)).toMatchObject({ retentionDays: 0, photoCount: 2, eraseAt: null });
		expectStatus(await call('POST', `/api/events/${eventId}/publications`, { token: org, json: { competitionId: c } }), 201, 'publish');
		const { text, lines } = await backupOf(eventId, org);
		expect(lines.filter((l) => l.kind === 'photo').length).toBe(2);
		expect(lines[0]).toMatchObject({ counts: { photo: 2 }, evidence: { retentionDays: 0, erasedAt: null } });

		const dataDir = mkdtempSync(join(tmpdir(), 'pj-photos-'));
		const first = await startSecondServer({ DATA_DIR: dataDir });
		try {
			const restored = expectStatus(await restore(text, { base: first.base, adminKey: first.adminKey }), 201, 'restore');
			expect(restored.body.counts.photos).toBe(2);
			const there = api(org, first.base);
			expect((await there.photos(eventId)).map((p) => p.hash)).toEqual(photos.map(sha256Hex));
			for (const bytes of photos) expect(Buffer.compare(Buffer.from(await (await there.photoBlob(eventId, sha256Hex(bytes))).arrayBuffer()), bytes)).toBe(0);
			// Made final there: retention 0 days, so the photos are due at once; the sweep runs at the next start.
			expectStatus(await call('POST', `/api/events/${eventId}/publications/${c}/final`, { token: org, base: first.base, json: {} }), 200, 'final');
			expect(await there.evidence(eventId)).toMatchObject({ photoCount: 2, eraseAt: expect.any(Number) });
			// Past the retention, a tablet cannot bring a photo back.
			const late = jpegBytes(5000, 10);
			expect(await refusal(api(judge, first.base).uploadPhoto(eventId, sha256Hex(late), jpeg(late), meta(3, Date.now())))).toMatchObject({ status: 410 });
		} finally {
			await first.stop();
		}
		const second = await startSecondServer({ DATA_DIR: dataDir });
		try {
			expect(await api(org, second.base).evidence(eventId)).toMatchObject({ photoCount: 0, photoBytes: 0, erasedAt: expect.any(Number) });
			expect(await api(judge, second.base).hasPhoto(eventId, sha256Hex(photos[0]!))).toBe(false);
		} finally {
			await second.stop();
			rmSync(dataDir, { recursive: true, force: true });
		}
	});

	test('the organizer erases the evidence now; a person’s erasure erases the photos of their entries', async () => {
		const { eventId, org, judge, c, meta } = await photoEvent('era');
		const organizer = api(org);
		const photos = [jpegBytes(10_000, 11), jpegBytes(10_000, 12), jpegBytes(10_000, 13)];
		for (const [i, bytes] of photos.entries()) await api(judge).uploadPhoto(eventId, sha256Hex(bytes), jpeg(bytes), meta(i + 1));
		// The register's person whose ID is entry e1's member: their erasure takes e1's photo.
		expectStatus(await call('POST', `/api/events/${eventId}/people`, { token: org, json: { person: { id: `${c}-m1`, name: 'Solver 1', email: 'solver1@example.org' } } }), 201, 'person');
		expectStatus(await call('POST', `/api/events/${eventId}/people/${c}-m1/erase`, { token: org }), 200, 'erase the person');
		expect((await organizer.photos(eventId)).map((p) => p.entryId)).toEqual([`${c}-e2`, `${c}-e3`]);
		expect(await organizer.evidence(eventId)).toMatchObject({ retentionDays: 30, photoCount: 2, photoBytes: 20_000, finalLockAt: null, eraseAt: null, erasedAt: null });
		const erased = await organizer.eraseEvidence(eventId);
		expect(erased).toMatchObject({ photoCount: 0, photoBytes: 0, erasedAt: expect.any(Number) });
		expect(await organizer.photos(eventId)).toEqual([]);
		expect(await refusal(organizer.photoBlob(eventId, sha256Hex(photos[1]!)))).toMatchObject({ status: 404 });
		// A tablet that still holds a photo taken before the erasure cannot bring it back.
		expect(await refusal(api(judge).uploadPhoto(eventId, sha256Hex(photos[1]!), jpeg(photos[1]!), meta(2)))).toMatchObject({ status: 410, message: expect.stringContaining('erased') });
	});
});
