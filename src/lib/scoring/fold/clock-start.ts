import type { Entry } from '$lib/setup/schema';
import type { EventOf } from '$lib/events/schema';
import type { Conflict, EffectiveEvent } from '../types';
import { entryConflict } from './entry-conflict';

export interface ClockStart {
	/** When the preview began (ES-PREVIEW): the start's own time. */
	previewAt: number | null;
	/** The clock's zero: after the preview. */
	startedAt: number | null;
}

/**
 * The clock's start: the first start listing this entry (CZ-GEN-START, ES-LATE, ES-PREVIEW).
 * Starts at another moment are a conflict; the first counts.
 * @param starts effective heat.start events of the entry's heat that list the entry, in total order
 */
export function clockStart(entry: Entry, starts: readonly EffectiveEvent[], conflicts: Conflict[]): ClockStart {
	const start = starts[0] as EventOf<'heat.start'> | undefined;
	if (!start) return { previewAt: null, startedAt: null };
	const startedAt = start.at + start.payload.previewMs;
	const otherStarts = starts.filter((s) => s !== start && s.type === 'heat.start' && s.at + s.payload.previewMs !== startedAt);
	if (otherStarts.length > 0)
		conflicts.push(entryConflict(entry, 'double-start', [start, ...otherStarts], `${otherStarts.length + 1} different starts for ${entry.name}; the first counts`));
	return { previewAt: start.at, startedAt };
}
