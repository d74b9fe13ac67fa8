import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import { competition, MIN, row, score, SEC, T0, tablet } from './testkit';

/** Pieces missing from the box (issue 33 #2): the ruleset's `missingFromBox` and the organizer's `box-fault.decided`. */

const CZ = presetById('czjpa-individual')!;
const ES = presetById('es-adult-individual')!;
const exempt = (r: Ruleset): Ruleset => ({ ...r, id: `${r.id}-box`, missingFromBox: 'exempt-when-confirmed' });
const NOW = T0 + 95 * MIN;

/** Ana finishes at 40:00; the check finds 3 missing, 2 of them from the box; acknowledged. */
function checked(ruleset: Ruleset, missing = 3, fromBox = 2) {
	const setup = competition(ruleset, ['Ana']);
	const log = tablet();
	log.start(T0, ['ana']);
	const h = log.hand('ana', T0 + 40 * MIN);
	const check = log.record('check.confirmed', T0 + 40 * MIN + 30 * SEC, 'ana', { ref: h.id, missingPieces: missing, missingFromBox: fromBox });
	log.ack('ana', T0 + 41 * MIN);
	const organizer = tablet('organizer');
	return { setup, log, check, h, organizer, events: () => [...log.events, ...organizer.events] };
}

const outcome = (c: ReturnType<typeof checked>) => row(score(c.setup, c.events(), NOW), 'Ana').outcome;

describe('pieces missing from the box', () => {
	it("under 'penalty' (the presets) they cost 10 s each like any missing piece, confirmed or not, and nothing is pending", () => {
		const c = checked(CZ);
		expect(outcome(c)).toMatchObject({ missingPieces: 3, missingFromBox: 2, boxFaultPending: 0, boxFaultExempt: 0, finalTimeMs: 40 * MIN + 30 * SEC });
		c.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: c.check.id, confirmed: true });
		expect(outcome(c)).toMatchObject({ boxFaultPending: 0, boxFaultExempt: 0, finalTimeMs: 40 * MIN + 30 * SEC });
		expect(outcome(c).boxFaults).toEqual([{ puzzleId: CZ.format.kind === 'single' ? CZ.format.puzzle.id : '', checkEventId: c.check.id, missingPieces: 3, missingFromBox: 2, decision: 'confirmed' }]);
		expect(score(c.setup, c.events(), NOW).warnings).toEqual([]);
	});

	it("under 'exempt-when-confirmed', not yet decided: penalised like any missing piece, the entry pending with a warning", () => {
		const c = checked(exempt(CZ));
		const s = score(c.setup, c.events(), NOW);
		expect(row(s, 'Ana').outcome).toMatchObject({ missingPieces: 3, missingFromBox: 2, boxFaultPending: 2, boxFaultExempt: 0, finalTimeMs: 40 * MIN + 30 * SEC });
		expect(row(s, 'Ana').place).toBe(1);
		expect(s.warnings).toEqual([
			{
				kind: 'box-fault-pending',
				competitionId: 'comp',
				heatId: 'heat-1',
				eventIds: [c.check.id],
				deviceIds: ['tablet-1'],
				message: `2 of the 3 pieces missing at the check ${c.check.id} of Ana are recorded as missing from the box: penalised until the organizer confirms them`
			}
		]);
	});

	it("under 'exempt-when-confirmed', confirmed (after the lock): the pieces from the box cost nothing, no longer pending", () => {
		const c = checked(exempt(CZ));
		c.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: c.check.id, confirmed: true });
		const s = score(c.setup, c.events(), NOW);
		expect(row(s, 'Ana').outcome).toMatchObject({ boxFaultPending: 0, boxFaultExempt: 2, penalties: { missingPiecesMs: 10 * SEC }, finalTimeMs: 40 * MIN + 10 * SEC, locked: true });
		expect(row(s, 'Ana').reason).toContain('1 missing piece');
		expect(s.warnings).toEqual([]);
		expect(s.conflicts).toEqual([]);
	});

	it("under 'exempt-when-confirmed', refused: penalised, no longer pending", () => {
		const c = checked(exempt(CZ));
		c.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: c.check.id, confirmed: false });
		const s = score(c.setup, c.events(), NOW);
		expect(row(s, 'Ana').outcome).toMatchObject({ boxFaultPending: 0, boxFaultExempt: 0, finalTimeMs: 40 * MIN + 30 * SEC });
		expect(row(s, 'Ana').outcome.boxFaults.map((f) => f.decision)).toEqual(['refused']);
		expect(s.warnings).toEqual([]);
	});

	it('a correction of the decision: replaced (refused → confirmed), or voided (pending again); the later decision counts', () => {
		const c = checked(exempt(CZ));
		const refused = c.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: c.check.id, confirmed: false });
		const fixed = c.organizer.correct(refused, T0 + 51 * MIN, 'the box was sealed', { type: 'box-fault.decided', at: refused.at, payload: { ref: c.check.id, confirmed: true } });
		expect(outcome(c)).toMatchObject({ boxFaultExempt: 2, finalTimeMs: 40 * MIN + 10 * SEC });
		c.organizer.correct(fixed, T0 + 52 * MIN, 'decided too soon');
		// Reverting the replacement brings back the refusal.
		expect(outcome(c)).toMatchObject({ boxFaultPending: 0, boxFaultExempt: 0, finalTimeMs: 40 * MIN + 30 * SEC });
		const voided = checked(exempt(CZ));
		const d = voided.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: voided.check.id, confirmed: true });
		voided.organizer.correct(d, T0 + 51 * MIN, 'wrong entry');
		expect(outcome(voided)).toMatchObject({ boxFaultPending: 2, boxFaultExempt: 0 });
		const twice = checked(exempt(CZ));
		twice.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: twice.check.id, confirmed: true });
		twice.organizer.record('box-fault.decided', T0 + 55 * MIN, 'ana', { ref: twice.check.id, confirmed: false });
		expect(outcome(twice)).toMatchObject({ boxFaultExempt: 0, finalTimeMs: 40 * MIN + 30 * SEC });
	});

	it("a correction of the check's count from the box keeps the decision on that check; a new check waits for its own", () => {
		const c = checked(exempt(CZ));
		c.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: c.check.id, confirmed: true });
		c.organizer.correct(c.check, T0 + 52 * MIN, 'one from the box only', { type: 'check.confirmed', at: c.check.at, payload: { ref: c.h.id, missingPieces: 3, missingFromBox: 1 } });
		expect(outcome(c)).toMatchObject({ missingFromBox: 1, boxFaultExempt: 1, finalTimeMs: 40 * MIN + 20 * SEC });
		const again = checked(exempt(CZ));
		again.organizer.record('box-fault.decided', T0 + 40 * MIN + 40 * SEC, 'ana', { ref: again.check.id, confirmed: true });
		// Before the lock the judge checks again: that check counts, and awaits its own decision.
		const fresh = checked(exempt(CZ));
		const second = fresh.log.record('check.confirmed', T0 + 40 * MIN + 45 * SEC, 'ana', { ref: fresh.h.id, missingPieces: 3, missingFromBox: 2 });
		fresh.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: fresh.check.id, confirmed: true });
		expect(outcome(fresh)).toMatchObject({ boxFaultPending: 2, boxFaultExempt: 0 });
		expect(outcome(fresh).boxFaults[0]!.checkEventId).toBe(second.id);
	});

	it('without pieces from the box a decision changes nothing; an older file (no missingFromBox) reads as none', () => {
		const c = checked(exempt(CZ), 3, 0);
		c.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: c.check.id, confirmed: true });
		expect(outcome(c)).toMatchObject({ missingFromBox: 0, boxFaultExempt: 0, boxFaults: [], finalTimeMs: 40 * MIN + 30 * SEC });
		const old = competition(exempt(CZ), ['Ana']);
		const log = tablet();
		log.start(T0, ['ana']);
		log.finish('ana', T0 + 40 * MIN, 2);
		expect(row(score(old, log.events, NOW), 'Ana').outcome).toMatchObject({ missingPieces: 2, missingFromBox: 0, boxFaultPending: 0 });
	});

	it("ES-DQ: under the preset a piece from the box disqualifies all the same; under 'exempt-when-confirmed' confirmed ones do not", () => {
		const all = checked(ES, 2, 2);
		all.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: all.check.id, confirmed: true });
		expect(outcome(all).status).toBe('disqualified');
		const pending = checked(exempt(ES), 2, 2);
		expect(outcome(pending)).toMatchObject({ status: 'disqualified', boxFaultPending: 2 });
		pending.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: pending.check.id, confirmed: true });
		expect(outcome(pending)).toMatchObject({ status: 'finished', boxFaultPending: 0, boxFaultExempt: 2, disqualification: null });
		const lost = checked(exempt(ES), 3, 2);
		lost.organizer.record('box-fault.decided', T0 + 50 * MIN, 'ana', { ref: lost.check.id, confirmed: true });
		expect(outcome(lost)).toMatchObject({ status: 'disqualified', disqualifiedForMissingPieces: true });
	});

	it('relay puzzles: each check with its own decision; the team pending while one waits', () => {
		const RELAY: Ruleset = exempt(presetById('czjpa-team-relay')!);
		const setup = competition(RELAY, ['Team A'], 4);
		const log = tablet();
		const order = ['p1-1', 'p1-2', 'p1-3', 'p1-4', 'p2-1', 'p2-2', 'p3', 'final'];
		log.start(T0, ['team a']);
		const checks = order.map((pid, i) => {
			const h = log.puzzleFinished('team a', T0 + (40 + 20 * i) * MIN, pid, [`team a-m${(i % 4) + 1}`]);
			const fromBox = pid === 'p1-2' ? { missingPieces: 2, missingFromBox: 2 } : pid === 'p3' ? { missingPieces: 1, missingFromBox: 1 } : { missingPieces: 0 };
			const c = log.record('check.confirmed', T0 + (40 + 20 * i) * MIN + 30 * SEC, 'team a', { ref: h.id, ...fromBox });
			if (pid !== 'final') log.record('relay.teardown-done', T0 + (40 + 20 * i) * MIN + 150 * SEC, 'team a', { puzzleId: pid });
			return c;
		});
		const end = T0 + (40 + 20 * 7) * MIN;
		const organizer = tablet('organizer');
		organizer.record('box-fault.decided', end + 5 * MIN, 'team a', { ref: checks[1]!.id, confirmed: true });
		const o = row(score(setup, [...log.events, ...organizer.events], end + 10 * MIN), 'Team A').outcome;
		expect(o).toMatchObject({ status: 'finished', missingPieces: 3, missingFromBox: 3, boxFaultExempt: 2, boxFaultPending: 1, penalties: { missingPiecesMs: 10 * SEC } });
		expect(o.puzzles!.filter((p) => p.missingFromBox > 0).map((p) => [p.puzzleId, p.boxFault, p.checkEventId])).toEqual([
			['p1-2', 'confirmed', checks[1]!.id],
			['p3', 'undecided', checks[6]!.id]
		]);
	});
});
