import type { EntrySummary } from '../fold/entry-summary';
import type { EntryStatus } from '../types';
import type { ClockReading } from './clock-reading';

/** Whether a pause runs at `now`: one taken before the finish, if any. */
export function pausedAt(s: EntrySummary, now: number): boolean {
	return s.pauses.some((p) => p.from <= now && now < p.to && (s.finishedAt === null || p.from < s.finishedAt));
}

/**
 * The entry's status at `now`, the first that holds: did not start, disqualified (recorded or for
 * a lost piece: `disqualification`), not started, in its preview, finished, unfinished at the
 * limit, paused, running.
 */
export function entryStatus(s: EntrySummary, now: number, clock: ClockReading, disqualification: string | null): EntryStatus {
	if (s.didNotStart) return 'did-not-start';
	if (disqualification !== null) return 'disqualified';
	if (!clock.started) return 'not-started';
	if (now < s.startedAt!) return 'preview';
	if (clock.finished) return 'finished';
	if (clock.limitReached) return 'unfinished';
	if (pausedAt(s, now)) return 'paused';
	return 'running';
}
