import type { Entry } from '$lib/setup/schema';

/**
 * What a seating's save writes: only the entries that differ from the set-up it was made from
 * (new, or moved). Another organizer device's seats meanwhile are then not written over from a
 * stale copy: a seat both gave is refused by the server instead (a seat holds one entry).
 */
export function changedEntries(draft: readonly Entry[], saved: readonly Entry[]): Entry[] {
	const before = new Map(saved.map((e) => [e.id, e]));
	return draft.filter((e) => {
		const was = before.get(e.id);
		return !was || was.heatId !== e.heatId || was.table !== e.table || was.seat !== e.seat || was.name !== e.name || JSON.stringify(was.members) !== JSON.stringify(e.members);
	});
}
