import type { JudgeEvent } from '$lib/events/schema';
import type { CompetitionMerge, Entry, Heat } from '$lib/setup/schema';
import { mergeProblems } from '$lib/setup/merge-problems';
import type { EventFileSetup } from './event-file';

/**
 * The merges of competitions (CompetitionMergeSchema) applied to merged data before it is
 * scored. Nothing stored is rewritten: this maps, in memory, the folded-in competition's judge
 * events and set-up onto the kept competition:
 * - each event of the folded-in competition is read as the kept one's: its heat as the heat it
 *   is linked to, its entry as the entry it is linked to, and so the entries a heat start, a time
 *   limit or a tie-break lists (also inside a correction's replacement); event IDs stay;
 * - a heat or entry linked as new (or not linked at all: added after the merge) joins the kept
 *   competition under its own ID; the others disappear into the kept heats and entries;
 * - the folded-in competition is no longer in the set-up, so it is scored nowhere on its own.
 *
 * Two tablets that judged the same seats then show up as the scorer's ordinary conflicts
 * (double start, double finish) for the organizer to resolve. A merge whose competitions are
 * not both in the set-up, or that is not valid against it (mergeProblems: e.g. a chain), is not
 * applied. Pure, and applying the result again changes nothing; without merges the input is
 * returned as it is.
 */

export interface MergeableData {
	setup: EventFileSetup;
	log: JudgeEvent[];
}

/** How one merge maps the folded-in competition's IDs. */
export interface Mapping {
	keptId: string;
	/** Heat ID → the heat it is read as (its own ID when new). */
	heats: Map<string, string>;
	/** Entry ID → the entry it is read as (its own ID when new). */
	entries: Map<string, string>;
}

/**
 * The merges that apply to `setup` (both competitions in it, valid against it), by folded-in
 * competition: what applyMerges maps; a tablet maps its own reads with it too (issue 30 #3).
 */
export function mergeMappings(setup: Pick<EventFileSetup, 'competitions' | 'heats' | 'entries' | 'merges'>): Map<string, Mapping> {
	const merges = setup.merges ?? [];
	const mappings = new Map<string, Mapping>();
	if (merges.length === 0) return mappings;
	const competitionIds = new Set(setup.competitions.map((c) => c.id));
	const world = { competitions: setup.competitions, heats: setup.heats, entries: setup.entries, merges };
	for (const merge of [...merges].sort(byRecording)) {
		if (!competitionIds.has(merge.keptCompetitionId) || !competitionIds.has(merge.foldedCompetitionId)) continue;
		if (mergeProblems(merge, world, { complete: false }).length > 0) continue;
		mappings.set(merge.foldedCompetitionId, mappingOf(merge, setup.heats, setup.entries));
	}
	return mappings;
}

export function applyMerges<T extends MergeableData>(data: T): T {
	const { setup } = data;
	const mappings = mergeMappings(setup);
	if (mappings.size === 0) return data;

	const heats: Heat[] = [];
	for (const h of setup.heats) {
		const m = mappings.get(h.competitionId);
		if (!m) heats.push(h);
		else if (m.heats.get(h.id) === h.id) heats.push({ ...h, competitionId: m.keptId });
	}
	const entries: Entry[] = [];
	for (const e of setup.entries) {
		const m = mappings.get(e.competitionId);
		if (!m) entries.push(e);
		else if (m.entries.get(e.id) === e.id) entries.push({ ...e, competitionId: m.keptId, heatId: m.heats.get(e.heatId) ?? e.heatId });
	}
	const log = data.log.map((e) => {
		const m = mappings.get(e.competitionId);
		return m ? mapEvent(e, m) : e;
	});
	return {
		...data,
		setup: { ...setup, competitions: setup.competitions.filter((c) => !mappings.has(c.id)), heats, entries },
		log
	};
}

function byRecording(a: CompetitionMerge, b: CompetitionMerge): number {
	return a.recordedAt - b.recordedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function mappingOf(merge: CompetitionMerge, allHeats: readonly Heat[], allEntries: readonly Entry[]): Mapping {
	const heatLinks = new Map(merge.heats.map((l) => [l.from, l.to]));
	const heats = new Map<string, string>();
	for (const h of allHeats) if (h.competitionId === merge.foldedCompetitionId) heats.set(h.id, heatLinks.get(h.id) ?? h.id);
	const entryLinks = new Map(merge.entries.map((l) => [l.from, l.to]));
	const entries = new Map<string, string>();
	for (const e of allEntries) if (e.competitionId === merge.foldedCompetitionId) entries.set(e.id, entryLinks.get(e.id) ?? e.id);
	return { keptId: merge.keptCompetitionId, heats, entries };
}

type Payload = Record<string, unknown>;

/** The entries a payload lists, mapped (heat.start and heat.time-limit: entryIds; tiebreak.result: order). */
function mapPayload(type: string, payload: Payload, m: Mapping): Payload {
	const entry = (id: string) => m.entries.get(id) ?? id;
	if ((type === 'heat.start' || type === 'heat.time-limit') && Array.isArray(payload.entryIds)) return { ...payload, entryIds: (payload.entryIds as string[]).map(entry) };
	if (type === 'tiebreak.result' && Array.isArray(payload.order)) return { ...payload, order: (payload.order as string[]).map(entry) };
	return payload;
}

/** A folded-in competition's event as the kept competition reads it. */
export function mapEvent(e: JudgeEvent, m: Mapping): JudgeEvent {
	const scope = {
		competitionId: m.keptId,
		heatId: e.heatId === null ? null : (m.heats.get(e.heatId) ?? e.heatId),
		entryId: e.entryId === null ? null : (m.entries.get(e.entryId) ?? e.entryId)
	};
	if (e.type === 'correction') {
		const r = e.payload.replacement;
		const payload = r ? { ...e.payload, replacement: { ...r, payload: mapPayload(r.type, r.payload as Payload, m) } } : e.payload;
		return { ...e, ...scope, payload } as JudgeEvent;
	}
	return { ...e, ...scope, payload: mapPayload(e.type, e.payload as Payload, m) } as JudgeEvent;
}
