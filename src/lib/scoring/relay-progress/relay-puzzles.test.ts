import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { MIN } from '../testkit';
import { puzzleResult } from '../outcome/testkit';
import { puzzleWorkers, relayPuzzles, relayPuzzleState } from './relay-puzzles';
import { stageProgress } from './stages';

const RELAY = presetById('czjpa-team-relay')!;
const STAGES = RELAY.format.kind === 'relay' ? RELAY.format.stages : [];
const MEMBERS = ['m1', 'm2', 'm3', 'm4'];
const open = (s: number) => ({ stage: STAGES[s]!, index: s, openedAtMs: 0, complete: false });
const closed = (s: number) => ({ ...open(s), openedAtMs: null });
const last = puzzleResult('final', 'final');

describe('relayPuzzleState', () => {
	it('by the finish and its check; else by whether the part is open', () => {
		const p = puzzleResult('p1-1', 'part-1');
		expect(relayPuzzleState(RELAY, p, closed(0), last)).toBe('waiting');
		expect(relayPuzzleState(RELAY, p, open(0), last)).toBe('open');
		expect(relayPuzzleState(RELAY, { ...p, status: 'unfinished' }, open(0), last)).toBe('unfinished');
		expect(relayPuzzleState(RELAY, { ...p, status: 'finished', check: 'pending' }, open(0), last)).toBe('checking');
		expect(relayPuzzleState(RELAY, { ...p, status: 'finished', check: 'confirmed' }, open(0), last)).toBe('boxing');
		expect(relayPuzzleState(RELAY, { ...p, status: 'finished', check: 'confirmed', boxedAtMs: MIN }, open(0), last)).toBe('done');
	});
});

describe('puzzleWorkers', () => {
	const rotation = { assignments: [{ memberId: 'm3', puzzleId: 'p1-1' }], done: [], signals: 2, nextSignalMs: 24 * MIN };

	it('CZ-TEAM-P1: the rotation’s member at the puzzle', () => {
		expect(puzzleWorkers(open(0), 'p1-1', 0, rotation, null, MEMBERS)).toEqual(['m3']);
		expect(puzzleWorkers(open(0), 'p1-2', 1, rotation, null, MEMBERS)).toEqual([]);
		expect(puzzleWorkers(open(0), 'p1-1', 0, null, null, MEMBERS)).toEqual([]);
	});

	it('CZ-TEAM-P2: the pair named for the puzzle, none before the pairs are named; CZ-TEAM-P3: the whole team', () => {
		const pairs: [[string, string], [string, string]] = [
			['m1', 'm3'],
			['m2', 'm4']
		];
		expect(puzzleWorkers(open(1), 'p2-2', 1, null, pairs, MEMBERS)).toEqual(['m2', 'm4']);
		expect(puzzleWorkers(open(1), 'p2-2', 1, null, null, MEMBERS)).toEqual([]);
		expect(puzzleWorkers(open(2), 'p3', 0, null, null, MEMBERS)).toEqual(MEMBERS);
	});
});

describe('relayPuzzles', () => {
	it('every puzzle in order with its part, state and workers while open', () => {
		const outcomes = ['p1-1', 'p1-2', 'p1-3', 'p1-4', 'p2-1', 'p2-2', 'p3', 'final'].map((id, i) => puzzleResult(id, STAGES[i < 4 ? 0 : i < 6 ? 1 : i < 7 ? 2 : 3]!.id));
		const rotation = { assignments: MEMBERS.map((m, i) => ({ memberId: m, puzzleId: `p1-${i + 1}` })), done: [], signals: 0, nextSignalMs: 8 * MIN };
		const puzzles = relayPuzzles(RELAY, stageProgress(RELAY, STAGES, outcomes, true), rotation, null, MEMBERS);
		expect(puzzles.map((p) => [p.puzzleId, p.stageIndex, p.state, p.workers])).toEqual([
			['p1-1', 0, 'open', ['m1']],
			['p1-2', 0, 'open', ['m2']],
			['p1-3', 0, 'open', ['m3']],
			['p1-4', 0, 'open', ['m4']],
			['p2-1', 1, 'waiting', []],
			['p2-2', 1, 'waiting', []],
			['p3', 2, 'waiting', []],
			['final', 3, 'waiting', []]
		]);
		expect(puzzles[0]!.outcome).toBe(outcomes[0]);
	});
});
