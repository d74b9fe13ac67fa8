import type { CompetitionStandings } from '$lib/files/merge';
import type { DeviceLog } from '$lib/events/builder';
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

/** The teams of the fixture, in its order. */
export const RELAY_TEAMS = ['Fast', 'Slow', 'Stuck', 'Tied', 'Behind', 'Last'];

/**
 * Records the fixture's heat on a tablet: the start at `t0`, then each team's puzzles. `id`
 * gives a team's entry ID; its members are `${id}-m1` … `${id}-m4`. The e2e tests record it
 * through the API the same way.
 */
export function recordRelayHeat(log: DeviceLog, id: (team: string) => string, t0: number): void {
	log.start(t0, RELAY_TEAMS.map(id));
	/** Puzzle RELAY_ORDER[i] finished at minute minutes[i], checked 30 s later, boxed 2 min after. */
	const run = (team: string, minutes: number[], missing: Record<string, number> = {}) =>
		minutes.forEach((m, i) => {
			const pid = RELAY_ORDER[i]!;
			const h = log.puzzleFinished(id(team), t0 + m * MIN, pid, [`${id(team)}-m${(i % 4) + 1}`]);
			log.confirm(h, t0 + m * MIN + 30 * SEC, missing[pid] ?? 0);
			if (pid !== 'final') log.record('relay.teardown-done', t0 + m * MIN + 150 * SEC, id(team), { puzzleId: pid });
		});
	run('Fast', [30, 35, 40, 45, 70, 75, 110, 180]);
	run('Slow', [40, 45, 50, 55, 90, 95, 150, 290], { p3: 1 });
	run('Stuck', [50, 60, 70, 80, 150, 160], { 'p1-2': 1 });
	log.tally(id('Stuck'), t0 + 301 * MIN, [200, 2, 2], 'p3');
	run('Tied', [50, 60, 70, 80, 150, 160]);
	log.tally(id('Tied'), t0 + 301 * MIN, [199], 'p3');
	run('Behind', [60, 70, 80, 90]);
	log.tally(id('Behind'), t0 + 301 * MIN, [100], 'p2-1');
	log.tally(id('Behind'), t0 + 301 * MIN, [50], 'p2-2');
	run('Last', [100, 150, 200]);
	log.tally(id('Last'), t0 + 301 * MIN, [300], 'p1-4');
}

export function relayFixture(): CompetitionStandings {
	const setup = competition('czjpa-team-relay', RELAY_TEAMS, 4);
	const log = tablet();
	recordRelayHeat(log, (team) => team.toLowerCase(), T0);
	const standings = score(setup, log.events, RELAY_AT);
	return {
		competition: setup.competition,
		day: { id: 'day', name: 'Relay day', date: '2026-05-16' } as CompetitionStandings['day'],
		ruleset: setup.ruleset,
		entries: [...setup.entries],
		standings
	};
}
