import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import { relayProgress } from './relay-progress';
import { competition, MIN, row, score, SEC, T0, tablet } from './testkit';

const RELAY = presetById('czjpa-team-relay')!;
const MEMBERS = ['team a-m1', 'team a-m2', 'team a-m3', 'team a-m4'];

function progressAt(events: ReturnType<typeof tablet>, at: number, ruleset: Ruleset = RELAY) {
	const setup = competition(ruleset, ['Team A'], 4);
	const o = row(score(setup, events.events, at), 'Team A').outcome;
	return { o, p: relayProgress(ruleset, MEMBERS, o)! };
}

describe('relayProgress', () => {
	it('CZ-TEAM-P1: before the start nothing is open; at the start part 1 opens with each member at their own puzzle', () => {
		const log = tablet();
		expect(progressAt(log, T0).p.puzzles.every((x) => x.state === 'waiting')).toBe(true);
		log.start(T0, ['team a']);
		const { p } = progressAt(log, T0 + 3 * MIN);
		expect(p.current).toBe(0);
		expect(p.currentOpen).toBe(true);
		expect(p.puzzles.slice(0, 4).map((x) => [x.puzzleId, x.state, x.workers])).toEqual([
			['p1-1', 'open', ['team a-m1']],
			['p1-2', 'open', ['team a-m2']],
			['p1-3', 'open', ['team a-m3']],
			['p1-4', 'open', ['team a-m4']]
		]);
		expect(p.puzzles.slice(4).every((x) => x.state === 'waiting')).toBe(true);
		expect(p.nextSignalAtMs).toBe(8 * MIN);
		expect(p.lastSignalAtMs).toBeNull();
		expect(progressAt(log, T0 + 17 * MIN).p).toMatchObject({ nextSignalAtMs: 24 * MIN, lastSignalAtMs: 16 * MIN });
	});

	it('CZ-TEAM-TEARDOWN: part 2 opens only when every part 1 puzzle is confirmed and boxed; pairs are asked for', () => {
		const log = tablet();
		log.start(T0, ['team a']);
		const ids = ['p1-1', 'p1-2', 'p1-3', 'p1-4'];
		ids.forEach((pid, i) => log.confirm(log.puzzleFinished('team a', T0 + (20 + i) * MIN, pid, [MEMBERS[i]!]), T0 + (20 + i) * MIN + 30 * SEC));
		let { p } = progressAt(log, T0 + 25 * MIN);
		expect(p.puzzles.slice(0, 4).map((x) => x.state)).toEqual(['boxing', 'boxing', 'boxing', 'boxing']);
		expect(p).toMatchObject({ current: 0, nextSignalAtMs: null, rotation: { assignments: [] } });
		ids.forEach((pid, i) => log.record('relay.teardown-done', T0 + (26 + i) * MIN, 'team a', { puzzleId: pid }));
		({ p } = progressAt(log, T0 + 30 * MIN));
		expect(p.stages[1]!.openedAtMs).toBe(29 * MIN);
		expect(p).toMatchObject({ current: 1, currentOpen: true, pairsNeeded: true, rotation: null, nextSignalAtMs: null });
		log.record('relay.pairs-assigned', T0 + 30 * MIN, 'team a', { pairs: [[MEMBERS[0]!, MEMBERS[2]!], [MEMBERS[1]!, MEMBERS[3]!]] });
		({ p } = progressAt(log, T0 + 31 * MIN));
		expect(p.pairsNeeded).toBe(false);
		expect(p.puzzles.filter((x) => x.stageIndex === 1).map((x) => x.workers)).toEqual([
			[MEMBERS[0], MEMBERS[2]],
			[MEMBERS[1], MEMBERS[3]]
		]);
	});

	it('CZ-TEAM-P1-DONE: a rejected check puts the puzzle back in the rotation as if it never finished', () => {
		const log = tablet();
		log.start(T0, ['team a']);
		const h = log.puzzleFinished('team a', T0 + 5 * MIN, 'p1-2', [MEMBERS[1]!]);
		expect(progressAt(log, T0 + 9 * MIN).p.rotation!.assignments).toHaveLength(3);
		log.reject(h, T0 + 6 * MIN);
		const { p } = progressAt(log, T0 + 9 * MIN);
		expect(p.puzzles[1]!.state).toBe('open');
		expect(p.rotation!.assignments.map((a) => a.memberId)).toEqual([MEMBERS[3], MEMBERS[0], MEMBERS[1], MEMBERS[2]]);
	});

	it('CZ-TEAM-P1: another signal interval in the ruleset moves the signals', () => {
		if (RELAY.format.kind !== 'relay') throw new Error('relay');
		const other: Ruleset = {
			...RELAY,
			id: 'relay-5',
			format: { ...RELAY.format, stages: RELAY.format.stages.map((s) => (s.mode === 'rotation' ? { ...s, rotationIntervalMs: 5 * MIN } : s)) }
		};
		const log = tablet();
		log.start(T0, ['team a']);
		expect(progressAt(log, T0 + 6 * MIN, other).p).toMatchObject({ nextSignalAtMs: 10 * MIN, lastSignalAtMs: 5 * MIN });
	});

	it('CZ-TEAM-RANK: at the limit the unfinished puzzles of the current part are to be tallied, and no signal comes', () => {
		const log = tablet();
		log.start(T0, ['team a']);
		log.confirm(log.puzzleFinished('team a', T0 + 100 * MIN, 'p1-1', [MEMBERS[0]!]), T0 + 101 * MIN);
		let { p } = progressAt(log, T0 + 5 * 60 * MIN + SEC);
		expect(p.toTally).toEqual(['p1-2', 'p1-3', 'p1-4']);
		expect(p.nextSignalAtMs).toBeNull();
		expect(p.puzzles.slice(1, 4).map((x) => x.state)).toEqual(['unfinished', 'unfinished', 'unfinished']);
		log.tally('team a', T0 + 5 * 60 * MIN + MIN, [100, 2], 'p1-2');
		({ p } = progressAt(log, T0 + 5 * 60 * MIN + 2 * MIN));
		expect(p.toTally).toEqual(['p1-3', 'p1-4']);
	});
});
