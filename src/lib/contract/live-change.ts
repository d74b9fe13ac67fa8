import type { LiveCompetition, LiveFinish, LiveHeat, LiveRow } from './live';

/** A small change of a live competition, as its announcement carries it (LiveAnnouncementSchema). */
export interface LiveChange {
	rows: LiveRow[];
	heats: LiveHeat[];
	latest: LiveFinish[];
}

/**
 * The competition with the change applied: the changed rows in place of theirs, the rows in
 * order of place (those without one last, each group in the order it had), the heats and the
 * latest finishes replaced. Pure; the server sends a change only when this gives exactly the
 * new version, so a page and the server agree byte for byte.
 */
export function applyLiveChange(c: LiveCompetition, { rows, heats, latest }: LiveChange): LiveCompetition {
	const was = c.rows.map((r) => rows.find((x) => x.entryId === r.entryId) ?? r);
	const rank = (r: LiveRow) => r.place ?? Infinity;
	return { ...c, rows: [...was].sort((a, b) => rank(a) - rank(b) || was.indexOf(a) - was.indexOf(b)), heats, latest };
}
