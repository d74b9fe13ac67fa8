import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { RelayStage } from '$lib/rules/schema';
import { MIN } from '../testkit';
import { puzzleResult } from '../outcome/testkit';
import { rotationNow } from './rotation-now';

const RELAY = presetById('czjpa-team-relay')!;
const PART_1 = (RELAY.format.kind === 'relay' ? RELAY.format.stages[0] : undefined) as Extract<RelayStage, { mode: 'rotation' }>; // 4 puzzles, a signal every 8 min
const MEMBERS = ['m1', 'm2', 'm3', 'm4'];
const OWN = ['p1-1', 'p1-2', 'p1-3', 'p1-4'].map((id) => puzzleResult(id, 'part-1'));
const LIMIT = 5 * 60 * MIN;

describe('rotationNow', () => {
	it('CZ-TEAM-P1: before the first signal, each member at their own puzzle; the next signal at 8 min', () => {
		const r = rotationNow(PART_1, 0, OWN, MEMBERS, 3 * MIN, true, LIMIT);
		expect(r.rotation.assignments.map((a) => a.memberId)).toEqual(MEMBERS);
		expect([r.nextSignalAtMs, r.lastSignalAtMs, r.lastMoves]).toEqual([8 * MIN, null, []]);
	});

	it('CZ-TEAM-P1: after two signals, the last one and who it moved; times in team time from the part’s opening', () => {
		const r = rotationNow(PART_1, 0, OWN, MEMBERS, 17 * MIN, true, LIMIT);
		expect([r.nextSignalAtMs, r.lastSignalAtMs]).toEqual([24 * MIN, 16 * MIN]);
		expect(r.lastMoves).toEqual([
			{ memberId: 'm3', fromPuzzleId: 'p1-4', toPuzzleId: 'p1-1' },
			{ memberId: 'm4', fromPuzzleId: 'p1-1', toPuzzleId: 'p1-2' },
			{ memberId: 'm1', fromPuzzleId: 'p1-2', toPuzzleId: 'p1-3' },
			{ memberId: 'm2', fromPuzzleId: 'p1-3', toPuzzleId: 'p1-4' }
		]);
		const later = rotationNow(PART_1, 2 * MIN, OWN, MEMBERS, 19 * MIN, true, LIMIT);
		expect([later.nextSignalAtMs, later.lastSignalAtMs]).toEqual([26 * MIN, 18 * MIN]);
	});

	it('CZ-TEAM-P1-DONE: a finished puzzle stops its member', () => {
		const own = OWN.map((p) => (p.puzzleId === 'p1-2' ? { ...p, finishedAtMs: 5 * MIN } : p));
		const r = rotationNow(PART_1, 0, own, MEMBERS, 6 * MIN, true, LIMIT);
		expect(r.rotation.done).toEqual([{ memberId: 'm2', puzzleId: 'p1-2' }]);
	});

	it('no next signal while the clock stands, nor at or after the limit', () => {
		expect(rotationNow(PART_1, 0, OWN, MEMBERS, 3 * MIN, false, LIMIT).nextSignalAtMs).toBeNull();
		expect(rotationNow(PART_1, 0, OWN, MEMBERS, 3 * MIN, true, 8 * MIN).nextSignalAtMs).toBeNull();
	});
});
