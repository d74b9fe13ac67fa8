import { describe, expect, it } from 'vitest';
import type { ProcessedPhoto } from '$lib/photos/process-photo';
import { freshDb, MIN, openHeat, relayTable, T0, tap } from './heat.testkit';

const hashOf = (n: number) => n.toString(16).padStart(64, '0');
function photo(n: number): ProcessedPhoto {
	return {
		hash: hashOf(n),
		blob: new Blob([new Uint8Array(n)], { type: 'image/jpeg' }),
		mediaType: 'image/jpeg',
		width: 1600,
		height: 1200,
		thumbnail: new Blob(['t'], { type: 'image/jpeg' })
	};
}

describe('the photos at the seats of a heat', () => {
	it('stores a photo at a recorded tally beside its event, shows it on the seat, and keeps it over a reload', async () => {
		const db = freshDb();
		const { session, q } = await openHeat(db, 'czjpa-individual', ['Ana', 'Bea']);
		const [ana, bea] = session.seats.map((s) => s.id) as [string, string];
		await session.timing.start(tap(T0));
		expect(session.photos.eventFor({ entryId: ana, subject: 'tally' })).toBeUndefined();
		const tally = (await session.seat.tally(ana, [200, 3], tap(T0 + 91 * MIN)))!;
		const place = { entryId: ana, subject: 'tally' } as const;
		expect(session.photos.eventFor(place)).toBe(tally.id);
		expect(await session.photos.add(place, photo(1), T0 + 92 * MIN, session.photos.eventFor(place))).toBe(true);
		expect(session.photos.at(ana).map((r) => [r.hash, r.judgeEventId, r.subject, r.eventId, r.heatId])).toEqual([[hashOf(1), tally.id, 'tally', q.bundle.competitions[0]!.eventId, q.heatId]]);
		expect(session.photos.at(bea)).toEqual([]);
		expect(await (await session.photos.load(hashOf(1))).arrayBuffer()).toHaveProperty('byteLength', 1);
		// The same photo again stores nothing new.
		await session.photos.add(place, photo(1), T0 + 93 * MIN, tally.id);
		expect(await db.photos.count()).toBe(1);

		const { reopen } = await import('./heat.testkit');
		const again = await reopen(db, q.competitionId, q.heatId, q.table);
		await again.photos.ready;
		expect(again.photos.at(ana).map((r) => r.hash)).toEqual([hashOf(1)]);
	});

	it('attaches a photo taken while the groups were being typed to the tally once it is recorded', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana']);
		const ana = session.seats[0]!.id;
		await session.timing.start(tap(T0));
		const place = { entryId: ana, subject: 'tally' } as const;
		await session.photos.add(place, photo(2), T0 + 91 * MIN, session.photos.eventFor(place));
		expect(session.photos.at(ana)[0]!.judgeEventId).toBeUndefined();
		const tally = await session.seat.tally(ana, [10], tap(T0 + 92 * MIN));
		await session.photos.attach(place, tally);
		expect(session.photos.at(ana)[0]!.judgeEventId).toBe(tally!.id);
	});

	it('finds the confirmed check with missing pieces, and each relay puzzle’s own tally and check', async () => {
		const { session, team } = await relayTable();
		await session.timing.start(tap(T0));
		const finished = await session.relay.puzzleFinished(team, 'p1-1', tap(T0 + 10 * MIN));
		expect(finished).not.toBeNull();
		const check = { entryId: team, puzzleId: 'p1-1', subject: 'check' } as const;
		expect(session.photos.eventFor(check)).toBeUndefined();
		const confirmed = await session.relay.confirmPuzzle(team, 'p1-1', 2, 0, tap(T0 + 11 * MIN));
		expect(session.photos.eventFor(check)).toBe(confirmed!.id);
		// Not another puzzle's, nor the team's own.
		expect(session.photos.eventFor({ ...check, puzzleId: 'p1-2' })).toBeUndefined();
		const tally = await session.relay.tallyPuzzle(team, 'p1-2', [5], tap(T0 + 12 * MIN));
		expect(session.photos.eventFor({ entryId: team, puzzleId: 'p1-2', subject: 'tally' })).toBe(tally!.id);
		expect(session.photos.eventFor({ entryId: team, subject: 'tally' })).toBeUndefined();
		await session.photos.add({ entryId: team, puzzleId: 'p1-2', subject: 'tally' }, photo(3), T0 + 13 * MIN, tally!.id);
		expect(session.photos.at(team, 'p1-2').map((r) => r.hash)).toEqual([hashOf(3)]);
		expect(session.photos.at(team)).toEqual([]);
	});

	it('a check with no missing pieces is no photo’s event', async () => {
		const db = freshDb();
		const { session } = await openHeat(db, 'czjpa-individual', ['Ana']);
		const ana = session.seats[0]!.id;
		await session.timing.start(tap(T0));
		await session.seat.handRaised(ana, tap(T0 + 30 * MIN));
		expect(await session.seat.confirm(ana, 0, 0, tap(T0 + 31 * MIN))).not.toBeNull();
		expect(session.photos.eventFor({ entryId: ana, subject: 'check' })).toBeUndefined();
		const missing = await session.seat.confirm(ana, 1, 0, tap(T0 + 32 * MIN));
		expect(missing).not.toBeNull();
		expect(session.photos.eventFor({ entryId: ana, subject: 'check' })).toBe(missing!.id);
	});
});
