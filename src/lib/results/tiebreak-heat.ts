import { HeatSchema, type Entry, type Heat } from '$lib/setup/schema';
import type { Standings } from '$lib/scoring/types';

/**
 * ES-TIE: on a tie for first place the judge may call a further tie-break puzzle. This sets
 * up that puzzle's heat and words its result; it is pure (nothing stored, no clock).
 *
 * How the tie-break fits the event log: the tied entries keep their IDs and their heat. An
 * entry's heat is where its result comes from (the scorer takes its start from that heat's
 * `heat.start`), so the entries are not moved into the tie-break heat, and no entry events
 * (hand raised, check …) are recorded for them there: those would be a second finish of the
 * qualifying puzzle (a double-finish conflict). The tie-break heat only seats them; its
 * outcome is one `tiebreak.result` event, `order` best first, recorded by the judge or the
 * organizer (`tiebreakResultEvent`). The scorer applies the latest such event in force: the
 * listed tied entries take places 1, 2 … in that order, tied entries it leaves out share the
 * place after them, and the tie flag is gone.
 */

export interface TiebreakHeat {
	/** The new heat, in the tied entries' competition; valid by HeatSchema. */
	heat: Heat;
	/** The tied entries' IDs, in standings order: the ones to seat, unchanged. */
	entryIds: string[];
	/** The tied entries as set up (their heat stays the one they qualified in). */
	tiedEntries: Entry[];
}

/** IDs are at most 64 characters (IdSchema). */
const MAX_ID = 64;

/** `${competitionId}-tiebreak-${n}`, the competition ID shortened if the whole would be too long. */
function tiebreakHeatId(competitionId: string, n: number): string {
	const suffix = `-tiebreak-${n}`;
	return competitionId.slice(0, MAX_ID - suffix.length) + suffix;
}

/**
 * The tie-break heat for the entries tied for first. `heats` are the heats already set up (heat
 * IDs are unique across competitions: pass them all); the new ID is the first free one of
 * `${competitionId}-tiebreak-1`, `-2` … Throws when the standings hold no tie for first to
 * break: none, already broken by a tie-break result, or a ruleset that does not flag ties
 * (CZ-IND-RANK-3: shared places stand).
 */
export function tiebreakHeat(
	standings: Pick<Standings, 'competitionId' | 'tieForFirst'>,
	setup: { entries: readonly Entry[]; heats: readonly Heat[] },
	options: { name?: string } = {}
): TiebreakHeat {
	const { competitionId, tieForFirst } = standings;
	if (tieForFirst.length < 2)
		throw new Error(
			`no tie for first to break in competition ${competitionId}: no entries share first place awaiting a tie-break ` +
				'(a tie-break result may already be recorded, or the ruleset does not flag ties)'
		);
	const entryById = new Map(setup.entries.map((e) => [e.id, e]));
	const tiedEntries = tieForFirst.map((id) => {
		const entry = entryById.get(id);
		if (!entry) throw new Error(`entry ${id}, tied for first in competition ${competitionId}, is not among the entries given`);
		return entry;
	});
	const taken = new Set(setup.heats.map((h) => h.id));
	let n = 1;
	while (taken.has(tiebreakHeatId(competitionId, n))) n++;
	const heat = HeatSchema.parse({ id: tiebreakHeatId(competitionId, n), competitionId, name: options.name ?? (n === 1 ? 'Tie-break' : `Tie-break ${n}`) });
	return { heat, entryIds: [...tieForFirst], tiedEntries };
}

/** What DeviceLog.record takes for a tie-break result, but the time: `log.record(r.type, at, r.entryId, r.payload)`. */
export interface TiebreakResultInput {
	type: 'tiebreak.result';
	/** The result is the heat's, not one entry's. */
	entryId: null;
	payload: { order: string[] };
}

/**
 * The `tiebreak.result` event for the tie-break's finishing order, best first. Every ID must
 * be one of the tied entries, once; at least two (the event schema's minimum). A tied entry
 * left out (it did not take part) shares the place after the listed ones. Throws otherwise,
 * saying what is wrong. Record it from a DeviceLog whose heat is the tie-break heat (or none).
 */
export function tiebreakResultEvent(tiebreak: Pick<TiebreakHeat, 'entryIds'>, order: readonly string[]): TiebreakResultInput {
	const tied = new Set(tiebreak.entryIds);
	const seen = new Set<string>();
	for (const id of order) {
		if (!tied.has(id)) throw new Error(`${id} is not tied for first (tied: ${tiebreak.entryIds.join(', ')})`);
		if (seen.has(id)) throw new Error(`${id} is listed twice in the tie-break order`);
		seen.add(id);
	}
	if (order.length < 2) throw new Error('a tie-break order lists at least two of the tied entries, best first');
	return { type: 'tiebreak.result', entryId: null, payload: { order: [...order] } };
}
