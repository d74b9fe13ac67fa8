import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { MAX_PHOTO_BYTES } from '$lib/contract/photos';
import { eraseEvidence, evidenceState, finalLockAt, setEvidenceRetention, sweepEvidence } from './evidence';
import { startEvidenceSweep, SWEEP_EVERY_MS } from './evidence-sweep';
import { saveOrganizerSetup } from './organizer-setup';
import { answerOf } from './http-error.testkit';
import { jpegBytes, pngBytes, sha256Hex, tallyMeta, webpBytes } from './photo.testkit';
import { getPhotoInfo, hasPhoto, listPhotos, photoBytes, storePhoto } from './photos';
import { finalize, publish } from './publications';
import { printCards, redeemCard } from './table-cards';
import { createPerson, erasePerson, personHistory } from './register';
import { issueToken } from './tokens';
import { Store } from './store';
import { storePerTest } from './store-per-test.testkit';
import type { Device } from '$lib/contract';

const T0 = Date.UTC(2026, 4, 16, 9);
const DAY = 24 * 60 * 60 * 1000;
let store: Store;

/** An event "cup" with one competition "c" of two heats (entries e1, e2 in h1; e3 in h2), and another event "other" with an entry e1 of its own. */
function openCup(dir: string): Store {
	const s = Store.open(dir);
	const R = presetById('czjpa-individual')!;
	s.insertSetup({ events: [{ id: 'cup', name: 'Cup', date: '2026-05-16' }, { id: 'other', name: 'Other', date: '2026-05-16' }], rulesets: [R] });
	for (const eventId of ['cup', 'other'])
		saveOrganizerSetup(s, eventId, {
			competitions: [{ id: 'c', eventId, name: 'Individuals', ruleset: { id: R.id, version: R.version } }],
			heats: [{ id: 'h1', competitionId: 'c', name: 'Heat 1' }, { id: 'h2', competitionId: 'c', name: 'Heat 2' }],
			entries: [1, 2, 3].map((i) => ({ id: `e${i}`, competitionId: 'c', heatId: i < 3 ? 'h1' : 'h2', name: `Solver ${i}`, members: [{ id: `m${i}`, name: `Solver ${i}` }], table: String(i) }))
		});
	return s;
}

storePerTest(openCup, (s) => (store = s));

const judge = (): Device => issueToken(store, { eventId: 'cup', role: 'judge', label: 'Table 1', now: T0 });
const meta = (entryId = 'e1', heatId = 'h1', takenAt = T0) => tallyMeta('c', heatId, entryId, takenAt);


describe('photos of evidence (issue 33): stored by their hash', () => {
	it('stores a JPEG or WebP once: the same bytes again store nothing, and say so', () => {
		const device = judge();
		const bytes = jpegBytes(300 * 1024);
		const hash = sha256Hex(bytes);
		const first = storePhoto(store, device, 'cup', hash, meta(), bytes, T0 + 1000);
		expect(first.stored).toBe(true);
		expect(first.photo).toEqual({ hash, competitionId: 'c', heatId: 'h1', entryId: 'e1', puzzleId: null, judgeEventId: null, subject: 'tally', takenAt: T0, deviceId: device.id, mediaType: 'image/jpeg', bytes: bytes.length, width: 1600, height: 1200, receivedAt: T0 + 1000 });
		const again = storePhoto(store, device, 'cup', hash, { ...meta('e2'), subject: 'check' }, bytes, T0 + 2000);
		expect(again).toEqual({ photo: first.photo, stored: false });
		expect(store.db.prepare('SELECT count(*) FROM photos').pluck().get()).toBe(1);
		expect(Buffer.compare(photoBytes(store, 'cup', hash)!.data, bytes)).toBe(0);
		const webp = webpBytes(1000);
		expect(storePhoto(store, device, 'cup', sha256Hex(webp), meta('e2'), webp, T0 + 3000).photo.mediaType).toBe('image/webp');
		expect(listPhotos(store, 'cup').map((p) => p.entryId)).toEqual(['e1', 'e2']);
		expect(listPhotos(store, 'cup', { entryId: 'e2' }).map((p) => p.hash)).toEqual([sha256Hex(webp)]);
		expect(hasPhoto(store, 'cup', hash)).toBe(true);
		// The same hash in another event is another event's photo.
		expect(hasPhoto(store, 'other', hash)).toBe(false);
	});

	it('refuses what is not JPEG or WebP (by content), bytes whose hash is another, and empty bodies', () => {
		const device = judge();
		const png = pngBytes(2000);
		expect(answerOf(() => storePhoto(store, device, 'cup', sha256Hex(png), meta(), png, T0))).toEqual({ status: 415, message: 'the photo is a PNG image: only JPEG or WebP photos are kept' });
		const bytes = jpegBytes(2000);
		expect(answerOf(() => storePhoto(store, device, 'cup', sha256Hex(jpegBytes(2000, 2)), meta(), bytes, T0))).toMatchObject({ status: 400, message: expect.stringMatching(/^the photo's bytes have the SHA-256 [0-9a-f]{64}, not the/) });
		expect(answerOf(() => storePhoto(store, device, 'cup', sha256Hex(new Uint8Array()), meta(), new Uint8Array(), T0)).status).toBe(400);
		expect(store.db.prepare('SELECT count(*) FROM photos').pluck().get()).toBe(0);
		expect(MAX_PHOTO_BYTES).toBe(1024 * 1024);
	});

	it('takes photos of the event’s own entries only, in their heat and competition; a card’s tablet only of its heat', () => {
		const device = judge();
		const bytes = jpegBytes(1000);
		const hash = sha256Hex(bytes);
		expect(answerOf(() => storePhoto(store, device, 'cup', hash, meta('nobody'), bytes, T0))).toMatchObject({ status: 404 });
		expect(answerOf(() => storePhoto(store, device, 'cup', hash, meta('e1', 'h2'), bytes, T0))).toMatchObject({ status: 400, message: expect.stringContaining('heatId') });
		expect(answerOf(() => storePhoto(store, device, 'cup', hash, { ...meta(), competitionId: 'x' }, bytes, T0))).toMatchObject({ status: 400, message: expect.stringContaining('competitionId') });
		// A token of the other event is refused before (requireDevice); its entry e1 is not this event's photo either.
		const cards = printCards(store, 'cup', 'h1', 'https://judge.example', T0);
		const paired = redeemCard(store, new URLSearchParams(new URL(cards[0]!.link).hash.slice(1)).get('card')!, 'tab-card', T0);
		if (!paired.ok) throw new Error(paired.message);
		const card: Device = { ...paired.paired.device, eventId: 'cup' };
		expect(answerOf(() => storePhoto(store, card, 'cup', hash, meta('e3', 'h2'), bytes, T0))).toMatchObject({ status: 403, message: expect.stringContaining('table card of heat "h1"') });
		expect(storePhoto(store, card, 'cup', hash, meta('e2'), bytes, T0).stored).toBe(true);
		expect(getPhotoInfo(store, 'other', hash)).toBeUndefined();
	});
});

describe('the evidence’s retention (issue 33)', () => {
	/** Both competitions' … the one competition published and made final at `at`. */
	const finalAt = (at: number) => {
		publish(store, 'cup', 'c', { now: at - 1000 });
		finalize(store, 'cup', 'c', at);
	};

	it('keeps the photos 30 days after the last final lock by default, then the sweep erases them (and only them)', () => {
		const device = judge();
		for (const [i, eventId] of ['cup', 'other'].entries()) {
			const bytes = jpegBytes(5000, i + 1);
			storePhoto(store, eventId === 'cup' ? device : issueToken(store, { eventId, role: 'judge', label: 'T', now: T0 }), eventId, sha256Hex(bytes), meta(), bytes, T0);
		}
		expect(evidenceState(store, 'cup')).toEqual({ retentionDays: 30, photoCount: 1, photoBytes: 5000, finalLockAt: null, eraseAt: null, erasedAt: null });
		// Not final: nothing is ever due.
		expect(sweepEvidence(store, T0 + 1000 * DAY)).toEqual([]);
		finalAt(T0 + DAY);
		expect(evidenceState(store, 'cup')).toMatchObject({ finalLockAt: T0 + DAY, eraseAt: T0 + 31 * DAY });
		expect(sweepEvidence(store, T0 + 31 * DAY - 1)).toEqual([]);
		expect(sweepEvidence(store, T0 + 31 * DAY)).toEqual(['cup']);
		expect(evidenceState(store, 'cup')).toMatchObject({ photoCount: 0, photoBytes: 0, erasedAt: T0 + 31 * DAY });
		expect(store.db.prepare("SELECT count(*) FROM photos WHERE event_id = 'other'").pluck().get()).toBe(1);
		// Past its retention, a tablet still holding a photo cannot bring it back (410).
		const late = jpegBytes(5000, 9);
		expect(answerOf(() => storePhoto(store, device, 'cup', sha256Hex(late), meta('e1', 'h1', T0 + 2 * DAY), late, T0 + 32 * DAY))).toMatchObject({ status: 410 });
	});

	it('waits for every competition with entries, not for an empty one or one folded into another', () => {
		const R = presetById('czjpa-individual')!;
		// An empty competition added and never used: nothing to wait for.
		saveOrganizerSetup(store, 'cup', { competitions: [{ id: 'unused', eventId: 'cup', name: 'Unused', ruleset: { id: R.id, version: R.version } }] });
		finalAt(T0 + DAY);
		expect(finalLockAt(store, 'cup')).toBe(T0 + DAY);
		// A second competition with an entry, not final yet: waited for.
		saveOrganizerSetup(store, 'cup', {
			competitions: [{ id: 'd', eventId: 'cup', name: 'Pairs', ruleset: { id: R.id, version: R.version } }],
			heats: [{ id: 'dh', competitionId: 'd', name: 'Heat' }],
			entries: [{ id: 'd1', competitionId: 'd', heatId: 'dh', name: 'Pair', members: [] }]
		});
		expect(finalLockAt(store, 'cup')).toBeNull();
		// Folded into "c" (as a merge records it): no longer waited for.
		store.db.prepare("INSERT INTO competition_merges (id, event_id, kept_competition_id, folded_competition_id, json, recorded_at) VALUES ('m', 'cup', 'c', 'd', '{}', 0)").run();
		expect(finalLockAt(store, 'cup')).toBe(T0 + DAY);
	});

	it('a retention the organizer set decides when; 0 days erases at the lock', () => {
		const bytes = jpegBytes(5000);
		storePhoto(store, judge(), 'cup', sha256Hex(bytes), meta(), bytes, T0);
		expect(setEvidenceRetention(store, 'cup', 0)).toMatchObject({ retentionDays: 0, eraseAt: null });
		finalAt(T0 + DAY);
		expect(evidenceState(store, 'cup').eraseAt).toBe(T0 + DAY);
		expect(setEvidenceRetention(store, 'cup', 365).eraseAt).toBe(T0 + 366 * DAY);
		expect(sweepEvidence(store, T0 + 100 * DAY)).toEqual([]);
		expect(answerOf(() => setEvidenceRetention(store, 'nowhere', 3)).status).toBe(404);
	});

	it('the organizer erases it now: the rows go, and photos taken before cannot come back; later ones can', () => {
		const device = judge();
		const bytes = jpegBytes(5000);
		storePhoto(store, device, 'cup', sha256Hex(bytes), meta(), bytes, T0);
		const onDisk = () => ['', '-wal'].some((suffix) => existsSync(store.file + suffix) && readFileSync(store.file + suffix).includes(bytes.subarray(1000, 1064)));
		expect(onDisk()).toBe(true);
		expect(eraseEvidence(store, 'cup', T0 + 10)).toMatchObject({ photoCount: 0, photoBytes: 0, erasedAt: T0 + 10, retentionDays: 30 });
		// The erased bytes are in neither the store's file nor its log (secure_delete, the log truncated).
		expect(onDisk()).toBe(false);
		expect(answerOf(() => storePhoto(store, device, 'cup', sha256Hex(bytes), meta(), bytes, T0 + 20))).toMatchObject({ status: 410, message: expect.stringContaining('erased') });
		const later = jpegBytes(5000, 3);
		expect(storePhoto(store, device, 'cup', sha256Hex(later), meta('e1', 'h1', T0 + 30), later, T0 + 40).stored).toBe(true);
	});

	it('the sweep runs at start and then hourly, by the clock it is given', () => {
		const bytes = jpegBytes(5000);
		storePhoto(store, judge(), 'cup', sha256Hex(bytes), meta(), bytes, T0);
		finalAt(T0 + DAY);
		let now = T0 + 31 * DAY - SWEEP_EVERY_MS / 2;
		let tick: (() => void) | undefined;
		let every = 0;
		const stop = startEvidenceSweep(store, { now: () => now, setInterval: (run, ms) => ((tick = run), (every = ms), 'handle'), clearInterval: () => (tick = undefined) });
		expect(every).toBe(SWEEP_EVERY_MS);
		expect(evidenceState(store, 'cup').photoCount).toBe(1);
		now += SWEEP_EVERY_MS;
		tick!();
		expect(evidenceState(store, 'cup')).toMatchObject({ photoCount: 0, erasedAt: now });
		stop();
		expect(tick).toBeUndefined();
	});
});

describe('a person’s erasure (issue 14, issue 33)', () => {
	it('erases the photos of their entries, and records how many; other entries keep theirs', () => {
		const organizer = issueToken(store, { eventId: 'cup', role: 'organizer', label: 'Desk', now: T0 });
		// The register's person m1 is the member of the set-up entry e1.
		createPerson(store, organizer, 'cup', { person: { id: 'm1', name: 'Solver 1', email: 's1@example.org' } }, T0);
		const device = judge();
		const photos = [jpegBytes(4000, 1), jpegBytes(4000, 2), jpegBytes(4000, 3)];
		storePhoto(store, device, 'cup', sha256Hex(photos[0]!), meta('e1'), photos[0]!, T0);
		storePhoto(store, device, 'cup', sha256Hex(photos[1]!), { ...meta('e1'), subject: 'check' }, photos[1]!, T0);
		storePhoto(store, device, 'cup', sha256Hex(photos[2]!), meta('e2'), photos[2]!, T0);
		erasePerson(store, organizer, 'cup', 'm1', T0 + 5);
		expect(listPhotos(store, 'cup').map((p) => p.entryId)).toEqual(['e2']);
		const erased = personHistory(store, 'cup', 'm1').find((c) => c.kind === 'person.erased')!;
		expect(erased.changes).toContainEqual({ field: 'evidence.photos', before: null, after: { erased: 2 } });
	});
});
