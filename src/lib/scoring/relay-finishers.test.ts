import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { relayFinishers, relayProgress } from './relay-progress';
import { competition, MIN, row, score, T0, tablet } from './testkit';

const RELAY = presetById('czjpa-team-relay')!;
const MEMBERS = ['team a-m1', 'team a-m2', 'team a-m3', 'team a-m4'];
const PART1 = ['p1-1', 'p1-2', 'p1-3', 'p1-4'];
const SIGNAL = 8 * MIN;
const setup = competition(RELAY, ['Team A'], 4);
const RUNS = Math.max(200, Number(process.env.PROPERTY_RUNS ?? 200));
const SEED = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);

const outcomeAt = (log: ReturnType<typeof tablet>, at: number) => row(score(setup, log.events, at), 'Team A').outcome;

/** Hand raised on `puzzleId` at `at`, credited as the tablet credits it. */
function raise(log: ReturnType<typeof tablet>, puzzleId: string, at: number): string[] {
	const members = relayFinishers(RELAY, MEMBERS, outcomeAt(log, at), puzzleId);
	log.puzzleFinished('team a', at, puzzleId, members);
	return members;
}

describe('relayFinishers', () => {
	it('CZ-TEAM-P1-DONE: a hand raised exactly on a signal is the member who was working, not the one arriving', () => {
		const log = tablet();
		log.start(T0, ['team a']);
		// 40:00.000 is the fifth signal: member 1 is back on p1-1 since 32:00 (four moves round); member 4 arrives there at 40:00.
		const before = relayProgress(RELAY, MEMBERS, outcomeAt(log, T0 + 40 * MIN - 1))!;
		const working = before.puzzles.find((p) => p.puzzleId === 'p1-1')!.workers;
		expect(raise(log, 'p1-1', T0 + 40 * MIN)).toEqual(working);
		const after = relayProgress(RELAY, MEMBERS, outcomeAt(log, T0 + 40 * MIN))!;
		expect(after.rotation!.done).toEqual([{ memberId: working[0], puzzleId: 'p1-1' }]);
		// The member who stopped makes no move; the three others rotate among the three puzzles left.
		expect(after.lastMoves.map((m) => m.memberId)).not.toContain(working[0]);
		expect(after.lastMoves).toHaveLength(3);
	});

	it('CZ-TEAM-P1-DONE: property: whatever the finish times (on, just before, just after a signal), each finish is credited to who was on the puzzle just before the hand went up, the rotation stops that member, and nobody solves two part-1 puzzles', () => {
		const moment = fc.oneof(
			fc.record({ signal: fc.integer({ min: 1, max: 12 }), delta: fc.constantFrom(-1, 0, 1) }).map(({ signal, delta }) => signal * SIGNAL + delta),
			fc.integer({ min: 1, max: 100 * MIN })
		);
		fc.assert(
			fc.property(fc.uniqueArray(fc.record({ puzzle: fc.integer({ min: 0, max: 3 }), at: moment }), { selector: (f) => f.puzzle, minLength: 1, maxLength: 4 }), (finishes) => {
				const log = tablet();
				log.start(T0, ['team a']);
				const credited: string[] = [];
				for (const f of [...finishes].sort((a, b) => a.at - b.at)) {
					const at = T0 + f.at;
					const puzzleId = PART1[f.puzzle]!;
					const justBefore = relayProgress(RELAY, MEMBERS, outcomeAt(log, at - 1))!.puzzles.find((p) => p.puzzleId === puzzleId)!.workers;
					const members = raise(log, puzzleId, at);
					expect(members).toEqual(justBefore);
					expect(members).toHaveLength(1);
					const done = relayProgress(RELAY, MEMBERS, outcomeAt(log, at))!.rotation?.done ?? [];
					expect(done.find((d) => d.puzzleId === puzzleId)?.memberId).toBe(members[0]);
					credited.push(...members);
				}
				expect(new Set(credited).size).toBe(credited.length);
			}),
			{ numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) }
		);
	});
});
