import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import { relayProgress } from '$lib/scoring/relay-progress';
import { rotationAt } from '$lib/scoring/rotation';
import { competition, MIN, row, score, SEC, T0, tablet } from '$lib/scoring/testkit';
import { relayPlan, shownStage } from './relay-plan';

const RELAY = presetById('czjpa-team-relay')!;
const MEMBERS = ['team a-m1', 'team a-m2', 'team a-m3', 'team a-m4'];
const PART1 = ['p1-1', 'p1-2', 'p1-3', 'p1-4'];

/** A relay whose rotation part has `n` places and signals every `interval`: the screen is driven by the ruleset. */
function relayWith(interval: number): Ruleset {
	if (RELAY.format.kind !== 'relay') throw new Error('relay');
	return { ...RELAY, id: `relay-${interval}`, format: { ...RELAY.format, stages: RELAY.format.stages.map((s) => (s.mode === 'rotation' ? { ...s, rotationIntervalMs: interval } : s)) } };
}

/** One judge's action in part 1: a hand raised on a puzzle (if it is open), rejected after `rejectAfter` or left to be checked. */
const action = fc.record({
	gap: fc.integer({ min: 1 * SEC, max: 12 * MIN }),
	place: fc.integer({ min: 0, max: 3 }),
	rejectAfter: fc.option(fc.integer({ min: 1 * SEC, max: 3 * MIN }), { nil: null })
});

describe("the relay screen's part 1 plan (CZ-TEAM-P1, CZ-TEAM-P1-DONE)", () => {
	it('CZ-TEAM-P1, CZ-TEAM-P1-DONE: for any finishes and rejected checks, active members sit one to one at unfinished puzzles, keep their clockwise order, a finisher never comes back, and the plan shown is rotationAt', () => {
		fc.assert(
			fc.property(fc.array(action, { maxLength: 10 }), fc.integer({ min: 0, max: 10 * MIN }), fc.constantFrom(8 * MIN, 5 * MIN, 11 * MIN), (actions, after, interval) => {
				const ruleset = relayWith(interval);
				const setup = competition(ruleset, ['Team A'], 4);
				const log = tablet();
				log.start(T0, ['team a']);
				// The model: each puzzle's finish that stands (not rejected), in team time.
				const standing = new Map<string, number>();
				const finishers = new Set<string>();
				let t = 0;
				for (const a of actions) {
					t += a.gap;
					const pid = PART1[a.place]!;
					if (standing.has(pid)) continue;
					const h = log.puzzleFinished('team a', T0 + t, pid, []);
					if (a.rejectAfter === null) standing.set(pid, t);
					else {
						t += a.rejectAfter;
						log.reject(h, T0 + t);
					}
				}
				const now = t + after;
				const outcome = row(score(setup, log.events, T0 + now), 'Team A').outcome;
				const progress = relayProgress(ruleset, MEMBERS, outcome)!;
				const expected = rotationAt(PART1, MEMBERS, interval, standing, now);
				for (const d of expected.done) finishers.add(d.memberId);

				expect(shownStage(progress)).toBe(0);
				const plan = relayPlan(progress, 0);
				// The places in clockwise order, as the ruleset lists them.
				expect(plan.map((p) => p.puzzle.puzzleId)).toEqual(PART1);
				// What the screen shows is the scoring module's rotation.
				expect(plan.filter((p) => p.workers.length > 0).map((p) => ({ memberId: p.workers[0], puzzleId: p.puzzle.puzzleId }))).toEqual(expected.assignments);
				expect(progress.rotation).toEqual(expected);
				// One active member per unfinished puzzle, none at a finished one.
				const active = plan.flatMap((p) => p.workers);
				expect(new Set(active).size).toBe(active.length);
				for (const p of plan) expect(p.workers.length).toBe(standing.has(p.puzzle.puzzleId) ? 0 : 1);
				// A member who finished a puzzle only advises from then on.
				for (const m of active) expect(finishers.has(m)).toBe(false);
				// Clockwise order: read around the table, the active members keep their starting order (a rotation of it).
				const order = active.map((m) => MEMBERS.indexOf(m));
				const descents = order.filter((x, i) => x > order[(i + 1) % order.length]!).length;
				expect(descents).toBeLessThanOrEqual(1);
				// The signal count and the next signal follow the ruleset's interval.
				expect(progress.lastSignalAtMs).toBe(expected.signals > 0 ? expected.signals * interval : null);
			}),
			{ numRuns: 150 }
		);
	});

	it('CZ-TEAM-P1: at a signal the screen says who moved where; a member whose puzzle is finished does not move', () => {
		const setup = competition(RELAY, ['Team A'], 4);
		const log = tablet();
		log.start(T0, ['team a']);
		log.confirm(log.puzzleFinished('team a', T0 + 5 * MIN, 'p1-2', [MEMBERS[1]!]), T0 + 5 * MIN + 30 * SEC);
		const at = (ms: number) => relayProgress(RELAY, MEMBERS, row(score(setup, log.events, T0 + ms), 'Team A').outcome)!;
		expect(at(7 * MIN).lastMoves).toEqual([]);
		expect(at(8 * MIN + 10 * SEC).lastMoves).toEqual([
			{ memberId: MEMBERS[3], fromPuzzleId: 'p1-4', toPuzzleId: 'p1-1' },
			{ memberId: MEMBERS[0], fromPuzzleId: 'p1-1', toPuzzleId: 'p1-3' },
			{ memberId: MEMBERS[2], fromPuzzleId: 'p1-3', toPuzzleId: 'p1-4' }
		]);
		const plan = relayPlan(at(8 * MIN + 10 * SEC), 0);
		expect(plan.map((p) => [p.puzzle.puzzleId, p.workers, p.solvedBy])).toEqual([
			['p1-1', [MEMBERS[3]], []],
			['p1-2', [], [MEMBERS[1]]],
			['p1-3', [MEMBERS[0]], []],
			['p1-4', [MEMBERS[2]], []]
		]);
	});
});
