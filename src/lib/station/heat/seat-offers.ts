import type { Ruleset } from '$lib/rules/schema';
import { pauseAllowed } from '$lib/rules/ruleset-reading';
import type { Outcome } from '$lib/scoring';

/** Why an action is not offered, for the judge to read. */
export type Refusal = 'no-pause-rule' | 'pauses-used' | 'no-assistance-rule' | 'assistance-used' | 'assistance-cap' | 'not-running';

export interface Offer {
	offered: boolean;
	why?: Refusal;
}

/** Whether a pause can start for a seat in this state, and if not why (ES-PAUSE). */
export function pauseOffer(ruleset: Ruleset, o: Outcome): Offer {
	if (!pauseAllowed(ruleset)) return { offered: false, why: 'no-pause-rule' };
	if (o.status !== 'running') return { offered: false, why: 'not-running' };
	if (o.pauses.used >= o.pauses.max) return { offered: false, why: 'pauses-used' };
	return { offered: true };
}

/** Whether assistance can start for a seat in this state, and if not why (ES-ASSIST). */
export function assistOffer(ruleset: Ruleset, o: Outcome): Offer {
	const policy = ruleset.assistance;
	if (!policy) return { offered: false, why: 'no-assistance-rule' };
	if (o.status !== 'running' && o.status !== 'paused') return { offered: false, why: 'not-running' };
	if (o.assistance.used >= o.assistance.max) return { offered: false, why: 'assistance-used' };
	if (o.assistance.usedMs >= policy.maxTotalMs) return { offered: false, why: 'assistance-cap' };
	return { offered: true };
}
