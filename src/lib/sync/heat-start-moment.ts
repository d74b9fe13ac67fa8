import type { HeatStart } from '$lib/contract';

/**
 * When a tablet records a heat the organizer started for every station: the server-clock
 * moment converted to the tablet's own clock with its measured offset (server − device), so
 * that the heat's start and the tablet's finishes are on one clock. Without a measured offset
 * the tablet takes the moment the start reached it. Never in the future: a clock that runs
 * behind would otherwise show seats a negative time.
 */
export function tabletStartMoment(start: Pick<HeatStart, 'serverAt'>, offsetMs: number | null, now: number, monoNow: number): { at: number; mono: number } {
	const at = Math.min(now, offsetMs === null ? now : Math.round(start.serverAt - offsetMs));
	return { at, mono: Math.max(0, monoNow - (now - at)) };
}

/**
 * Whether a tablet should still act on an organizer's start: its heat has no start yet and the
 * start is not older than the heat's time limit (an old start of a finished heat is ignored).
 */
export function startStillApplies(start: Pick<HeatStart, 'serverAt'>, offsetMs: number | null, now: number, timeLimitMs: number, heatStarted: boolean): boolean {
	if (heatStarted) return false;
	const serverNow = now + (offsetMs ?? 0);
	return serverNow - start.serverAt < timeLimitMs;
}
