import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { MIN, T0 } from '../testkit';
import { readClock } from './clock-reading';
import { puzzleOutcome, puzzleOutcomes } from './puzzle-outcomes';
import { puzzle, summary } from './testkit';

const ES = presetById('es-adult-individual')!;
const pauses = [{ from: T0 + MIN, to: T0 + 3 * MIN }];

describe('puzzleOutcome', () => {
	it('an open puzzle before the limit; unfinished after it, counting its tally’s groups of at least the minimum', () => {
		const p = puzzle({ tally: [120, 9, 10] });
		const s = summary({ puzzles: [p] });
		expect(puzzleOutcome(p, T0, readClock(ES, s, T0 + MIN), 10)).toMatchObject({ status: 'open', countedPieces: 130, finishedAtMs: null, check: 'none' });
		expect(puzzleOutcome(p, T0, readClock(ES, s, T0 + 121 * MIN), 10).status).toBe('unfinished');
		expect(puzzleOutcome(puzzle(), T0, readClock(ES, s, T0), 10).countedPieces).toBeNull();
	});

	it('CZ-TEAM-TEARDOWN: a finished puzzle’s moments in counted time (pauses left out), its pieces less the missing ones', () => {
		const p = puzzle({
			finish: { eventId: 'h1', at: T0 + 20 * MIN, memberIds: ['m1'] },
			check: 'confirmed',
			checkedAt: T0 + 21 * MIN,
			missingPieces: 2,
			teardownAt: T0 + 23 * MIN
		});
		const clock = readClock(ES, summary({ pauses, puzzles: [p] }), T0 + 30 * MIN);
		expect(puzzleOutcome(p, T0, clock, 10)).toEqual({
			puzzleId: 'puzzle',
			stageId: 'single',
			pieces: 200,
			status: 'finished',
			finishedAtMs: 18 * MIN,
			finishEventId: 'h1',
			memberIds: ['m1'],
			check: 'confirmed',
			missingPieces: 2,
			missingFromBox: 0,
			boxFault: 'none',
			checkEventId: null,
			countedPieces: 198,
			checkedAtMs: 19 * MIN,
			boxedAtMs: 21 * MIN,
			teardownMs: 2 * MIN
		});
	});

	it('a pending check has no checked moment; without a start there are no moments at all', () => {
		const p = puzzle({ finish: { eventId: 'h1', at: T0 + 20 * MIN, memberIds: [] }, check: 'pending', teardownAt: T0 + 25 * MIN });
		const started = readClock(ES, summary({ puzzles: [p] }), T0 + 30 * MIN);
		expect(puzzleOutcome(p, T0, started, 10)).toMatchObject({ checkedAtMs: null, boxedAtMs: 25 * MIN, teardownMs: null });
		const notStarted = readClock(ES, summary({ startedAt: null, limitAt: null, puzzles: [p] }), T0 + 30 * MIN);
		expect(puzzleOutcome(p, null, notStarted, 10)).toMatchObject({ finishedAtMs: null, checkedAtMs: null, boxedAtMs: null });
	});

	it('CZ-TEAM-TEARDOWN: boxed before the check was recorded: no negative teardown', () => {
		const p = puzzle({ finish: { eventId: 'h1', at: T0 + 20 * MIN, memberIds: [] }, check: 'confirmed', checkedAt: T0 + 22 * MIN, teardownAt: T0 + 21 * MIN });
		expect(puzzleOutcome(p, T0, readClock(ES, summary({ puzzles: [p] }), T0 + 30 * MIN), 10).teardownMs).toBe(0);
	});
});

describe('puzzleOutcomes', () => {
	it('every puzzle in order', () => {
		const s = summary({ puzzles: [puzzle({ puzzleId: 'a' }), puzzle({ puzzleId: 'b' })] });
		expect(puzzleOutcomes(s, readClock(ES, s, T0), 10).map((p) => p.puzzleId)).toEqual(['a', 'b']);
	});
});
