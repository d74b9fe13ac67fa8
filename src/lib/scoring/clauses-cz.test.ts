import { describe, expect, it } from 'vitest';
import { competition, MIN, places, row, score, SEC, T0, tablet } from './testkit';
import { CompetitionScorer } from './scorer';
import { rotationAt } from './rotation';

const IND = 'czjpa-individual';

describe('CZJPA general rules', () => {
	it('CZ-GEN-START: one start event starts every listed seat at the same moment', () => {
		const setup = competition(IND, ['Ana', 'Bob', 'Cyril']);
		const log = tablet();
		log.start(T0, ['ana', 'bob', 'cyril']);
		const s = score(setup, log.events, T0 + 10 * MIN);
		for (const r of s.rows) {
			expect(r.outcome.status).toBe('running');
			expect(r.outcome.startedAt).toBe(T0);
			expect(r.outcome.clockMs).toBe(10 * MIN);
		}
		// Before the start nobody runs.
		const before = score(setup, [], T0 + 10 * MIN);
		expect(before.rows.every((r) => r.outcome.status === 'not-started' && r.outcome.clockMs === 0)).toBe(true);
	});

	it('CZ-GEN-FINISH: the finish time is the hand-raised tap, not the later confirmation', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		const h = log.hand('ana', T0 + 42 * MIN + 17 * SEC + 250);
		log.confirm(h, T0 + 44 * MIN); // the judge arrives and checks two minutes later
		const o = row(score(setup, log.events, T0 + 60 * MIN), 'Ana').outcome;
		expect(o.status).toBe('finished');
		expect(o.check).toBe('confirmed');
		expect(o.elapsedMs).toBe(42 * MIN + 17 * SEC + 250);
		expect(o.finalTimeMs).toBe(42 * MIN + 17 * SEC + 250);
	});

	it('CZ-GEN-FINISH: while the check is pending the clock stands still at the tap', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		log.hand('ana', T0 + 30 * MIN);
		const o = row(score(setup, log.events, T0 + 31 * MIN), 'Ana').outcome;
		expect(o.status).toBe('finished');
		expect(o.check).toBe('pending');
		expect(o.clockMs).toBe(30 * MIN);
	});

	it('CZ-GEN-FINISH: a rejected check is as if the hand was never raised: the clock goes on', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		const h1 = log.hand('ana', T0 + 30 * MIN);
		log.reject(h1, T0 + 31 * MIN, 'two pieces not placed');
		const during = row(score(setup, log.events, T0 + 35 * MIN), 'Ana').outcome;
		expect(during.status).toBe('running');
		expect(during.clockMs).toBe(35 * MIN);
		const h2 = log.hand('ana', T0 + 36 * MIN);
		log.confirm(h2, T0 + 37 * MIN);
		const after = row(score(setup, log.events, T0 + 40 * MIN), 'Ana').outcome;
		expect(after.finalTimeMs).toBe(36 * MIN);
	});

	it('CZ-GEN-RECORD: the acknowledgement locks the record; a later event is a conflict and not applied', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		log.finish('ana', T0 + 50 * MIN); // hand, confirm, acknowledge
		const late = log.disqualify('ana', T0 + 80 * MIN, 'complaint after the record');
		const s = score(setup, log.events, T0 + 95 * MIN);
		const o = row(s, 'Ana').outcome;
		expect(o.locked).toBe(true);
		expect(o.status).toBe('finished');
		expect(o.finalTimeMs).toBe(50 * MIN);
		expect(s.conflicts).toHaveLength(1);
		expect(s.conflicts[0]).toMatchObject({ kind: 'after-lock', entryId: 'ana' });
		expect(s.conflicts[0]!.eventIds).toContain(late.id);
	});

	it('CZ-GEN-RECORD: an organizer correction with a reason changes a locked record and keeps the original', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		const h = log.finish('ana', T0 + 50 * MIN);
		const organizer = tablet('organizer-laptop');
		organizer.correct(h, T0 + 120 * MIN, 'video shows the hand at 49:30', { type: 'hand.raised', at: T0 + 49 * MIN + 30 * SEC, payload: {} });
		const s = score(setup, [...log.events, ...organizer.events], T0 + 130 * MIN);
		expect(row(s, 'Ana').outcome.finalTimeMs).toBe(49 * MIN + 30 * SEC);
		expect(s.conflicts).toEqual([]);
		// The original stays in the log: voiding the correction restores it.
		const c = organizer.events[0]!;
		organizer.correct(c, T0 + 121 * MIN, 'wrong video');
		const s2 = score(setup, [...log.events, ...organizer.events], T0 + 130 * MIN);
		expect(row(s2, 'Ana').outcome.finalTimeMs).toBe(50 * MIN);
	});

	it('CZ-GEN-RECORD: a correction may move a locked finish later; the record stays locked', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		const h = log.finish('ana', T0 + 55 * MIN); // acknowledged at 55:02
		const org = tablet('organizer');
		org.correct(h, T0 + 100 * MIN, 'the judge tapped a minute early', { type: 'hand.raised', at: T0 + 56 * MIN, payload: {} });
		const s = score(setup, [...log.events, ...org.events], T0 + 101 * MIN);
		expect(s.conflicts).toEqual([]);
		expect(row(s, 'Ana').outcome).toMatchObject({ status: 'finished', finalTimeMs: 56 * MIN, locked: true });
	});

	it('CZ-GEN-RECORD: a disqualification after the lock applies once the organizer unlocks the record', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		log.finish('ana', T0 + 50 * MIN);
		const ack = log.events[log.events.length - 1]!;
		log.disqualify('ana', T0 + 80 * MIN, 'used the box picture');
		const org = tablet('organizer');
		org.correct(ack, T0 + 85 * MIN, 'reopened: rule breach found after the record');
		const s = score(setup, [...log.events, ...org.events], T0 + 95 * MIN);
		expect(s.conflicts).toEqual([]);
		expect(row(s, 'Ana').outcome.status).toBe('disqualified');
	});

	it('CZ-GEN-RECORD: a conflict after the lock is resolved by a correction voiding the late event', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		log.finish('ana', T0 + 50 * MIN);
		const late = log.hand('ana', T0 + 55 * MIN);
		expect(score(setup, log.events, T0 + 95 * MIN).conflicts).toHaveLength(1);
		log.correct(late, T0 + 56 * MIN, 'tapped the wrong seat');
		expect(score(setup, log.events, T0 + 95 * MIN).conflicts).toEqual([]);
	});

	it('CZ-GEN-MISSING: 10 s per missing piece is added to the recorded time', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		log.finish('ana', T0 + 40 * MIN, 3);
		const o = row(score(setup, log.events, T0 + 95 * MIN), 'Ana').outcome;
		expect(o.missingPieces).toBe(3);
		expect(o.penalties.missingPiecesMs).toBe(30 * SEC);
		expect(o.elapsedMs).toBe(40 * MIN);
		expect(o.finalTimeMs).toBe(40 * MIN + 30 * SEC);
		expect(o.countedPieces).toBe(497);
	});

	it('CZ-GEN-MISSING: pieces missing from the box cost 10 s like any other, even confirmed by the organizer (the preset penalises)', () => {
		const setup = competition(IND, ['Ana']);
		expect(setup.ruleset.missingFromBox).toBe('penalty');
		const log = tablet();
		log.start(T0, ['ana']);
		const h = log.hand('ana', T0 + 40 * MIN);
		const check = log.record('check.confirmed', T0 + 40 * MIN + SEC, 'ana', { ref: h.id, missingPieces: 3, missingFromBox: 2 });
		log.record('box-fault.decided', T0 + 45 * MIN, 'ana', { ref: check.id, confirmed: true });
		const o = row(score(setup, log.events, T0 + 95 * MIN), 'Ana').outcome;
		expect(o).toMatchObject({ missingPieces: 3, missingFromBox: 2, boxFaultPending: 0, boxFaultExempt: 0 });
		expect(o.finalTimeMs).toBe(40 * MIN + 30 * SEC);
	});

	it('CZ-GEN-MISSING / ES-UNFINISHED: a finisher’s missing pieces are not loose pieces', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		log.finish('ana', T0 + 40 * MIN, 1);
		const o = row(score(setup, log.events, T0 + 95 * MIN), 'Ana').outcome;
		expect(o.missingPieces).toBe(1);
		expect(o.loosePieces).toBeNull();
	});

	it('CZ-GEN-UNFINISHED: only connected groups of at least 3 pieces count', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		log.tally('ana', T0 + 91 * MIN, [120, 3, 2, 2, 1, 40]);
		const o = row(score(setup, log.events, T0 + 95 * MIN), 'Ana').outcome;
		expect(o.status).toBe('unfinished');
		expect(o.countedPieces).toBe(163);
		expect(o.loosePieces).toBe(337);
		expect(o.finalTimeMs).toBeNull();
	});

	it('CZ-GEN-UNFINISHED: until the tally is entered an unfinished entry has no place', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		const s = score(setup, log.events, T0 + 91 * MIN);
		expect(row(s, 'Ana').outcome.tallyPending).toBe(true);
		expect(row(s, 'Ana').place).toBeNull();
	});

	it('CZ-GEN-LEAVE: leaving the place never stops the clock: pause events are not applied', () => {
		const setup = competition(IND, ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		log.pause('ana', T0 + 10 * MIN, T0 + 14 * MIN);
		log.finish('ana', T0 + 60 * MIN);
		const o = row(score(setup, log.events, T0 + 95 * MIN), 'Ana').outcome;
		expect(o.finalTimeMs).toBe(60 * MIN);
		expect(o.pauses.used).toBe(0);
		expect(o.notes.join(' ')).toMatch(/no pause/);
	});
});

describe('CZJPA individual competition', () => {
	it('CZ-IND-FORMAT: the limit is 90 minutes; a hand raised after it does not count', () => {
		const setup = competition(IND, ['Ana', 'Bob']);
		const log = tablet();
		log.start(T0, ['ana', 'bob']);
		log.hand('ana', T0 + 90 * MIN); // exactly at the limit: within it
		log.hand('bob', T0 + 90 * MIN + 1);
		const s = score(setup, log.events, T0 + 91 * MIN);
		expect(row(s, 'Ana').outcome.status).toBe('finished');
		expect(row(s, 'Bob').outcome.status).toBe('unfinished');
		expect(row(s, 'Bob').outcome.notes.join(' ')).toMatch(/after the time limit/);
		expect(row(s, 'Bob').outcome.clockMs).toBe(90 * MIN);
	});

	it('CZ-IND-RANK-1: finishers first, by final time including penalties', () => {
		const setup = competition(IND, ['Ana', 'Bob', 'Cyril', 'Dana']);
		const log = tablet();
		log.start(T0, ['ana', 'bob', 'cyril', 'dana']);
		log.finish('ana', T0 + 50 * MIN, 0);
		log.finish('bob', T0 + 49 * MIN + 55 * SEC, 1); // 49:55 + 10 s = 50:05, behind Ana
		log.finish('cyril', T0 + 89 * MIN, 0);
		log.tally('dana', T0 + 91 * MIN, [499]); // 499 pieces counted, still behind every finisher
		const s = score(setup, log.events, T0 + 95 * MIN);
		expect(places(s)).toEqual([
			['Ana', 1],
			['Bob', 2],
			['Cyril', 3],
			['Dana', 4]
		]);
	});

	it('CZ-IND-RANK-2: non-finishers after all finishers, by counted pieces descending', () => {
		const setup = competition(IND, ['Ana', 'Bob', 'Cyril']);
		const log = tablet();
		log.start(T0, ['ana', 'bob', 'cyril']);
		log.tally('ana', T0 + 91 * MIN, [100, 2]); // 100
		log.tally('bob', T0 + 91 * MIN, [200, 50]); // 250
		log.tally('cyril', T0 + 91 * MIN, [2, 2, 2, 2]); // 0
		const s = score(setup, log.events, T0 + 95 * MIN);
		expect(places(s)).toEqual([
			['Bob', 1],
			['Ana', 2],
			['Cyril', 3]
		]);
		expect(row(s, 'Bob').reason).toMatch(/250 of 500 pieces/);
	});

	it('CZ-IND-RANK-3: equal counted pieces share the place; equal final times share too', () => {
		const setup = competition(IND, ['Ana', 'Bob', 'Cyril', 'Dana', 'Eva', 'Filip']);
		const log = tablet();
		log.start(T0, ['ana', 'bob', 'cyril', 'dana', 'eva', 'filip']);
		log.finish('ana', T0 + 40 * MIN);
		log.finish('bob', T0 + 39 * MIN + 50 * SEC, 1); // 39:50 + 10 s = 40:00, equal to Ana
		log.finish('cyril', T0 + 45 * MIN);
		log.tally('dana', T0 + 91 * MIN, [300]);
		log.tally('eva', T0 + 91 * MIN, [150, 150, 2]);
		log.tally('filip', T0 + 91 * MIN, [10]);
		const s = score(setup, log.events, T0 + 95 * MIN);
		expect(places(s)).toEqual([
			['Ana', 1],
			['Bob', 1],
			['Cyril', 3],
			['Dana', 4],
			['Eva', 4],
			['Filip', 6]
		]);
		expect(s.tieForFirst).toEqual([]); // no tie-break in the CZJPA rules
	});

	it('CZ-IND-AWARD: the first 5 are awarded; a shared 5th place awards all who share it', () => {
		const names = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'];
		const setup = competition(IND, names);
		const log = tablet();
		log.start(T0, names.map((n) => n.toLowerCase()));
		[30, 31, 32, 33, 34, 34, 35].forEach((m, i) => log.finish(names[i]!.toLowerCase(), T0 + m * MIN));
		const s = score(setup, log.events, T0 + 95 * MIN);
		expect(s.rows.map((r) => [r.name, r.place, r.awarded])).toEqual([
			['A1', 1, true],
			['A2', 2, true],
			['A3', 3, true],
			['A4', 4, true],
			['A5', 5, true],
			['A6', 5, true],
			['A7', 7, false]
		]);
	});
});

describe('CZJPA team relay', () => {
	const RELAY = 'czjpa-team-relay';
	const ORDER = ['p1-1', 'p1-2', 'p1-3', 'p1-4', 'p2-1', 'p2-2', 'p3', 'final'];

	/** A team that finishes puzzle ORDER[i] at minute minutes[i], checked 30 s later, boxed 2 min after. */
	function runTeam(log: ReturnType<typeof tablet>, team: string, minutes: number[], missing: Record<string, number> = {}) {
		minutes.forEach((m, i) => {
			const pid = ORDER[i]!;
			const h = log.puzzleFinished(team, T0 + m * MIN, pid, [`${team}-m${(i % 4) + 1}`]);
			log.confirm(h, T0 + m * MIN + 30 * SEC, missing[pid] ?? 0);
			if (pid !== 'final') log.record('relay.teardown-done', T0 + m * MIN + 150 * SEC, team, { puzzleId: pid });
		});
	}

	it('CZ-TEAM-FORMAT: one clock from the common start; 7 × 500 and 1 × 1000 pieces in four parts; limit 5 h', () => {
		const setup = competition(RELAY, ['Team A'], 4);
		expect(setup.ruleset.timeLimitMs).toBe(5 * 60 * MIN);
		const f = setup.ruleset.format;
		expect(f.kind).toBe('relay');
		if (f.kind !== 'relay') return;
		expect(f.stages.map((s) => [s.mode, s.puzzles.map((p) => p.pieces)])).toEqual([
			['rotation', [500, 500, 500, 500]],
			['pairs', [500, 500]],
			['team', [500]],
			['team', [1000]]
		]);
		const log = tablet();
		log.start(T0, ['team a']);
		const o = row(score(setup, log.events, T0 + 100 * MIN), 'Team A').outcome;
		expect(o.clockMs).toBe(100 * MIN);
		expect(o.totalPieces).toBe(4500);
	});

	it('CZ-TEAM-FINAL: the team time runs from the common start to the finish of the 1000, plus penalties', () => {
		const setup = competition(RELAY, ['Team A'], 4);
		const log = tablet();
		log.start(T0, ['team a']);
		runTeam(log, 'team a', [40, 45, 50, 52, 80, 85, 120, 200], { 'p2-1': 2 });
		const o = row(score(setup, log.events, T0 + 5 * 60 * MIN), 'Team A').outcome;
		expect(o.status).toBe('finished');
		expect(o.elapsedMs).toBe(200 * MIN);
		expect(o.penalties.missingPiecesMs).toBe(20 * SEC);
		expect(o.finalTimeMs).toBe(200 * MIN + 20 * SEC);
	});

	it('CZ-TEAM-RANK: finishers by final time; then unfinished teams by total counted pieces over all puzzles', () => {
		const setup = competition(RELAY, ['Fast', 'Slow', 'Stuck', 'Stuck too'], 4);
		const log = tablet();
		log.start(T0, ['fast', 'slow', 'stuck', 'stuck too']);
		runTeam(log, 'fast', [30, 35, 40, 45, 70, 75, 110, 180]);
		runTeam(log, 'slow', [40, 45, 50, 55, 90, 95, 150, 290], { p3: 1 });
		// Stuck: part 1 and 2 done (6 × 500, one piece missing), p3 unfinished at 5 h.
		runTeam(log, 'stuck', [50, 60, 70, 80, 150, 160], { 'p1-2': 1 });
		log.tally('stuck', T0 + 301 * MIN, [200, 2, 2], 'p3'); // 200 count, 2 + 2 do not
		// Stuck too: same finished puzzles without the missing piece, p3 tally 199 → same total.
		runTeam(log, 'stuck too', [50, 60, 70, 80, 150, 160]);
		log.tally('stuck too', T0 + 301 * MIN, [199], 'p3');
		const s = score(setup, log.events, T0 + 302 * MIN);
		expect(places(s)).toEqual([
			['Fast', 1],
			['Slow', 2],
			['Stuck', 3],
			['Stuck too', 3]
		]);
		expect(row(s, 'Stuck').outcome.countedPieces).toBe(6 * 500 - 1 + 200);
		expect(row(s, 'Stuck too').outcome.countedPieces).toBe(6 * 500 + 199);
		expect(row(s, 'Slow').outcome.finalTimeMs).toBe(290 * MIN + 10 * SEC);
	});

	it('CZ-TEAM-RANK: an unfinished team needs a tally only for the open puzzles of its current part', () => {
		const setup = competition(RELAY, ['Stuck'], 4);
		const log = tablet();
		log.start(T0, ['stuck']);
		runTeam(log, 'stuck', [100, 150, 200]);
		const pending = row(score(setup, log.events, T0 + 301 * MIN), 'Stuck');
		expect(pending.outcome.tallyPending).toBe(true);
		log.tally('stuck', T0 + 301 * MIN, [300, 5], 'p1-4');
		const done = row(score(setup, log.events, T0 + 302 * MIN), 'Stuck');
		expect(done.outcome.tallyPending).toBe(false);
		expect(done.outcome.countedPieces).toBe(1500 + 305);
	});

	it('CZ-GEN-RECORD: a relay team acknowledging single puzzles is locked only once its final result is in', () => {
		const setup = competition(RELAY, ['Team A'], 4);
		const log = tablet();
		log.start(T0, ['team a']);
		ORDER.forEach((pid, i) => {
			const h = log.puzzleFinished('team a', T0 + (30 + 20 * i) * MIN, pid);
			log.confirm(h, T0 + (31 + 20 * i) * MIN);
			log.ack('team a', T0 + (32 + 20 * i) * MIN);
		});
		const s = score(setup, log.events, T0 + 300 * MIN);
		expect(s.conflicts).toEqual([]);
		expect(row(s, 'Team A').outcome).toMatchObject({ status: 'finished', finalTimeMs: 170 * MIN, locked: true });
	});

	it('CZ-GEN-MISSING: an unfinished team has no time penalty; its missing pieces reduce the count', () => {
		const setup = competition(RELAY, ['Stuck'], 4);
		const log = tablet();
		log.start(T0, ['stuck']);
		runTeam(log, 'stuck', [60, 70, 80, 90], { 'p1-1': 2 });
		log.tally('stuck', T0 + 301 * MIN, [100], 'p2-1');
		log.tally('stuck', T0 + 301 * MIN, [50], 'p2-2');
		const o = row(score(setup, log.events, T0 + 302 * MIN), 'Stuck').outcome;
		expect(o.status).toBe('unfinished');
		expect(o.penalties.missingPiecesMs).toBe(0);
		expect(o.countedPieces).toBe(2000 - 2 + 150);
	});

	it('CZ-TEAM-P1: a signal every 8 minutes moves every member clockwise to the next puzzle', () => {
		const puzzles = ['p1-1', 'p1-2', 'p1-3', 'p1-4'];
		const members = ['m1', 'm2', 'm3', 'm4'];
		const at = (ms: number, finished = new Map<string, number>()) => rotationAt(puzzles, members, 8 * MIN, finished, ms);
		expect(at(7 * MIN).assignments).toEqual(puzzles.map((p, i) => ({ memberId: members[i], puzzleId: p })));
		expect(at(7 * MIN).nextSignalMs).toBe(8 * MIN);
		const after1 = at(8 * MIN);
		expect(after1.signals).toBe(1);
		expect(after1.assignments).toEqual([
			{ memberId: 'm4', puzzleId: 'p1-1' },
			{ memberId: 'm1', puzzleId: 'p1-2' },
			{ memberId: 'm2', puzzleId: 'p1-3' },
			{ memberId: 'm3', puzzleId: 'p1-4' }
		]);
		expect(at(33 * MIN).signals).toBe(4); // back where they began
		expect(at(33 * MIN).assignments.map((a) => a.memberId)).toEqual(members);
	});

	it('CZ-TEAM-P1-DONE: the finisher stops; the others rotate among the unfinished puzzles only', () => {
		const puzzles = ['p1-1', 'p1-2', 'p1-3', 'p1-4'];
		const members = ['m1', 'm2', 'm3', 'm4'];
		// At 10:00 the puzzle p1-3 is finished, by m2 (who moved there at the 8-minute signal).
		const finished = new Map([['p1-3', 10 * MIN]]);
		const s = rotationAt(puzzles, members, 8 * MIN, finished, 16 * MIN);
		expect(s.done).toEqual([{ memberId: 'm2', puzzleId: 'p1-3' }]);
		// After 8:00: m4@p1-1, m1@p1-2, m2@p1-3, m3@p1-4. At 16:00 the three active move on, skipping p1-3.
		expect(s.assignments).toEqual([
			{ memberId: 'm3', puzzleId: 'p1-1' },
			{ memberId: 'm4', puzzleId: 'p1-2' },
			{ memberId: 'm1', puzzleId: 'p1-4' }
		]);
		const end = rotationAt(puzzles, members, 8 * MIN, new Map([...finished, ['p1-1', 20 * MIN], ['p1-2', 21 * MIN], ['p1-4', 22 * MIN]]), 30 * MIN);
		expect(end.assignments).toEqual([]);
		expect(end.nextSignalMs).toBeNull();
	});

	it('CZ-TEAM-P1-DONE: each puzzle finish is recorded with the member who finished it', () => {
		const setup = competition(RELAY, ['Team A'], 4);
		const log = tablet();
		log.start(T0, ['team a']);
		const h = log.puzzleFinished('team a', T0 + 20 * MIN, 'p1-2', ['team a-m3']);
		log.confirm(h, T0 + 21 * MIN);
		const o = row(score(setup, log.events, T0 + 22 * MIN), 'Team A').outcome;
		const p = o.puzzles!.find((x) => x.puzzleId === 'p1-2')!;
		expect(p).toMatchObject({ status: 'finished', memberIds: ['team a-m3'], finishedAtMs: 20 * MIN, check: 'confirmed' });
		expect(o.status).toBe('running');
	});

	it('CZ-TEAM-P2: the pairs are recorded and their two puzzles are timed in parallel', () => {
		const setup = competition(RELAY, ['Team A'], 4);
		const log = tablet();
		log.start(T0, ['team a']);
		runTeam(log, 'team a', [40, 45, 50, 52]);
		log.record('relay.pairs-assigned', T0 + 53 * MIN, 'team a', {
			pairs: [
				['team a-m1', 'team a-m3'],
				['team a-m2', 'team a-m4']
			]
		});
		log.puzzleFinished('team a', T0 + 80 * MIN, 'p2-2', ['team a-m2', 'team a-m4']);
		log.puzzleFinished('team a', T0 + 84 * MIN, 'p2-1', ['team a-m1', 'team a-m3']);
		const o = row(score(setup, log.events, T0 + 90 * MIN), 'Team A').outcome;
		const p2 = o.puzzles!.filter((p) => p.stageId === 'part-2');
		expect(p2.map((p) => [p.puzzleId, p.finishedAtMs, p.memberIds.length])).toEqual([
			['p2-1', 84 * MIN, 2],
			['p2-2', 80 * MIN, 2]
		]);
	});

	it('CZ-TEAM-P3: the whole team solves one 500 before the final', () => {
		const setup = competition(RELAY, ['Team A'], 4);
		const p3 = setup.ruleset.format.kind === 'relay' ? setup.ruleset.format.stages[2] : undefined;
		expect(p3).toMatchObject({ mode: 'team', puzzles: [{ id: 'p3', pieces: 500 }] });
		const log = tablet();
		log.start(T0, ['team a']);
		runTeam(log, 'team a', [40, 45, 50, 52, 80, 85, 120]);
		const o = row(score(setup, log.events, T0 + 130 * MIN), 'Team A').outcome;
		expect(o.puzzles!.find((p) => p.puzzleId === 'p3')!.status).toBe('finished');
		expect(o.status).toBe('running'); // only the 1000 ends the team's time
	});

	it('CZ-TEAM-TEARDOWN: the time from the check to "boxed, next released" is recorded and counts', () => {
		const setup = competition(RELAY, ['Team A'], 4);
		const log = tablet();
		log.start(T0, ['team a']);
		runTeam(log, 'team a', [40]);
		const o = row(score(setup, log.events, T0 + 50 * MIN), 'Team A').outcome;
		expect(o.puzzles![0]!.teardownMs).toBe(2 * MIN); // checked at 40:30, boxed at 42:30
		expect(o.clockMs).toBe(50 * MIN); // the clock never stopped
	});
});

describe('CZ-GEN-CHANGES', () => {
	it('CZ-GEN-CHANGES: standings name the ruleset version in force', () => {
		const setup = competition(IND, ['Ana']);
		const s = new CompetitionScorer(setup).standings(T0);
		expect(s.ruleset).toEqual({ id: 'czjpa-individual', version: 1 });
	});
});
