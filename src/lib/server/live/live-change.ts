import type { LiveCompetition } from '$lib/contract';
import { applyLiveChange, type LiveChange } from '$lib/contract/live-change';

/** At most this many rows ride on an announcement; a larger change is read by each page. */
export const MAX_CHANGED_ROWS = 20;

/**
 * The change from one version of a live competition to the next, small enough to ride on the
 * announcement (a finish: its row, and the rows whose place or mark moved), or null: then the
 * pages read the new version. Null too whenever applying it to `before` would not give exactly
 * `afterJson` (another field changed, an entry came or went, an order the page cannot tell).
 */
export function liveChange(before: LiveCompetition, after: LiveCompetition, afterJson: string): LiveChange | null {
	if (!Array.isArray(before.rows) || !Array.isArray(after.rows) || before.rows.length !== after.rows.length) return null;
	const held = new Map(before.rows.map((r) => [r.entryId, JSON.stringify(r)]));
	const rows = after.rows.filter((r) => held.get(r.entryId) !== JSON.stringify(r));
	if (rows.length > MAX_CHANGED_ROWS || rows.some((r) => !held.has(r.entryId))) return null;
	const change = { rows, heats: after.heats, latest: after.latest };
	return JSON.stringify(applyLiveChange(before, change)) === afterJson ? change : null;
}
