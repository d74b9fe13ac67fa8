import type { ActionEvent, JudgeEvent } from '$lib/events/schema';
import { compareEvents } from '$lib/events/order';
import type { Conflict, EffectiveEvent } from './types';
import { CorrectionChains } from './corrections/correction-chains';
import { correctionsPerRoot, latestVersion } from './corrections/latest-version';

/**
 * Applies corrections: every action event either stands as recorded, is replaced by the
 * replacement of the correction that supersedes it, or is void.
 *
 * - A correction without a replacement that supersedes an action voids it (undo).
 * - A correction that supersedes a correction takes that one out of force; without a
 *   replacement it reverts it (the earlier state returns), with one it becomes the new version.
 * - Two corrections in force for one event are a conflict; the later one (total order) applies.
 *
 * Input: every event of one scope (an entry, a heat or the competition), deduplicated,
 * in any order. A correction carries the scope of the event it corrects. Output: the effective action events in total order.
 */
export function applyCorrections(events: readonly JudgeEvent[]): { effective: EffectiveEvent[]; conflicts: Conflict[] } {
	let hasCorrections = false;
	for (const e of events) if (e.type === 'correction') hasCorrections = true;
	if (!hasCorrections) return { effective: (events as ActionEvent[]).slice().sort(compareEvents), conflicts: [] };

	const conflicts: Conflict[] = [];
	const perRoot = correctionsPerRoot(events, new CorrectionChains(events, conflicts));
	const effective: EffectiveEvent[] = [];
	for (const e of events) {
		if (e.type === 'correction') continue;
		const corrections = perRoot.get(e.id);
		const version = corrections ? latestVersion(e, corrections, conflicts) : e;
		if (version) effective.push(version);
	}
	effective.sort(compareEvents);
	return { effective, conflicts };
}
