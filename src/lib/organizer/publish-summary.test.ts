import { describe, expect, it } from 'vitest';
import { competition, MIN, score, T0, tablet } from '$lib/scoring/testkit';
import type { DeviceListing } from '$lib/contract';
import { deviceListings } from './device-listing.testkit';
import { publishSummary, recordersByCompetition, STALE_SYNC_MINUTES } from './publish-summary';

const NOW = T0 + 95 * MIN;

/** A CZJPA heat at 95 minutes: 3 finishers (one unchecked), a tally pending, a DNS, a DQ, a second start of one seat (a conflict). */
function heat() {
	const setup = competition('czjpa-individual', ['Ana', 'Bob', 'Cyd', 'Dan', 'Eva', 'Fil', 'Gus']);
	const a = tablet('a');
	const b = tablet('b');
	a.start(T0, ['ana', 'bob', 'cyd', 'dan', 'fil']);
	a.finish('ana', T0 + 40 * MIN);
	a.finish('bob', T0 + 50 * MIN);
	a.hand('cyd', T0 + 60 * MIN); // not checked yet
	a.record('entry.did-not-start', T0, 'eva', {});
	a.disqualify('fil', T0 + 10 * MIN, 'bent a piece');
	b.start(T0 + 5000, ['gus']);
	b.start(T0 + 9000, ['gus']); // two starts: a conflict
	b.hand('gus', T0 + 70 * MIN);
	return { setup, standings: score(setup, [...a.events, ...b.events], NOW) };
}

const devices: DeviceListing[] = deviceListings(
	{ id: 'j1', role: 'judge', label: 'Table 1', lastSeenAt: NOW - 2 * MIN },
	{ id: 'j2', role: 'judge', label: 'Table 2', lastSeenAt: NOW - (STALE_SYNC_MINUTES + 1) * MIN },
	{ id: 'j3', role: 'judge', label: 'Spare', lastSeenAt: null },
	{ id: 'j4', role: 'judge', label: 'Old', lastSeenAt: NOW - 60 * MIN, revokedAt: NOW - 30 * MIN },
	{ id: 'd1', role: 'display', label: 'Hall', lastSeenAt: null },
	{ id: 'o1', role: 'organizer', label: 'Desk', lastSeenAt: null }
);

describe('publishSummary', () => {
	it('says what will be public and what is unresolved: conflicts, entries without a result, unchecked finishes, tablets not synced', () => {
		const { setup, standings } = heat();
		const s = publishSummary({ step: 'publish', competition: setup.competition, standings, status: null, devices, recordedBy: new Set(), now: NOW });
		expect(s).toMatchObject({ step: 'publish', competition: setup.competition.name, version: 1, fromPublished: false, entries: 7, ranked: 4 });
		expect(s.awards).toEqual([
			{ place: 1, name: 'Ana' },
			{ place: 2, name: 'Bob' },
			{ place: 3, name: 'Cyd' },
			{ place: 4, name: 'Gus' }
		]);
		expect(s.unresolved).toEqual({
			conflicts: 1,
			withoutResult: ['Dan'],
			unchecked: ['Cyd', 'Gus'],
			tieForFirst: [],
			staleTablets: [
				{ label: 'Spare', lastSeenAt: null },
				{ label: 'Table 2', lastSeenAt: NOW - (STALE_SYNC_MINUTES + 1) * MIN }
			],
			changedSincePublished: false
		});
		expect(s.unresolvedCount).toBe(1 + 1 + 2 + 2);
	});

	it('the next version after a publication; nothing unresolved when all is settled', () => {
		const setup = competition('czjpa-individual', ['Ana', 'Bob']);
		const a = tablet('a');
		a.start(T0, ['ana', 'bob']);
		a.finish('ana', T0 + 40 * MIN);
		a.finish('bob', T0 + 41 * MIN);
		const standings = score(setup, a.events, NOW);
		const s = publishSummary({ step: 'publish', competition: setup.competition, standings, status: { version: 2 }, devices: devices.slice(0, 1), recordedBy: new Set(), now: NOW });
		expect(s.version).toBe(3);
		expect(s.unresolvedCount).toBe(0);
	});

	it('making final: the published version’s facts, and whether the standings changed since', () => {
		const { setup, standings } = heat();
		const published = standings.rows.map((r) => ({ entryId: r.entryId, name: r.name, place: r.place, status: r.outcome.status, awarded: r.awarded, finalTimeMs: r.outcome.finalTimeMs }));
		const same = publishSummary({
			step: 'final',
			competition: setup.competition,
			standings,
			status: { version: 2, snapshot: { rows: published, tieForFirst: [], conflicts: 1 } },
			devices: [],
			recordedBy: new Set(),
			now: NOW
		});
		expect(same).toMatchObject({ version: 2, fromPublished: true, entries: 7, ranked: 4 });
		expect(same.unresolved.changedSincePublished).toBe(false);
		// Version 2 had Bob first; the standings here no longer do.
		const older = published.map((r) => (r.name === 'Bob' ? { ...r, place: 1, finalTimeMs: 39 * MIN } : r.name === 'Ana' ? { ...r, place: 2 } : r));
		const changed = publishSummary({
			step: 'final',
			competition: setup.competition,
			standings,
			status: { version: 2, snapshot: { rows: older, tieForFirst: [], conflicts: 0 } },
			devices: [],
			recordedBy: new Set(),
			now: NOW
		});
		expect(changed.awards.slice(0, 2)).toEqual([
			{ place: 2, name: 'Ana' },
			{ place: 1, name: 'Bob' }
		]);
		expect(changed.unresolved.changedSincePublished).toBe(true);
		expect(changed.unresolvedCount).toBe(same.unresolvedCount + 1);
	});

	it('ES-TIE: entries tied for first wait for a tie-break', () => {
		const setup = competition('es-adult-individual', ['Lucía', 'Nuria']);
		const a = tablet('a');
		a.start(T0, ['lucía', 'nuria']);
		a.finish('lucía', T0 + 45 * MIN + 200);
		a.finish('nuria', T0 + 45 * MIN + 900);
		const standings = score(setup, a.events, T0 + 130 * MIN);
		const s = publishSummary({ step: 'publish', competition: setup.competition, standings, status: null, devices: [], recordedBy: new Set(), now: T0 + 130 * MIN });
		expect(s.unresolved.tieForFirst).toEqual(['Lucía', 'Nuria']);
		expect(s.unresolvedCount).toBe(2);
	});

	it('lists only the tablets of what is published: one that recorded this competition, or none yet; not one of another competition', () => {
		const { setup, standings } = heat();
		const a = tablet('a');
		a.start(T0, ['ana']);
		const other = tablet('other');
		other.start(T0, ['x']);
		const log = [
			...a.events.map((e) => ({ ...e, competitionId: setup.competition.id })),
			...other.events.map((e) => ({ ...e, competitionId: 'another-competition' }))
		];
		const recorders = recordersByCompetition(log);
		expect(recorders.get('another-competition')).toEqual(new Set([other.events[0]!.deviceId]));
		const stale = NOW - 60 * MIN;
		const listed = publishSummary({
			step: 'publish',
			competition: setup.competition,
			standings,
			status: null,
			devices: deviceListings(
				{ id: 'j1', role: 'judge', label: 'This one', lastSeenAt: stale, deviceIds: [a.events[0]!.deviceId] },
				{ id: 'j2', role: 'judge', label: 'Another competition', lastSeenAt: stale, deviceIds: [other.events[0]!.deviceId] },
				{ id: 'j3', role: 'judge', label: 'Not used yet', lastSeenAt: null }
			),
			recordedBy: recorders.get(setup.competition.id) ?? new Set(),
			now: NOW
		});
		expect(listed.unresolved.staleTablets.map((t) => t.label)).toEqual(['Not used yet', 'This one']);
	});
});
