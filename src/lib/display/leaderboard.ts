import type { StandingRow, Standings } from '$lib/scoring';

/**
 * The rows the room sees: the competition's standings in their order, without the entries of
 * other heats that have nothing to show yet (not started, absent, out): every ranked entry,
 * and every seat of the heat on the clock whatever its state.
 */
export function leaderboardRows(standings: Standings, heatId: string | null): StandingRow[] {
	return standings.rows.filter((r) => r.place !== null || r.outcome.finalTimeMs !== null || r.outcome.countedPieces !== null || r.outcome.heatId === heatId);
}
