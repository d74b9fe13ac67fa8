import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent } from '$lib/events/schema';
import { EntrySchema, type Entry } from '$lib/setup/schema';
import { competition, MIN, T0 } from '$lib/scoring/testkit';
import { scoreCompetition } from '$lib/scoring/scorer';
import type { StandingRow, Standings } from '$lib/scoring/types';
import { advancement, countryOf, finalEntries, finalEntryId } from './advancement';

/** One qualifying entry: its heat, country and what happened (minutes to finish, a DQ, or nothing). */
interface Competitor {
	name: string;
	heat?: string;
	country?: string;
	result: number | 'dq' | 'no result';
}

/** A CZJPA individual round (no preview, 90-minute limit) scored by the real scorer after the limit. */
function qualifying(competitors: Competitor[]): { standings: Standings; entries: Entry[] } {
	const setup = competition('czjpa-individual', competitors.map((c) => c.name));
	const entries: Entry[] = setup.entries.map((e, i) => {
		const c = competitors[i]!;
		return { ...e, heatId: c.heat ?? 'heat-1', members: e.members.map((m) => (c.country ? { ...m, country: c.country } : m)) };
	});
	const events: JudgeEvent[] = [];
	const heats = [...new Set(entries.map((e) => e.heatId))];
	for (const heatId of heats) {
		const log = new DeviceLog({ deviceId: `tablet-${heatId}`, judge: 'Judge', competitionId: 'comp', heatId });
		const inHeat = entries.filter((e) => e.heatId === heatId);
		log.start(T0, inHeat.map((e) => e.id));
		for (const e of inHeat) {
			const result = competitors.find((c) => c.name === e.name)!.result;
			if (result === 'dq') log.disqualify(e.id, T0 + 10 * MIN, 'swapped pieces');
			else if (typeof result === 'number') log.finish(e.id, T0 + result * MIN);
		}
		events.push(...log.events);
	}
	return { standings: scoreCompetition({ ...setup, entries }, events, T0 + 100 * MIN), entries };
}

const advancingNames = (a: ReturnType<typeof advancement>) => a.rows.filter((r) => r.advances).map((r) => r.name);
const why = (a: ReturnType<typeof advancement>) => a.rows.map((r) => [r.name, r.notAdvancingBecause]);

describe('advancement', () => {
	it('overall: the best N of the round advance, in standings order', () => {
		const { standings, entries } = qualifying([
			{ name: 'Dan', result: 40 },
			{ name: 'Ana', result: 30 },
			{ name: 'Cai', result: 35 },
			{ name: 'Bob', result: 32 }
		]);
		const a = advancement(standings, entries, { mode: 'overall', count: 2 });
		expect(why(a)).toEqual([
			['Ana', null],
			['Bob', null],
			['Cai', 'below-cut'],
			['Dan', 'below-cut']
		]);
		expect(a.advancing.map((e) => e.id)).toEqual(['ana', 'bob']);
		expect(a.tieAtCut).toBe(false);
		expect(a.cuts).toEqual([{ heatId: null, advancing: 2, place: 2, tieAtCut: false }]);
		expect(a.rows[2]!.reason).toBe('below the cut: place 3; the cut is place 2');
	});

	it('overall: fewer entries than N all advance', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', result: 30 },
			{ name: 'Bob', result: 32 }
		]);
		const a = advancement(standings, entries, { mode: 'overall', count: 5 });
		expect(advancingNames(a)).toEqual(['Ana', 'Bob']);
		expect(a.cuts[0]!.advancing).toBe(2);
	});

	it('per heat: the best N of each heat, by the competition\'s places', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', heat: 'heat-a', result: 30 },
			{ name: 'Bob', heat: 'heat-a', result: 31 },
			{ name: 'Cai', heat: 'heat-a', result: 32 },
			{ name: 'Dan', heat: 'heat-b', result: 45 },
			{ name: 'Eva', heat: 'heat-b', result: 50 },
			{ name: 'Fay', heat: 'heat-b', result: 55 }
		]);
		const a = advancement(standings, entries, { mode: 'per-heat', count: 2 });
		// Cai (3rd overall) stays out; Dan and Eva (4th, 5th overall) go on as the best of their heat.
		expect(advancingNames(a)).toEqual(['Ana', 'Bob', 'Dan', 'Eva']);
		expect(a.rows.find((r) => r.name === 'Cai')!.notAdvancingBecause).toBe('below-cut');
		expect(a.rows.find((r) => r.name === 'Fay')!.reason).toBe('below the cut: place 6; the cut of heat heat-b is place 5');
		expect(a.cuts).toEqual([
			{ heatId: 'heat-a', advancing: 2, place: 2, tieAtCut: false },
			{ heatId: 'heat-b', advancing: 2, place: 5, tieAtCut: false }
		]);
	});

	it('a tie on the cut place: every entry sharing it advances, and the result says so', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', result: 30 },
			{ name: 'Bob', result: 32 },
			{ name: 'Cai', result: 32 },
			{ name: 'Dan', result: 40 }
		]);
		expect(standings.rows.map((r) => r.place)).toEqual([1, 2, 2, 4]);
		const a = advancement(standings, entries, { mode: 'overall', count: 2 });
		expect(advancingNames(a)).toEqual(['Ana', 'Bob', 'Cai']);
		expect(a.tieAtCut).toBe(true);
		expect(a.cuts).toEqual([{ heatId: null, advancing: 3, place: 2, tieAtCut: true }]);
		expect(a.rows.map((r) => r.byTieAtCut)).toEqual([false, true, true, false]);
		expect(a.rows[1]!.reason).toBe('advances: place 2, shared at the cut');
	});

	it('a tie on a place above the cut is no tie at the cut', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', result: 30 },
			{ name: 'Bob', result: 30 },
			{ name: 'Cai', result: 32 },
			{ name: 'Dan', result: 40 }
		]);
		const a = advancement(standings, entries, { mode: 'overall', count: 3 });
		expect(advancingNames(a)).toEqual(['Ana', 'Bob', 'Cai']);
		expect(a.tieAtCut).toBe(false);
	});

	it('per heat: a tie at one heat\'s cut lets more in there only', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', heat: 'heat-a', result: 30 },
			{ name: 'Bob', heat: 'heat-a', result: 30 },
			{ name: 'Cai', heat: 'heat-b', result: 31 },
			{ name: 'Dan', heat: 'heat-b', result: 33 }
		]);
		const a = advancement(standings, entries, { mode: 'per-heat', count: 1 });
		expect(advancingNames(a)).toEqual(['Ana', 'Bob', 'Cai']);
		expect(a.cuts.map((c) => [c.heatId, c.tieAtCut])).toEqual([
			['heat-a', true],
			['heat-b', false]
		]);
	});

	it('country quota: entries over it are skipped and the next eligible ones take their places', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', country: 'ES', result: 30 },
			{ name: 'Bea', country: 'es', result: 31 },
			{ name: 'Cris', country: 'ES', result: 32 },
			{ name: 'Dora', country: 'CZ', result: 33 },
			{ name: 'Eli', result: 34 },
			{ name: 'Fer', result: 35 }
		]);
		const a = advancement(standings, entries, { mode: 'overall', count: 4, countryQuota: 2 });
		// Cris is the third from Spain ('es' counts as 'ES'); Eli, without a country, takes the place.
		expect(why(a)).toEqual([
			['Ana', null],
			['Bea', null],
			['Cris', 'country-quota'],
			['Dora', null],
			['Eli', null],
			['Fer', 'below-cut']
		]);
		expect(a.rows[2]!.reason).toBe('country quota: 2 of at most 2 from ES already advance');
		expect(a.rows.map((r) => r.country)).toEqual(['ES', 'ES', 'ES', 'CZ', null, null]);
		expect(a.quotaTie).toBe(false);
	});

	it('issue 30 #12: country quota: CZ and CZE, ES and ESP are one country each', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', country: 'CZ', result: 30 },
			{ name: 'Bea', country: 'CZE', result: 31 },
			{ name: 'Cris', country: 'ESP', result: 32 },
			{ name: 'Dora', country: 'es', result: 33 },
			{ name: 'Eli', result: 34 }
		]);
		const a = advancement(standings, entries, { mode: 'overall', count: 3, countryQuota: 1 });
		expect(advancingNames(a)).toEqual(['Ana', 'Cris', 'Eli']);
		expect(a.rows.map((r) => r.country)).toEqual(['CZ', 'CZ', 'ES', 'ES', null]);
	});

	it('country quota: entries without a country are never limited', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', result: 30 },
			{ name: 'Bob', result: 31 },
			{ name: 'Cai', result: 32 }
		]);
		expect(advancingNames(advancement(standings, entries, { mode: 'overall', count: 3, countryQuota: 1 }))).toEqual(['Ana', 'Bob', 'Cai']);
	});

	it('country quota across heats: the better-placed entry gets the country\'s slot', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', heat: 'heat-a', country: 'CZE', result: 30 },
			{ name: 'Bob', heat: 'heat-a', result: 40 },
			{ name: 'Cai', heat: 'heat-b', country: 'CZE', result: 35 },
			{ name: 'Dan', heat: 'heat-b', result: 45 }
		]);
		const a = advancement(standings, entries, { mode: 'per-heat', count: 1, countryQuota: 1 });
		expect(advancingNames(a)).toEqual(['Ana', 'Dan']);
		expect(a.rows.find((r) => r.name === 'Cai')!.notAdvancingBecause).toBe('country-quota');
	});

	it('country quota: a shared place competing for the last slot is flagged (standings order decides)', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', country: 'ES', result: 30 },
			{ name: 'Bea', country: 'ES', result: 32 },
			{ name: 'Cris', country: 'ES', result: 32 },
			{ name: 'Dora', result: 40 }
		]);
		const a = advancement(standings, entries, { mode: 'overall', count: 3, countryQuota: 2 });
		expect(why(a)).toEqual([
			['Ana', null],
			['Bea', null],
			['Cris', 'country-quota'],
			['Dora', null]
		]);
		expect(a.quotaTie).toBe(true);
		expect(a.tieAtCut).toBe(false);
	});

	it('entries without a place (disqualified, no result) never advance, however large N is', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', result: 30 },
			{ name: 'Bob', result: 'dq' },
			{ name: 'Cai', result: 'no result' }
		]);
		const a = advancement(standings, entries, { mode: 'overall', count: 10 });
		expect(why(a)).toEqual([
			['Ana', null],
			['Cai', 'no-place'],
			['Bob', 'no-place']
		]);
		expect(a.rows.find((r) => r.name === 'Bob')!.reason).toBe('no place: disqualified: swapped pieces');
		expect(a.rows.find((r) => r.name === 'Cai')!.reason).toMatch(/^no place: unfinished: group tally not entered yet/);
	});

	it('empty standings: nobody advances, nothing is cut', () => {
		const a = advancement({ rows: [] }, [], { mode: 'per-heat', count: 3, countryQuota: 1 });
		expect(a.rows).toEqual([]);
		expect(a.advancing).toEqual([]);
		expect(a.cuts).toEqual([]);
		expect(a.tieAtCut).toBe(false);
	});

	it('works on hand-built rows as well as the scorer\'s', () => {
		const row = (entryId: string, place: number | null, heatId = 'h1') =>
			({ entryId, name: entryId.toUpperCase(), place, reason: place === null ? 'did not start' : 'finished', outcome: { heatId } }) as StandingRow;
		const entries: Entry[] = ['a', 'b', 'c'].map((id) => EntrySchema.parse({ id, competitionId: 'q', heatId: 'h1', name: id.toUpperCase() }));
		const a = advancement({ rows: [row('a', 1), row('b', 2), row('c', null)] }, entries, { mode: 'overall', count: 1 });
		expect(why(a)).toEqual([
			['A', null],
			['B', 'below-cut'],
			['C', 'no-place']
		]);
	});

	it('a row without its entry is an error, not a silent skip', () => {
		const { standings } = qualifying([{ name: 'Ana', result: 30 }]);
		expect(() => advancement(standings, [], { mode: 'overall', count: 1 })).toThrow(/ana \(Ana\) has no entry/);
	});

	it('a rule that is not valid is refused (the rule itself: setup/advancement-rule.test.ts)', () => {
		const { standings, entries } = qualifying([{ name: 'Ana', result: 30 }]);
		expect(() => advancement(standings, entries, { mode: 'overall', count: -1 })).toThrow();
	});
});

describe('finalEntries', () => {
	it('makes the final\'s entries: same names and members, IDs derived from the qualifying ones, valid', () => {
		const { standings, entries } = qualifying([
			{ name: 'Ana', country: 'ES', result: 30 },
			{ name: 'Bob', result: 31 },
			{ name: 'Cai', result: 40 }
		]);
		const { advancing } = advancement(standings, entries, { mode: 'overall', count: 2 });
		const final = finalEntries(advancing, 'final', 'final-heat-1');
		expect(final).toEqual([
			{ id: 'final.ana', competitionId: 'final', heatId: 'final-heat-1', name: 'Ana', members: [{ id: 'ana-m1', name: 'Ana 1', country: 'ES' }] },
			{ id: 'final.bob', competitionId: 'final', heatId: 'final-heat-1', name: 'Bob', members: [{ id: 'bob-m1', name: 'Bob 1' }] }
		]);
		for (const e of final) expect(EntrySchema.safeParse(e).success).toBe(true);
		expect(countryOf(final[0]!)).toBe('ES');
		// Deterministic: again, the same entries.
		expect(finalEntries(advancing, 'final', 'final-heat-1')).toEqual(final);
		// The qualifying entries are left as they were.
		expect(advancing[0]!.competitionId).toBe('comp');
	});

	it('long IDs stay within 64 characters and distinct', () => {
		const longComp = 'c'.repeat(40);
		const a = finalEntryId(longComp, 'e'.repeat(30) + '1');
		const b = finalEntryId(longComp, 'e'.repeat(30) + '2');
		expect(a.length).toBeLessThanOrEqual(64);
		expect(a).not.toBe(b);
		expect(finalEntryId(longComp, 'e'.repeat(30) + '1')).toBe(a);
	});

	it('an ID that cannot be valid is refused', () => {
		const e = EntrySchema.parse({ id: 'ana', competitionId: 'q', heatId: 'h', name: 'Ana' });
		expect(() => finalEntries([e], 'bad id', 'final-heat')).toThrow();
	});
});
