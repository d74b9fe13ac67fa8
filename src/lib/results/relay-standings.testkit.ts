import type { CompetitionStandings } from '$lib/files/merge';
import { competition, MIN, SEC, T0, tablet, score } from '$lib/scoring/testkit';

/**
 * One CZJPA relay heat for the standings of every surface (CZ-TEAM-RANK): two finished teams,
 * two unfinished teams with the same counted pieces (they share 3rd), a fifth still awarded
 * (top 5) and a sixth that is not.
 */
export const RELAY_ORDER = ['p1-1', 'p1-2', 'p1-3', 'p1-4', 'p2-1', 'p2-2', 'p3', 'final'];

/** The standings the fixture must give everywhere: [team, place, awarded, shown result]. */
export const RELAY_EXPECTED: [string, number, boolean, string][] = [
	['Fast', 1, true, '3:00:00'],
	['Slow', 2, true, '4:50:10'],
	['Stuck', 3, true, '3199 pieces'],
	['Tied', 3, true, '3199 pieces'],
	['Behind', 5, true, '2150 pieces'],
	['Last', 6, false, '1800 pieces']
];

export const RELAY_AT = T0 + 302 * MIN;

export function relayFixture(): CompetitionStandings {
	const setup = competition('czjpa-team-relay', ['Fast', 'Slow', 'Stuck', 'Tied', 'Behind', 'Last'], 4);
	const log = tablet();
	const ids = setup.entries.map((e) => e.id);
	log.start(T0, ids);
	/** Puzzle RELAY_ORDER[i] finished at minute minutes[i], checked 30 s later, boxed 2 min after. */
	const run = (team: string, minutes: number[], missing: Record<string, number> = {}) =>
		minutes.forEach((m, i) => {
			const pid = RELAY_ORDER[i]!;
			const h = log.puzzleFinished(team, T0 + m * MIN, pid, [`${team}-m${(i % 4) + 1}`]);
			log.confirm(h, T0 + m * MIN + 30 * SEC, missing[pid] ?? 0);
			if (pid !== 'final') log.record('relay.teardown-done', T0 + m * MIN + 150 * SEC, team, { puzzleId: pid });
		});
	run('fast', [30, 35, 40, 45, 70, 75, 110, 180]);
	run('slow', [40, 45, 50, 55, 90, 95, 150, 290], { p3: 1 });
	run('stuck', [50, 60, 70, 80, 150, 160], { 'p1-2': 1 });
	log.tally('stuck', T0 + 301 * MIN, [200, 2, 2], 'p3');
	run('tied', [50, 60, 70, 80, 150, 160]);
	log.tally('tied', T0 + 301 * MIN, [199], 'p3');
	run('behind', [60, 70, 80, 90]);
	log.tally('behind', T0 + 301 * MIN, [100], 'p2-1');
	log.tally('behind', T0 + 301 * MIN, [50], 'p2-2');
	run('last', [100, 150, 200]);
	log.tally('last', T0 + 301 * MIN, [300], 'p1-4');
	const standings = score(setup, log.events, RELAY_AT);
	return {
		competition: setup.competition,
		day: { id: 'day', name: 'Relay day', date: '2026-05-16' } as CompetitionStandings['day'],
		ruleset: setup.ruleset,
		entries: [...setup.entries],
		standings
	};
}
