/**
 * Whether the screen sounds the rotation signal (CZ-TEAM-P1) now: the last signal moved since the
 * screen last looked, and it came at most `lateMs` ago. A signal that passed while the page was
 * closed, reloading or asleep is not replayed: the screen then only shows the current plan.
 *
 * Several team tables in one room sound together without talking to each other: every tablet's
 * team clock runs from its recorded start, and an organizer's broadcast heat start is already
 * turned into each tablet's own start at the organizer's moment (../organizer-start.ts).
 *
 * @param seen the last signal the screen has seen (undefined: it has not looked yet)
 * @param last the last signal that sounded (team time, ms), null before the first
 * @param clockMs the team's time now
 */
export const SIGNAL_LATE_MS = 3000;

export function rotationSignalDue(seen: number | null | undefined, last: number | null, clockMs: number, lateMs = SIGNAL_LATE_MS): boolean {
	if (seen === undefined || last === null || last === seen) return false;
	return clockMs - last >= 0 && clockMs - last <= lateMs;
}
