import { describe, expect, it } from 'vitest';
import { competition, MIN, SEC, T0, tablet, score, row } from '$lib/scoring/testkit';
import { relayDetail } from './relay-detail';

/** One team of a CZJPA relay: its members are "Alfa 1" … "Alfa 4" (ids alfa-m1 … alfa-m4). */
function team() {
	const setup = competition('czjpa-team-relay', ['Alfa'], 4);
	const log = tablet();
	log.start(T0, ['alfa']);
	// p1-1: Alfa 1's hand at 9:00 is rejected (the puzzle is open again); at 12:00 Alfa 4 finishes it (1 missing).
	const early = log.puzzleFinished('alfa', T0 + 9 * MIN, 'p1-1', ['alfa-m1']);
	log.reject(early, T0 + 9 * MIN + 30 * SEC, 'a gap');
	const p11 = log.puzzleFinished('alfa', T0 + 12 * MIN, 'p1-1', ['alfa-m4']);
	log.confirm(p11, T0 + 12 * MIN + 30 * SEC, 1);
	log.record('relay.teardown-done', T0 + 14 * MIN, 'alfa', { puzzleId: 'p1-1' });
	[20, 25, 30].forEach((m, i) => {
		const h = log.puzzleFinished('alfa', T0 + m * MIN, `p1-${i + 2}`, [`alfa-m${i + 1}`]);
		log.confirm(h, T0 + m * MIN + 30 * SEC);
		log.record('relay.teardown-done', T0 + m * MIN + 90 * SEC, 'alfa', { puzzleId: `p1-${i + 2}` });
	});
	log.record('relay.pairs-assigned', T0 + 32 * MIN, 'alfa', {
		pairs: [
			['alfa-m1', 'alfa-m3'],
			['alfa-m2', 'alfa-m4']
		]
	});
	log.puzzleFinished('alfa', T0 + 60 * MIN, 'p2-2', ['alfa-m2', 'alfa-m4']);
	return { setup, log };
}

const detail = (t: ReturnType<typeof team>, now: number) => {
	const entry = t.setup.entries[0]!;
	return relayDetail(t.setup.ruleset, entry, row(score(t.setup, t.log.events, now), 'Alfa').outcome, t.log.events)!;
};

describe('the organizer\'s entry detail of a relay team', () => {
	it('CZ-TEAM-P1-DONE, CZ-TEAM-TEARDOWN, CZ-TEAM-P2: each puzzle with its solver, finish, check (rejected before), teardown; the pairs named', () => {
		const d = detail(team(), T0 + 61 * MIN);
		expect(d.pairs).toEqual([
			['Alfa 1', 'Alfa 3'],
			['Alfa 2', 'Alfa 4']
		]);
		const [p11, p12, , , p21, p22, p3, final] = d.lines;
		expect(p11).toMatchObject({ puzzleId: 'p1-1', state: 'done', solvers: ['Alfa 4'], finishedAtMs: 12 * MIN, check: 'confirmed', missingPieces: 1, rejected: 1, teardownMs: 90 * SEC, countedPieces: 499 });
		expect(p12).toMatchObject({ puzzleId: 'p1-2', solvers: ['Alfa 1'], finishedAtMs: 20 * MIN, rejected: 0, teardownMs: 60 * SEC, countedPieces: 500 });
		// Part 2: one puzzle with its pair at work, the other waiting for its check.
		expect(p21).toMatchObject({ puzzleId: 'p2-1', state: 'open', solvers: ['Alfa 1', 'Alfa 3'], finishedAtMs: null, check: 'none' });
		expect(p22).toMatchObject({ puzzleId: 'p2-2', state: 'checking', solvers: ['Alfa 2', 'Alfa 4'], finishedAtMs: 60 * MIN, check: 'pending', teardownMs: null });
		expect(p3).toMatchObject({ state: 'waiting', solvers: [] });
		expect(final).toMatchObject({ puzzleId: 'final', pieces: 1000, state: 'waiting' });
	});

	it('CZ-TEAM-RANK: at the limit the open puzzle awaits its tally, then counts its pieces; a finished one counts its own', () => {
		const t = team();
		const due = detail(t, T0 + 301 * MIN);
		expect(due.lines.filter((l) => l.tallyDue).map((l) => l.puzzleId)).toEqual(['p2-1']);
		t.log.tally('alfa', T0 + 302 * MIN, [120, 2], 'p2-1');
		const d = detail(t, T0 + 303 * MIN);
		expect(d.lines.filter((l) => l.tallyDue)).toEqual([]);
		expect(d.lines.map((l) => [l.puzzleId, l.state, l.countedPieces])).toEqual([
			['p1-1', 'done', 499],
			['p1-2', 'done', 500],
			['p1-3', 'done', 500],
			['p1-4', 'done', 500],
			['p2-1', 'unfinished', 120],
			['p2-2', 'checking', 500],
			['p3', 'waiting', null],
			['final', 'waiting', null]
		]);
	});

	it('a rejection voided by a correction is not counted', () => {
		const t = team();
		const rejection = t.log.events.find((e) => e.type === 'check.rejected')!;
		t.log.correct(rejection, T0 + 40 * MIN, 'tapped by mistake');
		expect(detail(t, T0 + 41 * MIN).lines[0]!.rejected).toBe(0);
	});

	it('an individual competition has no relay detail', () => {
		const setup = competition('czjpa-individual', ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		expect(relayDetail(setup.ruleset, setup.entries[0]!, row(score(setup, log.events, T0 + MIN), 'Ana').outcome, log.events)).toBeNull();
	});
});
