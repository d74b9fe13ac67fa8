import type { JudgeEventRow } from './judge-event-row';

/**
 * How far ahead of the server's clock a pushed event's time may be (issue 29). The scorer reads
 * recorded times (the latest tie-break wins, a correction's replacement time counts), so a time
 * in the year 275760 must not be stored. Allowed: up to 24 h past the server's now, plus the
 * device's own lead by its latest clock report (`offsetMs` = server − device, so a device ahead of
 * the server has a negative offset), a lead counted up to 7 days. Times in the past are all
 * welcome: an offline tablet's old taps, and a tablet whose clock a flat battery set back years.
 */
export const SLACK_AHEAD_MS = 24 * 60 * 60_000;
export const MAX_COUNTED_LEAD_MS = 7 * SLACK_AHEAD_MS;

/** The latest `at` a device with this clock offset may push at server time `now`. */
export function latestAcceptedAt(now: number, offsetMs: number | null): number {
	const lead = Math.min(Math.max(-(offsetMs ?? 0), 0), MAX_COUNTED_LEAD_MS);
	return now + SLACK_AHEAD_MS + lead;
}

/** Why the row's time (or its correction's replacement time) is too far ahead; null when it is not. */
export function timeAheadRefusal(row: JudgeEventRow, latest: number): string | null {
	// Only a correction with a replacement holds a second time: parse those alone (a push is thousands of rows).
	const replacementAt = row.json.includes('"replacement":') ? ((JSON.parse(row.json) as { payload: { replacement?: { at: number } } }).payload.replacement?.at ?? 0) : 0;
	const at = Math.max(row.at, replacementAt);
	if (at <= latest) return null;
	return `its time ${new Date(at).toISOString()} is more than 24 h ahead of the server's clock (allowing for this device's clock offset): check the tablet's date and time`;
}
