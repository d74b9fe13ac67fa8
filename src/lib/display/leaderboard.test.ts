import { describe, expect, it } from 'vitest';
import { competition, MIN, T0 } from '$lib/scoring/testkit';
import { scoreCompetition } from '$lib/scoring';
import { DeviceLog } from '$lib/events/builder';
import { leaderboardRows } from './leaderboard';

describe('leaderboardRows', () => {
	it('keeps the ranked entries in order and the shown heat’s seats, not other heats waiting', () => {
		const base = competition('es-adult-individual', ['Ana', 'Bea', 'Cris', 'Dora']);
		const entries = base.entries.map((e) => ({ ...e, heatId: e.name === 'Dora' ? 'heat-2' : 'heat-1' }));
		const setup = { ...base, entries };
		const t = new DeviceLog({ deviceId: 't', judge: 'J', competitionId: 'comp', heatId: 'heat-1' });
		t.start(T0, ['ana', 'bea', 'cris'], 2 * MIN);
		t.finish('bea', T0 + 32 * MIN);
		t.finish('ana', T0 + 40 * MIN);
		const standings = scoreCompetition(setup, t.events, T0 + 45 * MIN);
		expect(leaderboardRows(standings, 'heat-1').map((r) => [r.name, r.place])).toEqual([
			['Bea', 1],
			['Ana', 2],
			['Cris', null]
		]);
		expect(leaderboardRows(standings, 'heat-2').map((r) => r.name)).toEqual(['Bea', 'Ana', 'Dora']);
	});
});
