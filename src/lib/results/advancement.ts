import { EntrySchema, type Entry } from '$lib/setup/schema';
import { canonicalCountry } from '$lib/setup/country';
import type { Standings, StandingRow } from '$lib/scoring/types';
import { AdvancementRuleSchema, type AdvancementRule } from '$lib/setup/advancement-rule';

/**
 * Who of a qualifying round goes on to the final. Pure: the qualifying standings, its entries
 * and a rule in, a decision per standings row out. The rules, as an organizer would expect them:
 *
 * - Entries without a place (no result yet, disqualified, did not start) never advance.
 * - `overall`: the best `count` placed entries by the standings. `per-heat`: the best `count`
 *   of each heat, taken in the order of the competition's standings rows of that heat (so by
 *   the competition's places, which the heat's own order follows).
 * - A tie on the cut: every entry sharing the cut place advances, so more than `count` may
 *   go on; the result says so (`tieAtCut`, and the cut of each heat). Names do not decide a
 *   sporting tie.
 * - `countryQuota`: at most that many advancing entries per country (for the whole final,
 *   also in per-heat mode). An entry's country is its first member's, in one form (CZE is CZ);
 *   entries without one are not limited. An entry over the quota is skipped and does not use
 *   a place in the final: the next eligible entry takes it.
 * - The one place names do decide: entries sharing a place that compete for a country's last
 *   quota slot are taken in standings order (by name). The result flags it (`quotaTie`) for
 *   the organizer to confirm.
 *
 * Entries are looked at place by place (all rows sharing a place together), best first; a
 * heat's cut is full once `count` entries of it advance, and a place group that starts
 * before that is let in whole (quota permitting).
 */

/** Why an entry does not advance; null when it does. */
export type NotAdvancingReason = 'no-place' | 'below-cut' | 'country-quota';

export interface AdvancementRow {
	entryId: string;
	name: string;
	heatId: string;
	place: number | null;
	/** The first member's country, ISO alpha-2 (src/lib/setup/country.ts); null without one. */
	country: string | null;
	advances: boolean;
	notAdvancingBecause: NotAdvancingReason | null;
	/** Advances on a place shared at the cut, beyond the rule's `count`. */
	byTieAtCut: boolean;
	/** Why, for people, in English (like StandingRow.reason). */
	reason: string;
	entry: Entry;
}

/** The cut of one heat (per-heat) or of the whole round (overall: `heatId` null). */
export interface Cut {
	heatId: string | null;
	/** How many advance: `count`, more on a tie at the cut, fewer when entries run out. */
	advancing: number;
	/** The place of the last advancing entry; null when none advances. */
	place: number | null;
	/** More than `count` advance because entries share the cut place. */
	tieAtCut: boolean;
}

export interface Advancement {
	rule: AdvancementRule;
	/** Every standings row, in standings order. */
	rows: AdvancementRow[];
	/** The advancing entries, in standings order. */
	advancing: Entry[];
	cuts: Cut[];
	/** Some cut is shared: more than `count` advance there. */
	tieAtCut: boolean;
	/** Entries sharing a place competed for a country's last quota slot; standings order (by name) decided. */
	quotaTie: boolean;
}

/** An entry's country: its first member's, upper case; null without one (not limited by a quota). */
export function countryOf(entry: Entry): string | null {
	// One form whatever an older set-up stored (issue 30 #12): CZE counts as CZ.
	const country = canonicalCountry(entry.members[0]?.country ?? '');
	return country ? country : null;
}

/**
 * Decides who advances. `rule` may come from a form or a file: it is validated here, and a
 * zod error is thrown when it is not valid. Throws as well when a standings row has no entry.
 */
export function advancement(standings: Pick<Standings, 'rows'>, entries: readonly Entry[], rule: unknown): Advancement {
	const valid = AdvancementRuleSchema.parse(rule);
	const entryById = new Map(entries.map((e) => [e.id, e]));
	const poolOf = (r: StandingRow): string | null => (valid.mode === 'per-heat' ? r.outcome.heatId : null);

	const cuts = new Map<string | null, Cut>();
	const advancingByCountry = new Map<string, number>();
	let quotaTie = false;
	const rows: AdvancementRow[] = [];

	// Rows arrive best first with shared places next to each other; walk them a place at a time.
	let i = 0;
	while (i < standings.rows.length) {
		const place = standings.rows[i]!.place;
		let end = i + 1;
		if (place !== null) while (end < standings.rows.length && standings.rows[end]!.place === place) end++;
		const group = standings.rows.slice(i, end);
		i = end;

		// Whether each heat's cut is still open is decided before the group: the whole group shares the place.
		const openAtStart = new Map<string | null, boolean>();
		const countryAtStart = new Map<string, number>();
		for (const r of group) {
			const pool = poolOf(r);
			if (!cuts.has(pool)) cuts.set(pool, { heatId: pool, advancing: 0, place: null, tieAtCut: false });
			openAtStart.set(pool, cuts.get(pool)!.advancing < valid.count);
		}

		for (const r of group) {
			const entry = entryById.get(r.entryId);
			if (!entry) throw new Error(`standings row ${r.entryId} (${r.name}) has no entry in the qualifying round's entries`);
			const country = countryOf(entry);
			const cut = cuts.get(poolOf(r))!;
			const base = { entryId: r.entryId, name: r.name, heatId: r.outcome.heatId, place: r.place, country, entry };
			if (r.place === null) {
				rows.push({ ...base, advances: false, notAdvancingBecause: 'no-place', byTieAtCut: false, reason: `no place: ${r.reason}` });
				continue;
			}
			if (!openAtStart.get(cut.heatId)) {
				const where = cut.heatId === null ? '' : ` of heat ${cut.heatId}`;
				rows.push({
					...base,
					advances: false,
					notAdvancingBecause: 'below-cut',
					byTieAtCut: false,
					reason: `below the cut: place ${r.place}; the cut${where} is place ${cut.place}`
				});
				continue;
			}
			const quota = valid.countryQuota;
			if (quota !== undefined && country !== null) {
				const used = advancingByCountry.get(country) ?? 0;
				if (used >= quota) {
					// A slot still free before this place went to an entry sharing it: only names told them apart.
					if ((countryAtStart.get(country) ?? used) < quota) quotaTie = true;
					rows.push({
						...base,
						advances: false,
						notAdvancingBecause: 'country-quota',
						byTieAtCut: false,
						reason: `country quota: ${used} of at most ${quota} from ${country} already advance`
					});
					continue;
				}
				if (!countryAtStart.has(country)) countryAtStart.set(country, used);
				advancingByCountry.set(country, used + 1);
			}
			cut.advancing++;
			cut.place = r.place;
			const byTieAtCut = cut.advancing > valid.count;
			if (byTieAtCut) cut.tieAtCut = true;
			rows.push({
				...base,
				advances: true,
				notAdvancingBecause: null,
				byTieAtCut,
				reason: byTieAtCut ? `advances: place ${r.place}, shared at the cut` : `advances: place ${r.place}`
			});
		}
	}

	// The first of a shared cut place advanced before the group overflowed: mark the whole group.
	for (const cut of cuts.values())
		if (cut.tieAtCut)
			for (const row of rows)
				if (row.advances && row.place === cut.place && (cut.heatId === null || row.heatId === cut.heatId) && !row.byTieAtCut) {
					row.byTieAtCut = true;
					row.reason = `advances: place ${row.place}, shared at the cut`;
				}

	const cutList = [...cuts.values()];
	return {
		rule: valid,
		rows,
		advancing: rows.filter((r) => r.advances).map((r) => r.entry),
		cuts: cutList,
		tieAtCut: cutList.some((c) => c.tieAtCut),
		quotaTie
	};
}

/** IDs are at most 64 characters (IdSchema): a longer derived ID keeps its start and a hash of the whole. */
const MAX_ID = 64;

/** FNV-1a, 32 bits, as 8 hex digits: short, stable on every device. */
function hash8(text: string): string {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return (h >>> 0).toString(16).padStart(8, '0');
}

/** The final's ID for a qualifying entry: entry IDs are unique across competitions, so it is prefixed. */
export function finalEntryId(finalCompetitionId: string, qualifyingEntryId: string): string {
	const id = `${finalCompetitionId}.${qualifyingEntryId}`;
	return id.length <= MAX_ID ? id : `${id.slice(0, MAX_ID - 9)}.${hash8(id)}`;
}

/**
 * The final's entries: one per advancing entry, all in `finalHeatId`, with the same name and
 * members (the same people keep their member IDs) and an ID derived from the qualifying one,
 * so that doing it again gives the same entries. Tables and seats are left for the final's draw.
 * Throws (a zod error) when an entry is not valid, or when two derived IDs collide.
 */
export function finalEntries(advancing: readonly Entry[], finalCompetitionId: string, finalHeatId: string): Entry[] {
	const seen = new Set<string>();
	return advancing.map((e) => {
		const id = finalEntryId(finalCompetitionId, e.id);
		if (seen.has(id)) throw new Error(`two advancing entries would both be ${id} in the final`);
		seen.add(id);
		return EntrySchema.parse({
			id,
			competitionId: finalCompetitionId,
			heatId: finalHeatId,
			name: e.name,
			members: e.members.map((m) => ({ ...m }))
		});
	});
}
