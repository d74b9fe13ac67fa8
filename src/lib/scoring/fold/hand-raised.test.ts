import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { competition, MIN, SEC, T0, tablet } from '../testkit';
import { EntryClock } from './entry-clock';
import { EntryPuzzles } from './entry-puzzles';
import { puzzleFinishedBy, recordFinish } from './hand-raised';

const CZ = presetById('czjpa-individual')!; // 90 min
const RELAY = presetById('czjpa-team-relay')!;
const entry = competition(CZ, ['Ann'], 2).entries[0]!;

function setting(startedAt: number | null = T0) {
	return { puzzles: new EntryPuzzles(CZ), clock: new EntryClock(CZ, startedAt), notes: [] as string[] };
}

describe('puzzleFinishedBy', () => {
	it('CZ-GEN-FINISH: a valid claim while the clock runs finishes its puzzle', () => {
		const { puzzles, clock, notes } = setting();
		const hand = tablet().hand('ann', T0 + 30 * MIN);
		expect(puzzleFinishedBy(hand, new Map([['puzzle', [hand]]]), puzzles, clock, notes)).toBe(puzzles.last);
		expect(notes).toEqual([]);
	});

	it('a claim left out of the valid ones (rejected, invalid), or of a finished puzzle, finishes nothing', () => {
		const { puzzles, clock, notes } = setting();
		const log = tablet();
		const first = log.hand('ann', T0 + MIN);
		const later = log.hand('ann', T0 + 2 * MIN);
		expect(puzzleFinishedBy(later, new Map(), puzzles, clock, notes)).toBeNull();
		recordFinish(puzzles.last, first, undefined, entry);
		expect(puzzleFinishedBy(later, new Map([['puzzle', [first, later]]]), puzzles, clock, notes)).toBeNull();
		expect(notes).toEqual([]);
	});

	it('before the start or after the limit: ignored and noted; an open pause moved the limit, so a tap in it is in time', () => {
		const log = tablet();
		const early = log.hand('ann', T0 - SEC);
		const late = log.hand('ann', T0 + 90 * MIN + SEC);
		const claims = new Map([['puzzle', [early, late]]]);
		const { puzzles, clock, notes } = setting();
		expect(puzzleFinishedBy(early, claims, puzzles, clock, notes)).toBeNull();
		expect(puzzleFinishedBy(late, claims, puzzles, clock, notes)).toBeNull();
		expect(notes).toEqual(['a hand raised before the clock started was ignored', 'finish of puzzle ignored: hand raised after the time limit']);
		const notStarted = setting(null);
		expect(puzzleFinishedBy(late, claims, notStarted.puzzles, notStarted.clock, notStarted.notes)).toBeNull();
		expect(notStarted.notes).toEqual(['a hand raised before the clock started was ignored']);
		const atLimit = log.hand('ann', T0 + 90 * MIN);
		expect(puzzleFinishedBy(atLimit, new Map([['puzzle', [atLimit]]]), puzzles, clock, [])).toBe(puzzles.last); // the limit itself is in time
		clock.limitAt = T0 + 95 * MIN; // as a pause pushes it back
		expect(puzzleFinishedBy(late, claims, puzzles, clock, [])).toBe(puzzles.last);
	});

	it('after the entry finished: ignored', () => {
		const { puzzles, clock, notes } = setting();
		const hand = tablet().hand('ann', T0 + 30 * MIN);
		clock.finishedAt = T0 + 20 * MIN;
		expect(puzzleFinishedBy(hand, new Map([['puzzle', [hand]]]), puzzles, clock, notes)).toBeNull();
		expect(notes).toEqual([]);
	});
});

describe('recordFinish', () => {
	it('a finish not yet checked is pending, by the whole entry', () => {
		const p = new EntryPuzzles(CZ).last;
		const hand = tablet().hand('ann', T0 + MIN);
		recordFinish(p, hand, undefined, entry);
		expect(p).toMatchObject({ finish: { eventId: hand.id, at: T0 + MIN, memberIds: ['ann-m1', 'ann-m2'] }, check: 'pending', checkedAt: null, missingPieces: 0 });
	});

	it('CZ-GEN-MISSING: a confirmed check brings its time and its missing pieces; a rejection leaves it pending', () => {
		const log = tablet();
		const hand = log.hand('ann', T0 + MIN);
		const p = new EntryPuzzles(CZ).last;
		recordFinish(p, hand, log.confirm(hand, T0 + 2 * MIN, 2), entry);
		expect(p).toMatchObject({ check: 'confirmed', checkedAt: T0 + 2 * MIN, missingPieces: 2 });
		recordFinish(p, hand, log.reject(hand, T0 + 3 * MIN), entry);
		expect(p).toMatchObject({ check: 'pending', checkedAt: null, missingPieces: 0 });
	});

	it('CZ-TEAM-P1: a relay puzzle is finished by the members it names', () => {
		const p = new EntryPuzzles(RELAY).list[0]!;
		recordFinish(p, tablet().puzzleFinished('ann', T0, 'p1-1', ['ann-m2']), undefined, entry);
		expect(p.finish!.memberIds).toEqual(['ann-m2']);
	});
});
