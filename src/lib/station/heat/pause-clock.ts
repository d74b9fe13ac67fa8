import type { EntrySummary } from '$lib/scoring';

/** A pause under way: how long it has run, and how long it may still run before it ends by itself. */
export interface PauseClock {
	/** Wall time the pause began. */
	from: number;
	runMs: number;
	leftMs: number;
}

/**
 * The seat's pause under way at `now`, from its fold (ES-PAUSE): an accepted pause whose end
 * (the judge's "Resume", the finish, or its maximum length) is still ahead; null when none.
 * Its end while it runs is its start plus the ruleset's maximum length, as the fold records it.
 */
export function pauseClock(summary: Pick<EntrySummary, 'pauses' | 'finishedAt'>, now: number): PauseClock | null {
	for (const p of summary.pauses)
		if (p.from <= now && now < p.to && (summary.finishedAt === null || p.from < summary.finishedAt)) return { from: p.from, runMs: now - p.from, leftMs: p.to - now };
	return null;
}
