import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StationDb } from '$lib/db/station-db';
import { EventLog } from '$lib/db/event-log';
import { loadCompetition, saveSetup } from '$lib/db/setup-store';
import { HeatSession } from '../heat-session.svelte';
import { quickSetup } from '../quick-setup';
import { RelayTeamScreen } from './relay-team.svelte';

const T0 = Date.UTC(2026, 4, 16, 9);
const SEC = 1000;
const MIN = 60 * SEC;
const tap = (at: number) => ({ at, mono: at - T0 });

/** A relay team of four at one table, on a tablet's own database. */
async function relayTable() {
	const db = new StationDb(`relay-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
	const q = quickSetup({ presetId: 'czjpa-team-relay', seatNames: ['Team A'], day: '2026-05-16', suffix: 'abcd1234' });
	if (!q.ok) throw new Error(JSON.stringify(q.issues));
	const bundle = q.value.bundle;
	bundle.entries = bundle.entries.map((e) => ({ ...e, members: ['Ada', 'Ben', 'Cyd', 'Dan'].map((name, i) => ({ id: `m${i + 1}`, name })) }));
	await saveSetup(db, bundle);
	const open = async () => {
		const log = await EventLog.open(db);
		const setup = (await loadCompetition(db, q.value.competitionId))!;
		return new HeatSession({ setup, heatId: q.value.heatId, table: q.value.table, log, judge: 'Eva', events: await log.heatEvents(q.value.competitionId, q.value.heatId) });
	};
	const session = await open();
	return { db, session, team: session.seats[0]!.id, reopen: open };
}

describe('a relay team on the station (CZ-TEAM-*)', () => {
	it('CZ-TEAM-P1-DONE: a hand raised exactly on a signal (40:00.000) names who was working, who stops; the others move', async () => {
		const { session, team } = await relayTable();
		await session.start(tap(T0));
		// Four moves round: m1 is back at p1-1 from 32:00; the fifth signal at 40:00 would bring m4 there.
		const hand = await session.puzzleFinished(team, 'p1-1', tap(T0 + 40 * MIN));
		expect(hand?.payload).toEqual({ puzzleId: 'p1-1', memberIds: ['m1'] });
		session.now = T0 + 40 * MIN + SEC;
		const relay = session.relay(team)!;
		expect(relay.rotation!.done).toEqual([{ memberId: 'm1', puzzleId: 'p1-1' }]);
		expect(relay.lastMoves.map((m) => m.memberId).sort()).toEqual(['m2', 'm3', 'm4']);
	});

	it('CZ-TEAM-P1, CZ-TEAM-P1-DONE: a hand raised names the rotation member at the tap; a rejected check puts the member back; the judge can change who solved it', async () => {
		const { session, team } = await relayTable();
		await session.start(tap(T0));
		// At 9:00 (after the 8-minute signal) m4 works at p1-1.
		const hand = await session.puzzleFinished(team, 'p1-1', tap(T0 + 9 * MIN));
		expect(hand?.payload).toEqual({ puzzleId: 'p1-1', memberIds: ['m4'] });
		session.now = T0 + 9 * MIN + 10 * SEC;
		expect(session.relay(team)!.puzzles[0]!.state).toBe('checking');
		expect(session.relay(team)!.rotation!.assignments.map((a) => a.memberId)).not.toContain('m4');
		await session.rejectPuzzle(team, 'p1-1', tap(T0 + 9 * MIN + 20 * SEC));
		session.now = T0 + 9 * MIN + 30 * SEC;
		expect(session.relay(team)!.puzzles[0]).toMatchObject({ state: 'open', workers: ['m4'] });

		await session.puzzleFinished(team, 'p1-1', tap(T0 + 10 * MIN));
		await session.changeSolvers(team, 'p1-1', ['m4', 'm1'], 'helped at the end', tap(T0 + 10 * MIN + 5 * SEC));
		await session.changeSolvers(team, 'p1-1', ['m1'], 'it was m1 alone', tap(T0 + 10 * MIN + 8 * SEC));
		session.now = T0 + 10 * MIN + 10 * SEC;
		const p = session.relay(team)!.puzzles[0]!;
		expect(p.outcome.memberIds).toEqual(['m1']);
		// The finish keeps its moment and its id: the check still names it.
		expect(p.outcome.finishedAtMs).toBe(10 * MIN);
		await session.confirmPuzzle(team, 'p1-1', 1, tap(T0 + 11 * MIN));
		session.now = T0 + 11 * MIN + 1;
		expect(session.relay(team)!.puzzles[0]).toMatchObject({ state: 'boxing', outcome: { check: 'confirmed', missingPieces: 1 } });
		expect(session.standings.conflicts).toEqual([]);
	});

	it('CZ-TEAM-TEARDOWN, CZ-TEAM-P2, CZ-TEAM-FINAL, CZ-GEN-RECORD: boxed releases the next part, pairs are named, the final check ends the time, the team agrees', async () => {
		const { session, team, reopen } = await relayTable();
		await session.start(tap(T0));
		let t = 20 * MIN;
		for (const pid of ['p1-1', 'p1-2', 'p1-3', 'p1-4']) {
			await session.puzzleFinished(team, pid, tap(T0 + t));
			await session.confirmPuzzle(team, pid, 0, tap(T0 + t + 30 * SEC));
			t += MIN;
		}
		session.now = T0 + t;
		expect(session.relay(team)!.current).toBe(0);
		await session.boxed(team, 'p1-1', tap(T0 + t));
		await session.boxed(team, 'p1-2', tap(T0 + t));
		await session.boxed(team, 'p1-3', tap(T0 + t));
		session.now = T0 + t + SEC;
		expect(session.relay(team)!.puzzles[4]!.state).toBe('waiting');
		await session.boxed(team, 'p1-4', tap(T0 + t + 2 * MIN));
		session.now = T0 + t + 2 * MIN + SEC;
		const part2 = session.relay(team)!;
		expect(part2).toMatchObject({ current: 1, pairsNeeded: true });
		expect(part2.stages[1]!.openedAtMs).toBe(t + 2 * MIN);
		await session.namePairs(team, [['m1', 'm3'], ['m2', 'm4']], tap(T0 + t + 3 * MIN));
		// The teardown time is kept per puzzle.
		session.now = T0 + t + 3 * MIN + SEC;
		expect(session.relay(team)!.puzzles[3]!.outcome.teardownMs).toBe(2 * MIN + 30 * SEC);
		expect(session.relay(team)!.puzzles.slice(4, 6).map((p) => p.workers)).toEqual([
			['m1', 'm3'],
			['m2', 'm4']
		]);
		// A reload changes nothing.
		const again = await reopen();
		again.now = session.now;
		expect(again.relay(team)).toEqual(session.relay(team));

		const solvers: Record<string, string[]> = { 'p2-1': ['m1', 'm3'], 'p2-2': ['m2', 'm4'], p3: ['m1', 'm2', 'm3', 'm4'] };
		for (const pid of ['p2-1', 'p2-2', 'p3']) {
			t += 30 * MIN;
			const h = await session.puzzleFinished(team, pid, tap(T0 + t));
			expect(h?.payload).toEqual({ puzzleId: pid, memberIds: solvers[pid] });
			await session.confirmPuzzle(team, pid, 0, tap(T0 + t + 30 * SEC));
			await session.boxed(team, pid, tap(T0 + t + MIN));
		}
		t += 60 * MIN;
		await session.puzzleFinished(team, 'final', tap(T0 + t));
		await session.confirmPuzzle(team, 'final', 2, tap(T0 + t + MIN));
		session.now = T0 + t + 2 * MIN;
		expect(session.outcome(team)).toMatchObject({ status: 'finished', check: 'confirmed', finalTimeMs: t + 20 * SEC, clockMs: t });
		await session.acknowledge(team, tap(T0 + t + 2 * MIN));
		expect(session.outcomes.get(team)!.locked).toBe(true);
	});

	it('CZ-TEAM-RANK: at the limit each unfinished puzzle of the part gets its tally; undo works as for individuals', async () => {
		const { session, team } = await relayTable();
		await session.start(tap(T0));
		await session.puzzleFinished(team, 'p1-2', tap(T0 + 30 * MIN));
		await session.confirmPuzzle(team, 'p1-2', 0, tap(T0 + 31 * MIN));
		session.now = T0 + 5 * 60 * MIN + SEC;
		expect(session.relay(team)!.toTally).toEqual(['p1-1', 'p1-3', 'p1-4']);
		await session.tallyPuzzle(team, 'p1-1', [100, 2], tap(session.now));
		await session.tallyPuzzle(team, 'p1-3', [50], tap(session.now + SEC));
		expect(session.canUndo(session.now + 2 * SEC)).toBe(true);
		await session.undo(tap(session.now + 2 * SEC));
		session.now += 3 * SEC;
		expect(session.relay(team)!.toTally).toEqual(['p1-3', 'p1-4']);
		await session.tallyPuzzle(team, 'p1-3', [50], tap(session.now));
		await session.tallyPuzzle(team, 'p1-4', [10, 3], tap(session.now + SEC));
		session.now += 2 * SEC;
		expect(session.outcome(team)).toMatchObject({ status: 'unfinished', tallyPending: false, countedPieces: 500 + 100 + 50 + 13 });
	});

	it('CZ-TEAM-P1: the screen flashes at a signal seen live, not at one passed before it looked', async () => {
		const { session, team } = await relayTable();
		await session.start(tap(T0));
		session.now = T0 + 16 * MIN + 30 * SEC;
		const screen = new RelayTeamScreen(session, session.seats[0]!);
		// First look, after two signals passed: no signal, no flash.
		expect(screen.observe()).toBe(false);
		expect(screen.flashing).toBe(false);
		session.now = T0 + 23 * MIN;
		expect(screen.observe()).toBe(false);
		session.now = T0 + 24 * MIN + 500;
		expect(screen.observe()).toBe(true);
		expect(screen.flashing).toBe(true);
		expect(screen.observe()).toBe(false);
		session.now = T0 + 30 * MIN;
		expect(screen.flashing).toBe(false);
	});
});
