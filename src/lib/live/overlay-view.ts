import type { LiveHeat, LiveRow } from '$lib/contract/live';

/** What the livestream overlay picks from a competition (its own module: the page loads none of it). */

/** Some seat's clock still runs: the heat is the one a stream shows. */
const inProgress = (h: LiveHeat) => h.phase === 'preview' || h.phase === 'running' || (h.phase === 'time-up' && h.stillGoing > 0);

/** The heat the overlay shows: one in progress, else the one started last, else the first. */
export function currentHeat(heats: readonly LiveHeat[]): LiveHeat | null {
	const going = heats.find(inProgress);
	if (going) return going;
	const started = heats.filter((h) => h.startedAt !== null);
	if (started.length > 0) return started.reduce((a, b) => (b.startedAt! > a.startedAt! ? b : a));
	return heats[0] ?? null;
}

/** The best `n` with a place, as the standings stand. */
export function topRows(rows: readonly LiveRow[], n: number): LiveRow[] {
	return rows.filter((r) => r.place !== null).slice(0, Math.max(0, n));
}
