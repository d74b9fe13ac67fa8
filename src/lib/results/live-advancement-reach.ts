import type { Ruleset } from '$lib/rules/schema';
import { stillGoing } from '$lib/scoring/heat-clock';
import { rankKey } from '$lib/scoring/standings';
import { atResolution } from '$lib/scoring/time';
import type { Outcome, RankBasis } from '$lib/scoring/types';

/**
 * What a still-going entry can still end on, as ranking keys (src/lib/scoring/standings.ts
 * rankKey: a tier, then a value, smaller first). Pure: an outcome, its ruleset and `now` in.
 *
 * An entry is still going while its result may still change: its clock has not started, is in
 * its preview, runs or is paused, or it ended unfinished and its group tally is not entered yet.
 * Every other entry (finished, unfinished with its tally, disqualified, did not start) is settled.
 *
 * Each reachable tier is a range: a finish can come at any time from the clock so far on (the
 * judges' penalties only add to it), so only its least time is known; an unfinished entry can
 * have anything from all pieces to none counted (or, under a limit-plus-penalty ruleset, the
 * limit plus any penalty). The ranges are taken as continuous: two results a resolution step
 * apart count as having room between them, which can only make a mark more careful.
 * Any entry can also still end without a place (disqualified, a tally never entered).
 */

/** A ranking key: tier, then value; smaller ranks first. */
export type RankKey = readonly [number, number];

/** The keys of one tier an entry can still reach: `min` ≤ value ≤ `max`. */
export interface TierReach {
	tier: number;
	min: number;
	max: number;
}

const STILL_GOING = new Set<Outcome['status']>(['not-started', 'preview', 'running', 'paused']);

/** Whether the entry's result may still change (see above). */
export function isStillGoing(o: Pick<Outcome, 'status' | 'tallyPending'>): boolean {
	return STILL_GOING.has(o.status) || (o.status === 'unfinished' && o.tallyPending);
}

function keyOf(ruleset: Ruleset, basis: RankBasis): RankKey {
	return rankKey(ruleset, basis)!;
}

/**
 * The tiers a still-going entry can still reach at `now`; null for a settled entry. The clock
 * so far is the outcome's (`clockMs`, counted when the standings were computed: compute them
 * for `now`); a clock past its own limit at `now` cannot finish any more.
 */
export function reachOf(ruleset: Ruleset, o: Outcome, now: number): TierReach[] | null {
	if (!isStillGoing(o)) return null;
	const res = ruleset.timeResolution;
	const tiers: TierReach[] = [];
	const canFinish = o.status === 'not-started' || stillGoing(o, now);
	if (canFinish) {
		// A started clock only runs on; pauses stop it, so the clock so far is the least a finish can show.
		const from = o.status === 'running' || o.status === 'paused' ? atResolution(o.clockMs, res) : 0;
		const [tier, min] = keyOf(ruleset, { kind: 'time', finalTimeMs: from, finished: true });
		tiers.push({ tier, min, max: Infinity });
	}
	const unfinished = ruleset.unfinished;
	if (unfinished.policy === 'limit-plus-loose-penalty') {
		const [tier, min] = keyOf(ruleset, { kind: 'time', finalTimeMs: atResolution(ruleset.timeLimitMs, res), finished: false });
		tiers.push({ tier, min, max: Infinity });
	} else {
		// Without a known puzzle size the tally could say anything.
		const all = o.totalPieces > 0 ? o.totalPieces : Infinity;
		const [tier, min] = keyOf(ruleset, { kind: 'pieces', countedPieces: all });
		tiers.push({ tier, min, max: keyOf(ruleset, { kind: 'pieces', countedPieces: 0 })[1] });
	}
	return tiers;
}

/** The entry can still end strictly ahead of `key`. */
export function canBeAhead(reach: readonly TierReach[], key: RankKey): boolean {
	return reach.some((t) => t.tier < key[0] || (t.tier === key[0] && t.min < key[1]));
}

/** The entry can still end exactly on `key` (sharing that place). */
export function canTie(reach: readonly TierReach[], key: RankKey): boolean {
	return reach.some((t) => t.tier === key[0] && t.min <= key[1] && key[1] <= t.max);
}
