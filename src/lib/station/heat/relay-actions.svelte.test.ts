import { describe, expect, it } from 'vitest';
import { freshDb, MIN, openHeat, relayTable, SEC, T0, tap } from './heat.testkit';

describe('a relay team on the station (CZ-TEAM-*)', () => {
	it('CZ-TEAM-P1-DONE: a hand raised exactly on a signal (40:00.000) names who was working, who stops; the others move', async () => {
		const { session, team } = await relayTable();
		await session.timing.start(tap(T0));
		// Four moves round: m1 is back at p1-1 from 32:00; the fifth signal at 40:00 would bring m4 there.
		const hand = await session.relay.puzzleFinished(team, 'p1-1', tap(T0 + 40 * MIN));
		expect(hand?.payload).toEqual({ puzzleId: 'p1-1', memberIds: ['m1'] });
		session.now = T0 + 40 * MIN + SEC;
		const relay = session.relay.progress(team)!;
		expect(relay.rotation!.done).toEqual([{ memberId: 'm1', puzzleId: 'p1-1' }]);
		expect(relay.lastMoves.map((m) => m.memberId).sort()).toEqual(['m2', 'm3', 'm4']);
	});

	it('CZ-TEAM-P1, CZ-TEAM-P1-DONE: a hand raised names the rotation member at the tap; a rejected check puts the member back; the judge can change who solved it', async () => {
		const { session, team } = await relayTable();
		await session.timing.start(tap(T0));
		// At 9:00 (after the 8-minute signal) m4 works at p1-1.
		const hand = await session.relay.puzzleFinished(team, 'p1-1', tap(T0 + 9 * MIN));
		expect(hand?.payload).toEqual({ puzzleId: 'p1-1', memberIds: ['m4'] });
		session.now = T0 + 9 * MIN + 10 * SEC;
		expect(session.relay.progress(team)!.puzzles[0]!.state).toBe('checking');
		expect(session.relay.progress(team)!.rotation!.assignments.map((a) => a.memberId)).not.toContain('m4');
		await session.relay.rejectPuzzle(team, 'p1-1', tap(T0 + 9 * MIN + 20 * SEC));
		session.now = T0 + 9 * MIN + 30 * SEC;
		expect(session.relay.progress(team)!.puzzles[0]).toMatchObject({ state: 'open', workers: ['m4'] });

		await session.relay.puzzleFinished(team, 'p1-1', tap(T0 + 10 * MIN));
		await session.relay.changeSolvers(team, 'p1-1', ['m4', 'm1'], 'helped at the end', tap(T0 + 10 * MIN + 5 * SEC));
		await session.relay.changeSolvers(team, 'p1-1', ['m1'], 'it was m1 alone', tap(T0 + 10 * MIN + 8 * SEC));
		session.now = T0 + 10 * MIN + 10 * SEC;
		const p = session.relay.progress(team)!.puzzles[0]!;
		expect(p.outcome.memberIds).toEqual(['m1']);
		// The finish keeps its moment and its id: the check still names it.
		expect(p.outcome.finishedAtMs).toBe(10 * MIN);
		await session.relay.confirmPuzzle(team, 'p1-1', 1, 1, tap(T0 + 11 * MIN));
		session.now = T0 + 11 * MIN + 1;
		expect(session.relay.progress(team)!.puzzles[0]).toMatchObject({ state: 'boxing', outcome: { check: 'confirmed', missingPieces: 1, missingFromBox: 1, boxFault: 'undecided' } });
		expect(session.standings.conflicts).toEqual([]);
	});

	it('CZ-TEAM-TEARDOWN, CZ-TEAM-P2, CZ-TEAM-FINAL, CZ-GEN-RECORD: boxed releases the next part, pairs are named, the final check ends the time, the team agrees', async () => {
		const { session, team, reopen } = await relayTable();
		await session.timing.start(tap(T0));
		let t = 20 * MIN;
		for (const pid of ['p1-1', 'p1-2', 'p1-3', 'p1-4']) {
			await session.relay.puzzleFinished(team, pid, tap(T0 + t));
			await session.relay.confirmPuzzle(team, pid, 0, 0, tap(T0 + t + 30 * SEC));
			t += MIN;
		}
		session.now = T0 + t;
		expect(session.relay.progress(team)!.current).toBe(0);
		await session.relay.boxed(team, 'p1-1', tap(T0 + t));
		await session.relay.boxed(team, 'p1-2', tap(T0 + t));
		await session.relay.boxed(team, 'p1-3', tap(T0 + t));
		session.now = T0 + t + SEC;
		expect(session.relay.progress(team)!.puzzles[4]!.state).toBe('waiting');
		await session.relay.boxed(team, 'p1-4', tap(T0 + t + 2 * MIN));
		session.now = T0 + t + 2 * MIN + SEC;
		const part2 = session.relay.progress(team)!;
		expect(part2).toMatchObject({ current: 1, pairsNeeded: true });
		expect(part2.stages[1]!.openedAtMs).toBe(t + 2 * MIN);
		await session.relay.namePairs(team, [['m1', 'm3'], ['m2', 'm4']], tap(T0 + t + 3 * MIN));
		// The teardown time is kept per puzzle.
		session.now = T0 + t + 3 * MIN + SEC;
		expect(session.relay.progress(team)!.puzzles[3]!.outcome.teardownMs).toBe(2 * MIN + 30 * SEC);
		expect(session.relay.progress(team)!.puzzles.slice(4, 6).map((p) => p.workers)).toEqual([
			['m1', 'm3'],
			['m2', 'm4']
		]);
		// A reload changes nothing.
		const again = await reopen();
		again.now = session.now;
		expect(again.relay.progress(team)).toEqual(session.relay.progress(team));

		const solvers: Record<string, string[]> = { 'p2-1': ['m1', 'm3'], 'p2-2': ['m2', 'm4'], p3: ['m1', 'm2', 'm3', 'm4'] };
		for (const pid of ['p2-1', 'p2-2', 'p3']) {
			t += 30 * MIN;
			const h = await session.relay.puzzleFinished(team, pid, tap(T0 + t));
			expect(h?.payload).toEqual({ puzzleId: pid, memberIds: solvers[pid] });
			await session.relay.confirmPuzzle(team, pid, 0, 0, tap(T0 + t + 30 * SEC));
			await session.relay.boxed(team, pid, tap(T0 + t + MIN));
		}
		t += 60 * MIN;
		await session.relay.puzzleFinished(team, 'final', tap(T0 + t));
		await session.relay.confirmPuzzle(team, 'final', 2, 0, tap(T0 + t + MIN));
		session.now = T0 + t + 2 * MIN;
		expect(session.outcome(team)).toMatchObject({ status: 'finished', check: 'confirmed', finalTimeMs: t + 20 * SEC, clockMs: t });
		await session.seat.acknowledge(team, tap(T0 + t + 2 * MIN));
		expect(session.outcomes.get(team)!.locked).toBe(true);
	});

	it('CZ-TEAM-RANK: at the limit each unfinished puzzle of the part gets its tally; undo works as for individuals', async () => {
		const { session, team } = await relayTable();
		await session.timing.start(tap(T0));
		await session.relay.puzzleFinished(team, 'p1-2', tap(T0 + 30 * MIN));
		await session.relay.confirmPuzzle(team, 'p1-2', 0, 0, tap(T0 + 31 * MIN));
		session.now = T0 + 5 * 60 * MIN + SEC;
		expect(session.relay.progress(team)!.toTally).toEqual(['p1-1', 'p1-3', 'p1-4']);
		await session.relay.tallyPuzzle(team, 'p1-1', [100, 2], tap(session.now));
		await session.relay.tallyPuzzle(team, 'p1-3', [50], tap(session.now + SEC));
		expect(session.corrections.canUndo(session.now + 2 * SEC)).toBe(true);
		await session.corrections.undo(tap(session.now + 2 * SEC));
		session.now += 3 * SEC;
		expect(session.relay.progress(team)!.toTally).toEqual(['p1-3', 'p1-4']);
		await session.relay.tallyPuzzle(team, 'p1-3', [50], tap(session.now));
		await session.relay.tallyPuzzle(team, 'p1-4', [10, 3], tap(session.now + SEC));
		session.now += 2 * SEC;
		expect(session.outcome(team)).toMatchObject({ status: 'unfinished', tallyPending: false, countedPieces: 500 + 100 + 50 + 13 });
	});
});

describe('a relay team’s actions', () => {
	it('CZ-TEAM-P1: the team’s members in their order; a puzzle’s check with no finish writes nothing', async () => {
		const { db, session, team } = await relayTable();
		expect(session.relay.memberIds(team)).toEqual(['m1', 'm2', 'm3', 'm4']);
		expect(session.relay.memberIds('nobody')).toEqual([]);
		await session.timing.start(tap(T0));
		expect(await session.relay.confirmPuzzle(team, 'p1-1', 0, 0, tap(T0 + MIN))).toBeNull();
		expect(await session.relay.rejectPuzzle(team, 'p1-1', tap(T0 + MIN))).toBeNull();
		expect(await session.relay.changeSolvers(team, 'p1-1', ['m1'], 'no finish yet', tap(T0 + MIN))).toBeNull();
		expect((await db.events.toArray()).map((e) => e.type)).toEqual(['heat.start']);
	});

	it('a heat that is not a relay has no relay progress', async () => {
		const { session } = await openHeat(freshDb(), 'czjpa-individual', ['Ana']);
		expect(session.relay.progress(session.seats[0]!.id)).toBeNull();
	});
});
