import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { competition, MIN, T0 } from '$lib/scoring/testkit';
import { scoreCompetition } from '$lib/scoring/scorer';
import { CompetitionSchema } from '$lib/setup/schema';
import { advancementMap, finalSetup, newFinalCompetition, roundAdvancement, withRoundRule, type RoundRule } from './rounds';

/** Ana 30, Bob 32, Cai 35 minutes in heat-1; Dan 31 in heat-2. */
function qualifying() {
	const setup = competition('czjpa-individual', ['Ana', 'Bob', 'Cai', 'Dan']);
	const entries = setup.entries.map((e) => (e.name === 'Dan' ? { ...e, heatId: 'heat-2' } : e));
	const minutes: Record<string, number> = { Ana: 30, Bob: 32, Cai: 35, Dan: 31 };
	const events = ['heat-1', 'heat-2'].flatMap((heatId) => {
		const log = new DeviceLog({ deviceId: `t-${heatId}`, judge: 'J', competitionId: 'comp', heatId });
		const inHeat = entries.filter((e) => e.heatId === heatId);
		log.start(T0, inHeat.map((e) => e.id));
		for (const e of inHeat) log.finish(e.id, T0 + minutes[e.name]! * MIN);
		return log.events;
	});
	return { competition: setup.competition, entries, standings: scoreCompetition({ ...setup, entries }, events, T0 + 100 * MIN) };
}

const perHeat: RoundRule = { competitionId: 'comp-final', rule: { mode: 'per-heat', count: 1 } };

describe('rounds', () => {
	it('no rule: no advancement; a rule: the map of who advances', () => {
		const q = qualifying();
		expect(roundAdvancement(q)).toBeNull();
		const a = roundAdvancement({ ...q, competition: withRoundRule(q.competition, perHeat) })!;
		expect(Object.fromEntries(advancementMap(a))).toEqual({ ana: true, dan: true, bob: false, cai: false });
	});

	it('the rule lives on the competition: set, replaced, removed; the set-up schema checks it', () => {
		const { competition: c } = qualifying();
		const set = withRoundRule(c, perHeat);
		expect(CompetitionSchema.parse(set)).toEqual(set);
		expect(withRoundRule(set, { ...perHeat, rule: { mode: 'overall', count: 3, countryQuota: 1 } }).advancesTo?.rule).toEqual({ mode: 'overall', count: 3, countryQuota: 1 });
		expect(withRoundRule(set, null)).toEqual(c);
		expect('advancesTo' in withRoundRule(set, null)).toBe(false);
		expect(CompetitionSchema.safeParse({ ...c, advancesTo: { competitionId: 'f', rule: { mode: 'overall', count: 0 } } }).success).toBe(false);
		expect(CompetitionSchema.safeParse({ ...c, advancesTo: { competitionId: 'bad id!', rule: { mode: 'overall', count: 1 } } }).success).toBe(false);
	});

	it('a new final: same ruleset and day, one heat, IDs derived and short enough', () => {
		const { competition: c } = qualifying();
		const f = newFinalCompetition(c, { competition: 'Final', heat: 'Final heat' });
		expect(f.competition).toEqual({ id: 'comp-final', eventId: c.eventId, name: 'Final', ruleset: c.ruleset });
		expect(f.heat).toEqual({ id: 'comp-final-h1', competitionId: 'comp-final', name: 'Final heat' });
		const long = newFinalCompetition({ ...c, id: 'q'.repeat(64) }, { competition: 'F', heat: 'H' });
		expect(long.competition.id).toHaveLength(64);
		expect(long.competition.id.endsWith('-final')).toBe(true);
		expect(long.heat.id).toHaveLength(64);
	});

	it("the final's entries go into its first heat, the same on every run; a heat is made when it has none", () => {
		const q = qualifying();
		const a = roundAdvancement({ ...q, competition: withRoundRule(q.competition, perHeat) })!;
		const heats = [
			{ id: 'other', competitionId: 'comp', name: 'H' },
			{ id: 'comp-final-h1', competitionId: 'comp-final', name: 'Final' },
			{ id: 'comp-final-h2', competitionId: 'comp-final', name: 'Final 2' }
		];
		const first = finalSetup(a, 'comp-final', heats, 'Final');
		expect(first.heats).toEqual([]);
		expect(first.entries.map((e) => [e.id, e.heatId, e.competitionId, e.name])).toEqual([
			['comp-final.ana', 'comp-final-h1', 'comp-final', 'Ana'],
			['comp-final.dan', 'comp-final-h1', 'comp-final', 'Dan']
		]);
		expect(finalSetup(a, 'comp-final', heats, 'Final')).toEqual(first);
		const bare = finalSetup(a, 'comp-final', [], 'Final');
		expect(bare.heats).toEqual([{ id: 'comp-final-h1', competitionId: 'comp-final', name: 'Final' }]);
		expect(bare.entries.every((e) => e.heatId === 'comp-final-h1')).toBe(true);
	});
});
