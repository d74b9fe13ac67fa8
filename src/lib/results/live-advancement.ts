import type { Ruleset } from '$lib/rules/schema';
import type { AdvancementRule } from '$lib/setup/advancement-rule';
import type { Entry } from '$lib/setup/schema';
import { byName, rankKey } from '$lib/scoring/standings';
import type { Standings, StandingRow } from '$lib/scoring/types';
import { advancement, type AdvancementRow } from './advancement';
import { canBeAhead, canTie, reachOf, type RankKey, type TierReach } from './live-advancement-reach';

/**
 * Advancement while a round is still running, shown as WCA Live does: an entry that advances
 * on the standings so far is `through` once no one still going can take it away, and `edge`
 * while that depends on others. Who advances is the one rule of ./advancement.ts; this only
 * asks whether every way the still-going entries can still end keeps the entry in.
 *
 * The worst case. For an entry E, only what comes before E in the standings decides it:
 * advancement() walks the rows best first, and E's fate is fixed once its own place group
 * starts (the cut is open for the whole group or not) and the rows before it in that group
 * have used their country slots. A still-going entry ending below E (or without a place) is
 * the same as it not being there. So E is through iff it still advances when the still-going
 * entries that can come before it do so. That is one completion, not a search, because:
 *
 * - overall: while the cut has not closed, each country's first `countryQuota` entries advance
 *   whatever their order, so the entries advancing before E's group number
 *   A = Σ per country min(quota, ahead of that country) + those without a country; E is in iff
 *   A < count and fewer than `countryQuota` of E's country come before it. Both only grow when
 *   one more entry comes before E, so the worst case is every still-going entry that can rank
 *   strictly ahead of E doing so, and (for the quota) those that can only share E's place and
 *   are listed before it by name sharing it.
 * - per heat without a quota: E is in iff fewer than `count` of its own heat rank strictly
 *   ahead of it: again the most that can.
 * - per heat with a quota, the argument fails: the quota is the whole final's, so an entry of
 *   another heat coming first can use a country's last slot, keep an entry of E's heat out and
 *   so open a place of E's heat for E. Ending ahead is then not always worse for E, and the
 *   worst case is not one completion (live-advancement.test.ts shows one). There E is through
 *   when sound bounds say so: at most `count` − 1 of its heat can advance ahead of it even if
 *   every one that can come before does and none is kept out by others, and fewer than
 *   `countryQuota` of its country can come before it at all; or no still-going entry can come
 *   before it. Otherwise `edge`, which may be careful where it was in fact decided.
 *
 * A tie-break result for first place (ES-TIE) is taken as the standings give it; still-going
 * entries are not assumed to break it.
 */

/** How an entry that advances on the standings so far stands: no one still going can change it, or it depends on them. */
export type LiveAdvancementMark = 'through' | 'edge';

export interface LiveAdvancementInput {
	/** The round's standings so far, computed for `now` (their clocks are the least a finish can still show). */
	standings: Pick<Standings, 'rows'>;
	/** The round's entries (advancement() needs every standings row's entry). */
	entries: readonly Entry[];
	rule: AdvancementRule;
	ruleset: Ruleset;
	/** The moment, ms (the tablets' time): a clock past its own limit cannot finish any more. */
	now: number;
}

interface Going {
	row: StandingRow;
	country: string | null;
	reach: TierReach[];
}

/**
 * Each standings row's entry ID → `through` or `edge` when it advances on the standings so far,
 * null when it does not, or has no place, or is still going itself. Throws like advancement()
 * when the rule is not valid or a row has no entry.
 */
export function liveAdvancement(input: LiveAdvancementInput): Map<string, LiveAdvancementMark | null> {
	const { standings, entries, ruleset, now } = input;
	const current = advancement(standings, entries, input.rule);
	const rule = current.rule;
	const going: Going[] = [];
	standings.rows.forEach((row, i) => {
		const reach = reachOf(ruleset, row.outcome, now);
		if (reach) going.push({ row, country: current.rows[i]!.country, reach });
	});

	const marks = new Map<string, LiveAdvancementMark | null>();
	current.rows.forEach((a, i) => {
		if (!a.advances) return marks.set(a.entryId, null);
		const row = standings.rows[i]!;
		const key = rankKey(ruleset, row.basis)!;
		marks.set(a.entryId, decided(rule, a, row, key, current.rows.slice(0, i), going) ? 'through' : 'edge');
	});
	return marks;
}

/** Entries advancing ahead of a place if none is kept out by the cut: each country's first `quota`. */
function advancingAhead(countries: readonly (string | null)[], quota: number | undefined): number {
	if (quota === undefined) return countries.length;
	const perCountry = new Map<string, number>();
	let n = 0;
	for (const c of countries) {
		if (c === null) n++;
		else perCountry.set(c, (perCountry.get(c) ?? 0) + 1);
	}
	for (const k of perCountry.values()) n += Math.min(quota, k);
	return n;
}

/** E (`a`, on `row` with `key`) advances in every completion; `before`: the rows listed before it. */
function decided(rule: AdvancementRule, a: AdvancementRow, row: StandingRow, key: RankKey, before: readonly AdvancementRow[], going: readonly Going[]): boolean {
	const perHeat = rule.mode === 'per-heat';
	const quota = rule.countryQuota;
	const inPool = (heatId: string) => !perHeat || heatId === a.heatId;
	// Settled rows strictly ahead (a smaller place; rows with a place are all settled).
	const settledAhead = before.filter((b) => b.place !== null && b.place < a.place! && inPool(b.heatId));
	const goingAhead = going.filter((g) => canBeAhead(g.reach, key));
	// Sharing E's place and listed before it: only the quota can feel these.
	const goingSharingBefore = going.filter((g) => !canBeAhead(g.reach, key) && canTie(g.reach, key) && byName(idName(g.row), idName(row)) < 0);

	if (perHeat && quota !== undefined && goingAhead.length === 0 && goingSharingBefore.length === 0) return true;

	const ahead = [...settledAhead.map((b) => b.country), ...goingAhead.filter((g) => inPool(g.row.outcome.heatId)).map((g) => g.country)];
	if (advancingAhead(ahead, quota) >= rule.count) return false;
	if (quota === undefined || a.country === null) return true;
	const sameCountry = (c: string | null) => c === a.country;
	const countryBefore =
		before.filter((b) => b.place !== null && sameCountry(b.country)).length +
		goingAhead.filter((g) => sameCountry(g.country)).length +
		goingSharingBefore.filter((g) => sameCountry(g.country)).length;
	return countryBefore < quota;
}

function idName(row: StandingRow): { id: string; name: string } {
	return { id: row.entryId, name: row.name };
}
