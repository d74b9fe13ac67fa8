import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { competition, MIN, T0 } from '$lib/scoring/testkit';
import { scoreCompetition } from '$lib/scoring/scorer';
import { advancementMap, finalSetup, newFinalCompetition, parseRoundRule, roundAdvancement, type RoundRule } from './rounds';
import { loadRoundRules, saveRoundRule } from './rounds-store';
import { memoryDb } from './testkit';

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

const perHeat: RoundRule = { finalCompetitionId: 'comp-final', rule: { mode: 'per-heat', count: 1 } };

describe('rounds', () => {
	it('no rule: no advancement; a rule: the map of who advances', () => {
		const q = qualifying();
		expect(roundAdvancement(q, null)).toBeNull();
		const a = roundAdvancement(q, perHeat)!;
		expect(Object.fromEntries(advancementMap(a))).toEqual({ ana: true, dan: true, bob: false, cai: false });
	});

	it('accepts only valid rules', () => {
		expect(parseRoundRule(perHeat)).toEqual(perHeat);
		expect(parseRoundRule({ finalCompetitionId: 'x', rule: { mode: 'overall', count: 0 } })).toBeNull();
		expect(parseRoundRule('nonsense')).toBeNull();
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
		const a = roundAdvancement(qualifying(), perHeat)!;
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

	it('rules are kept per competition on the device; removed with null; damaged ones ignored', async () => {
		const db = memoryDb();
		await saveRoundRule(db, 'comp', perHeat);
		await db.meta.put({ key: 'advancement:broken', value: { rule: 'x' } });
		await db.meta.put({ key: 'deviceId', value: 'd' });
		expect([...(await loadRoundRules(db))]).toEqual([['comp', perHeat]]);
		await saveRoundRule(db, 'comp', null);
		expect((await loadRoundRules(db)).size).toBe(0);
		await expect(saveRoundRule(db, 'comp', { finalCompetitionId: 'f', rule: { mode: 'overall', count: -1 } })).rejects.toThrow();
	});
});
