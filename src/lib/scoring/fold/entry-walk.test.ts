import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import type { Conflict, EffectiveEvent } from '../types';
import { competition, MIN, SEC, T0, tablet } from '../testkit';
import { checkVerdicts } from './check-verdicts';
import { EntryPuzzles } from './entry-puzzles';
import { EntryWalk } from './entry-walk';
import { claimsByPuzzle } from './finish-claims';
import { actionsOf } from './testkit';

const ES = presetById('es-adult-individual')!;
const RELAY = presetById('czjpa-team-relay')!;

/** Walks `events` as foldEntry does, from a clock started at T0. */
function walk(ruleset: Ruleset, events: EffectiveEvent[]) {
	const entry = competition(ruleset, ['Ann']).entries[0]!;
	const puzzles = new EntryPuzzles(ruleset);
	const conflicts: Conflict[] = [];
	const verdicts = checkVerdicts(entry, events, conflicts);
	const claims = claimsByPuzzle(entry, events, verdicts, puzzles, conflicts);
	const w = new EntryWalk({ ruleset, entry, startedAt: T0, puzzles, verdicts, claims, conflicts });
	for (const e of events) w.apply(e);
	return { w, puzzles, conflicts };
}

describe('EntryWalk', () => {
	it('ES-PAUSE, ES-ASSIST: the finish ends the open pause and the open assistance, and stops the clock', () => {
		const log = tablet();
		log.pause('ann', T0 + 10 * MIN);
		log.assist('ann', T0 + 11 * MIN);
		const hand = log.hand('ann', T0 + 12 * MIN);
		log.confirm(hand, T0 + 13 * MIN);
		const { w, puzzles } = walk(ES, actionsOf(log));
		expect(w.clock.pauses).toEqual([{ from: T0 + 10 * MIN, to: T0 + 12 * MIN }]);
		expect(w.clock.limitAt).toBe(T0 + 122 * MIN);
		expect(w.assistance.assists).toEqual([{ from: T0 + 11 * MIN, to: T0 + 12 * MIN }]);
		expect(w.clock.finishedAt).toBe(T0 + 12 * MIN);
		expect(puzzles.last).toMatchObject({ check: 'confirmed', checkedAt: T0 + 13 * MIN });
	});

	it('ES-ASSIST: assistance asked for while the clock does not run is ignored', () => {
		const log = tablet();
		log.assist('ann', T0 - MIN, T0 - SEC);
		expect(walk(ES, actionsOf(log)).w.assistance.assists).toEqual([]);
	});

	it('ES-DQ: the first disqualification counts, with its time', () => {
		const log = tablet();
		log.disqualify('ann', T0 + MIN, 'first');
		log.disqualify('ann', T0 + 2 * MIN, 'second');
		const { w } = walk(ES, actionsOf(log));
		expect([w.disqualification, w.disqualifiedAt]).toEqual(['first', T0 + MIN]);
	});

	it('ES-INCIDENT: adjustments add up and are noted in order with refusals; incidents are kept', () => {
		const log = tablet();
		log.record('time.adjusted', T0 + MIN, 'ann', { deltaMs: 30 * SEC, reason: 'light failed' });
		log.record('incident.noted', T0 + MIN, 'ann', { note: 'table wobbles' });
		log.record('time.adjusted', T0 + 2 * MIN, 'ann', { deltaMs: -10 * SEC, reason: 'judge late' });
		log.record('entry.did-not-start', T0 + 3 * MIN, 'ann', {});
		const { w } = walk(ES, actionsOf(log));
		expect(w.adjustmentMs).toBe(20 * SEC);
		expect(w.notes).toEqual(['time adjusted by 30000 ms: light failed', 'time adjusted by -10000 ms: judge late']);
		expect(w.incidents).toEqual(['table wobbles']);
		expect(w.didNotStart).toBe(true);
	});

	it('CZ-TEAM-P2, CZ-TEAM-TEARDOWN: the later naming of pairs counts; a teardown boxes its puzzle, an unknown one is a conflict', () => {
		const log = tablet();
		log.record('relay.pairs-assigned', T0 + MIN, 'ann', { pairs: [['a', 'b'], ['c', 'd']] });
		log.record('relay.pairs-assigned', T0 + 2 * MIN, 'ann', { pairs: [['a', 'c'], ['b', 'd']] });
		log.record('relay.teardown-done', T0 + 3 * MIN, 'ann', { puzzleId: 'p1-2' });
		const unknown = log.record('relay.teardown-done', T0 + 4 * MIN, 'ann', { puzzleId: 'p9' });
		const { w, puzzles, conflicts } = walk(RELAY, actionsOf(log));
		expect(w.pairs).toEqual([['a', 'c'], ['b', 'd']]);
		expect(puzzles.byId('p1-2')!.teardownAt).toBe(T0 + 3 * MIN);
		expect(conflicts.map((c) => [c.kind, c.eventIds, c.message])).toEqual([['invalid', [unknown.id], 'unknown puzzle "p9"']]);
	});

	it("CZ-TEAM-FINAL: an earlier relay puzzle's finish does not stop the clock; the final's does", () => {
		const log = tablet();
		log.puzzleFinished('ann', T0 + 20 * MIN, 'p1-1');
		const { w } = walk(RELAY, actionsOf(log));
		expect(w.clock.finishedAt).toBeNull();
		log.puzzleFinished('ann', T0 + 200 * MIN, 'final');
		expect(walk(RELAY, actionsOf(log)).w.clock.finishedAt).toBe(T0 + 200 * MIN);
	});
});
