import type { Ruleset } from '$lib/rules/schema';
import type { EntrySummary } from '../fold/entry-summary';
import type { BudgetUse } from '../types';
import { pausedBefore } from './clock-reading';

/** The pauses taken by `now` and their time up to `shownAt`, the moment the clock shows (ES-PAUSE). */
export function pauseBudget(ruleset: Ruleset, s: EntrySummary, now: number, shownAt: number, active: boolean): BudgetUse {
	return { used: s.pauses.filter((p) => p.from <= now).length, max: ruleset.pause?.maxCount ?? 0, usedMs: pausedBefore(s.pauses, shownAt), active };
}

/**
 * The assistance taken by `now` (ES-ASSIST): its time counts up to the clock's end (the finish
 * or limit) and no further than the cap.
 */
export function assistanceBudget(ruleset: Ruleset, s: EntrySummary, now: number, clockEnd: number): BudgetUse {
	let usedMs = 0;
	let active = false;
	for (const a of s.assists) {
		if (a.from > now) continue;
		const to = Math.min(a.to ?? clockEnd, clockEnd);
		if (now < to) active = true;
		const end = Math.min(to, now);
		usedMs += Math.max(0, end - a.from);
	}
	const cap = ruleset.assistance?.maxTotalMs ?? 0;
	return { used: s.assists.filter((a) => a.from <= now).length, max: ruleset.assistance?.maxCount ?? 0, usedMs: Math.min(usedMs, cap), active };
}
