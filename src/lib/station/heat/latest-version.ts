import type { JudgeEvent } from '$lib/events/schema';

/**
 * The version of an event in force: the event itself, or the last correction that replaced it
 * (a correction of a correction supersedes the one before). A new correction supersedes this one,
 * so that two corrections of one event are never both in force.
 */
export function latestVersion(events: readonly JudgeEvent[], id: string): JudgeEvent | null {
	let current = events.find((e) => e.id === id) ?? null;
	for (;;) {
		if (!current) return null;
		const cid = current.id;
		const next = events.filter((e) => e.type === 'correction' && e.payload.supersedes === cid && e.payload.replacement).at(-1);
		if (!next) return current;
		current = next;
	}
}
