import type { Announcement, PushResponse } from '$lib/contract';
import type { PreparedPush } from '../push-validation';

/** What a push's newly stored events announce (null when it stored none: nothing to tell). */
export function pushAnnouncement(push: PreparedPush, response: PushResponse): Announcement | null {
	if (response.stored.length === 0) return null;
	const stored = new Set(response.stored.map((s) => s.id));
	const competitions = new Set(push.valid.filter(({ row }) => stored.has(row.id)).map(({ row }) => row.competitionId));
	return { cursor: Math.max(...response.stored.map((s) => s.serverSeq)), competitions: [...competitions].sort() };
}
