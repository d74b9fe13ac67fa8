import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { JudgeEventSchema } from '$lib/events/schema';
import type { Heat } from '$lib/setup/schema';
import { scoreCompetition } from '$lib/scoring/scorer';
import { competition, MIN, places, T0, tablet } from '$lib/scoring/testkit';
import { tiebreakHeat, tiebreakResultEvent } from './tiebreak-heat';

const ADULT = 'es-adult-individual';
/** The clock's zero after the 2-minute preview (ES-PREVIEW) of a start at T0. */
const Z = T0 + 2 * MIN;
const QUALIFYING_HEAT: Heat = { id: 'heat-1', competitionId: 'comp', name: 'Heat 1' };

/** Ana and Bea tie for first (45:00.4 and 45:00.9 are both 45:00, ES-WIN); Carmen is third. */
function tiedRound(names = ['Ana', 'Bea', 'Carmen'], finishes: [string, number][] = [['ana', 45 * MIN + 400], ['bea', 45 * MIN + 900], ['carmen', 50 * MIN]]) {
	const setup = competition(ADULT, names);
	const log = tablet();
	log.start(T0, names.map((n) => n.toLowerCase()), 2 * MIN);
	for (const [id, ms] of finishes) log.finish(id, Z + ms);
	return { setup, events: log.events };
}

/** A tablet at the tie-break heat: what the judge records its result with. */
function tiebreakTablet(heatId: string) {
	return new DeviceLog({ deviceId: 'tablet-2', judge: 'Head judge', competitionId: 'comp', heatId });
}

describe('tie-break heat', () => {
	it('ES-TIE: a tie for first creates a tie-break heat with exactly the tied entries', () => {
		const { setup, events } = tiedRound();
		const standings = scoreCompetition(setup, events, Z + 60 * MIN);
		expect(standings.tieForFirst).toEqual(['ana', 'bea']);
		const tb = tiebreakHeat(standings, { entries: setup.entries, heats: [QUALIFYING_HEAT] });
		expect(tb.heat).toEqual({ id: 'comp-tiebreak-1', competitionId: 'comp', name: 'Tie-break' });
		expect(tb.entryIds).toEqual(['ana', 'bea']);
		// Same entries, same IDs, still in the heat they qualified in.
		expect(tb.tiedEntries).toEqual(setup.entries.filter((e) => e.id === 'ana' || e.id === 'bea'));
		expect(tb.tiedEntries.every((e) => e.heatId === 'heat-1')).toBe(true);
	});

	it('ES-TIE: a three-way tie seats all three', () => {
		const { setup, events } = tiedRound(['Ana', 'Bea', 'Carmen', 'Dora'], [
			['ana', 45 * MIN],
			['bea', 45 * MIN + 300],
			['carmen', 45 * MIN + 600],
			['dora', 46 * MIN]
		]);
		const tb = tiebreakHeat(scoreCompetition(setup, events, Z + 60 * MIN), { entries: setup.entries, heats: [] });
		expect(tb.entryIds).toEqual(['ana', 'bea', 'carmen']);
	});

	it('ES-TIE: the heat ID is deterministic and moves on when taken', () => {
		const { setup, events } = tiedRound();
		const standings = scoreCompetition(setup, events, Z + 60 * MIN);
		const heats: Heat[] = [QUALIFYING_HEAT, { id: 'comp-tiebreak-1', competitionId: 'comp', name: 'Tie-break' }];
		const tb = tiebreakHeat(standings, { entries: setup.entries, heats });
		expect(tb.heat).toEqual({ id: 'comp-tiebreak-2', competitionId: 'comp', name: 'Tie-break 2' });
		expect(tiebreakHeat(standings, { entries: setup.entries, heats }, { name: 'Desempate' }).heat.name).toBe('Desempate');
		// A competition ID at the 64-character limit still gives a valid heat ID.
		const long = 'c'.repeat(64);
		const longTb = tiebreakHeat({ competitionId: long, tieForFirst: ['ana', 'bea'] }, { entries: setup.entries, heats: [] });
		expect(longTb.heat.id).toHaveLength(64);
		expect(longTb.heat.id.endsWith('-tiebreak-1')).toBe(true);
	});

	it('ES-TIE: after a tiebreak.result event the tied entries are ordered by it and the tie flag is gone', () => {
		const { setup, events } = tiedRound();
		const tb = tiebreakHeat(scoreCompetition(setup, events, Z + 60 * MIN), { entries: setup.entries, heats: [QUALIFYING_HEAT] });
		const judge = tiebreakTablet(tb.heat.id);
		// The tie-break heat's start seats the tied entries; it does not touch their qualifying results.
		judge.start(Z + 80 * MIN, tb.entryIds);
		const r = tiebreakResultEvent(tb, ['bea', 'ana']);
		const recorded = judge.record(r.type, Z + 95 * MIN, r.entryId, r.payload);
		expect(JudgeEventSchema.safeParse(recorded).success).toBe(true);
		expect(recorded).toMatchObject({ type: 'tiebreak.result', heatId: 'comp-tiebreak-1', entryId: null, payload: { order: ['bea', 'ana'] } });

		const decided = scoreCompetition(setup, [...events, ...judge.events], Z + 100 * MIN);
		expect(places(decided)).toEqual([
			['Bea', 1],
			['Ana', 2],
			['Carmen', 3]
		]);
		expect(decided.tieForFirst).toEqual([]);
		expect(decided.rows.some((row) => row.tieBreak)).toBe(false);
		expect(decided.rows.filter((row) => row.byTiebreak).map((row) => row.name)).toEqual(['Bea', 'Ana']);
		expect(decided.rows.map((row) => row.outcome.finalTimeMs)).toEqual([45 * MIN, 45 * MIN, 50 * MIN]);
		expect(decided.conflicts).toEqual([]);
		// Nothing left to break.
		expect(() => tiebreakHeat(decided, { entries: setup.entries, heats: [QUALIFYING_HEAT, tb.heat] })).toThrow(/no tie for first/);
	});

	it('ES-TIE: a tied entry left out of the order shares the place after the listed ones', () => {
		const { setup, events } = tiedRound(['Ana', 'Bea', 'Carmen'], [
			['ana', 45 * MIN],
			['bea', 45 * MIN + 300],
			['carmen', 45 * MIN + 600]
		]);
		const tb = tiebreakHeat(scoreCompetition(setup, events, Z + 60 * MIN), { entries: setup.entries, heats: [] });
		const judge = tiebreakTablet(tb.heat.id);
		const r = tiebreakResultEvent(tb, ['carmen', 'ana']);
		judge.record(r.type, Z + 95 * MIN, r.entryId, r.payload);
		expect(places(scoreCompetition(setup, [...events, ...judge.events], Z + 100 * MIN))).toEqual([
			['Carmen', 1],
			['Ana', 2],
			['Bea', 3]
		]);
	});

	it('ES-TIE: no tie for first is an error that says so', () => {
		const { setup, events } = tiedRound(['Ana', 'Bea'], [
			['ana', 40 * MIN],
			['bea', 45 * MIN]
		]);
		const standings = scoreCompetition(setup, events, Z + 60 * MIN);
		expect(standings.tieForFirst).toEqual([]);
		expect(() => tiebreakHeat(standings, { entries: setup.entries, heats: [] })).toThrow(
			'no tie for first to break in competition comp: no entries share first place awaiting a tie-break (a tie-break result may already be recorded, or the ruleset does not flag ties)'
		);
	});

	it('ES-TIE: a ruleset that does not flag ties (CZ-IND-RANK-3: shared places stand) has nothing to break', () => {
		const setup = competition('czjpa-individual', ['Ana', 'Bea']);
		const log = tablet();
		log.start(T0, ['ana', 'bea']);
		log.finish('ana', T0 + 40 * MIN);
		log.finish('bea', T0 + 40 * MIN);
		const standings = scoreCompetition(setup, log.events, T0 + 60 * MIN);
		expect(places(standings)).toEqual([
			['Ana', 1],
			['Bea', 1]
		]);
		expect(() => tiebreakHeat(standings, { entries: setup.entries, heats: [] })).toThrow(/no tie for first/);
	});

	it('ES-TIE: a tie-break order names only tied entries, each once, at least two', () => {
		const tb = { entryIds: ['ana', 'bea'] };
		expect(() => tiebreakResultEvent(tb, ['bea', 'carmen'])).toThrow('carmen is not tied for first (tied: ana, bea)');
		expect(() => tiebreakResultEvent(tb, ['bea', 'bea'])).toThrow('bea is listed twice in the tie-break order');
		expect(() => tiebreakResultEvent(tb, ['bea'])).toThrow(/at least two/);
		expect(tiebreakResultEvent(tb, ['bea', 'ana'])).toEqual({ type: 'tiebreak.result', entryId: null, payload: { order: ['bea', 'ana'] } });
	});

	it('ES-TIE: a tied entry missing from the entries given is an error', () => {
		expect(() => tiebreakHeat({ competitionId: 'comp', tieForFirst: ['ana', 'zoe'] }, { entries: competition(ADULT, ['Ana']).entries, heats: [] })).toThrow(
			/entry zoe, tied for first in competition comp, is not among the entries given/
		);
	});
});
