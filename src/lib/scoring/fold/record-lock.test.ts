import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Conflict, EffectiveEvent } from '../types';
import { competition, MIN, SEC, T0, tablet } from '../testkit';
import { EntryPuzzles } from './entry-puzzles';
import { inRecordedOrder, lockIndex, lockRecord, resultTest } from './record-lock';
import { actionsOf } from './testkit';

const SINGLE = new EntryPuzzles(presetById('czjpa-individual')!);
const RELAY = new EntryPuzzles(presetById('czjpa-team-relay')!);
const entry = competition('czjpa-individual', ['Ann']).entries[0]!;

describe('resultTest', () => {
	it("a single puzzle's result: a confirmed check, a tally or a disqualification; not a rejection", () => {
		const log = tablet();
		const hand = log.hand('ann', T0);
		const isResult = resultTest(actionsOf(log), SINGLE);
		expect(isResult(log.confirm(hand, T0 + SEC))).toBe(true);
		expect(isResult(log.reject(hand, T0 + SEC))).toBe(false);
		expect(isResult(log.tally('ann', T0, [5]))).toBe(true);
		expect(isResult(log.disqualify('ann', T0, 'x'))).toBe(true);
		expect(isResult(hand)).toBe(false);
	});

	it("a relay's result is the check of its last puzzle, not of an earlier one", () => {
		const log = tablet();
		const early = log.puzzleFinished('ann', T0, 'p1-1');
		const last = log.puzzleFinished('ann', T0 + MIN, 'final');
		const isResult = resultTest(actionsOf(log), RELAY);
		expect(isResult(log.confirm(early, T0 + SEC))).toBe(false);
		expect(isResult(log.confirm(last, T0 + MIN + SEC))).toBe(true);
	});
});

describe('inRecordedOrder', () => {
	it('without corrections: the events as they are', () => {
		const log = tablet();
		log.hand('ann', T0);
		log.ack('ann', T0 + SEC);
		const events = actionsOf(log);
		expect(inRecordedOrder(events)).toBe(events);
	});

	it("a correction's replacement stands at its original's time", () => {
		const log = tablet();
		const ack = log.ack('ann', T0 + SEC);
		const moved: EffectiveEvent = { ...log.confirm(log.hand('ann', T0), T0), at: T0 + 2 * SEC, correctedBy: 'c1', recordedAt: T0 - SEC };
		expect(inRecordedOrder([ack, moved]).map((e) => e.id)).toEqual([moved.id, ack.id]);
	});
});

describe('lockIndex', () => {
	it('CZ-GEN-RECORD: the first acknowledgement after a result; none before one', () => {
		const log = tablet();
		const hand = log.hand('ann', T0);
		log.ack('ann', T0 + SEC); // before the result: locks nothing
		log.confirm(hand, T0 + 2 * SEC);
		log.ack('ann', T0 + 3 * SEC);
		log.ack('ann', T0 + 4 * SEC);
		const events = actionsOf(log);
		expect(lockIndex(events, resultTest(events, SINGLE))).toBe(3);
		expect(lockIndex(events.slice(0, 3), resultTest(events, SINGLE))).toBe(-1);
	});
});

describe('lockRecord', () => {
	it('no lock: every event applies', () => {
		const log = tablet();
		log.hand('ann', T0);
		const conflicts: Conflict[] = [];
		expect(lockRecord(entry, actionsOf(log), SINGLE, conflicts)).toEqual({ applied: actionsOf(log), locked: false });
		expect(conflicts).toEqual([]);
	});

	it('CZ-GEN-RECORD: judge events after the lock are conflicts and not applied; notes and corrected events still apply', () => {
		const log = tablet();
		const hand = log.finish('ann', T0);
		const late = log.tally('ann', T0 + 5 * SEC, [3]);
		const note = log.record('incident.noted', T0 + 6 * SEC, 'ann', { note: 'dropped a piece' });
		const corrected: EffectiveEvent = { ...log.disqualify('ann', T0 + 7 * SEC, 'x'), correctedBy: 'c1' };
		const events = [...actionsOf(log).slice(0, 5), corrected];
		const conflicts: Conflict[] = [];
		const { applied, locked } = lockRecord(entry, events, SINGLE, conflicts);
		expect(locked).toBe(true);
		expect(applied.map((e) => e.id)).toEqual([hand.id, log.events[1]!.id, log.events[2]!.id, note.id, corrected.id]);
		expect(conflicts).toEqual([
			expect.objectContaining({
				kind: 'after-lock',
				eventIds: [log.events[2]!.id, late.id],
				message: 'tally.recorded after the record of Ann was acknowledged and locked; not applied'
			})
		]);
	});

	it('a lock with nothing after it keeps the events as they are', () => {
		const log = tablet();
		log.finish('ann', T0);
		const events = actionsOf(log);
		const { applied, locked } = lockRecord(entry, events, SINGLE, []);
		expect(locked).toBe(true);
		expect(applied).toBe(events);
	});
});
