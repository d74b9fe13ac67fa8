import type { StationDb } from '$lib/db/station-db';
import type { JudgeEvent } from '$lib/events/schema';
import type { EventFileSetup } from '$lib/files/event-file';
import { standingsOfMerged, type CompetitionStandings, type MergedEventFiles } from '$lib/files/merge';
import { applyMerges, mapEvent, mergeMappings } from '$lib/files/apply-merges';
import { rulesetKey } from '$lib/db/station-db';

/**
 * The organizer's merged view of one event, read from the device's IndexedDB: the set-up it
 * pulled and every judge event it holds (its own, pulled from the server, imported from
 * files). It is shaped as the merge of event files (src/lib/files/merge.ts) and scored with
 * `standingsOfMerged`, the CLI's own code path (`npm run standings`), so the organizer's
 * standings equal the CLI's for the same events. Competitions the organizer merged are
 * applied (src/lib/files/apply-merges.ts): a folded-in competition's events and entries are
 * read as the kept one's everywhere the merged view goes (standings, conflicts, the display).
 */
export interface MergedEvent {
	/** The event's set-up and events, with its merges applied. */
	merged: MergedEventFiles;
	/** Distinct judge events of the event's competitions. */
	eventCount: number;
	/** The event-log devices (tablets) those events came from, sorted. */
	deviceIds: string[];
	/** Competitions of the event left out: their ruleset version is not on this device (yet). */
	missingRuleset: string[];
	/** Events held for competitions that are not in the event's set-up on this device. */
	unknownCompetitionEvents: number;
}

/**
 * Where one judge event goes in the merged view of the event read with it: the event as the view
 * reads it (merges applied), 'unknown' when its competition is in no set-up on the device (counted
 * in `unknownCompetitionEvents`), or null when it is not the view's (another event's competition,
 * or one left out for its missing ruleset). What readMergedEvent does with each event it reads,
 * for events stored after the read (the organizer's standings kept up to date: issue 32 #2).
 */
export type EventSort = (event: JudgeEvent) => JudgeEvent | 'unknown' | null;

/** Reads the event's set-up and events from the device, as a merge of event files. */
export async function readMergedEvent(db: StationDb, eventId: string): Promise<MergedEvent> {
	return (await readSortedEvent(db, eventId)).read;
}

/** readMergedEvent, with the sort it used and the IDs of the events it counted as of unknown competitions. */
export async function readSortedEvent(db: StationDb, eventId: string): Promise<{ read: MergedEvent; sort: EventSort; unknownIds: Set<string> }> {
	const [days, storedRulesets, competitions, heats, entries, events, merges] = await Promise.all([
		db.days.toArray(),
		db.rulesets.toArray(),
		db.competitions.where('eventId').equals(eventId).toArray(),
		db.heats.toArray(),
		db.entries.toArray(),
		db.events.toArray(),
		db.merges.where('eventId').equals(eventId).toArray()
	]);
	const rulesetKeys = new Set(storedRulesets.map((r) => r.key));
	const missingRuleset = competitions.filter((c) => !rulesetKeys.has(rulesetKey(c.ruleset))).map((c) => c.id);
	const kept = competitions.filter((c) => rulesetKeys.has(rulesetKey(c.ruleset))).sort((a, b) => cmp(a.id, b.id));
	const keptIds = new Set(kept.map((c) => c.id));
	const usedRulesets = new Set(kept.map((c) => rulesetKey(c.ruleset)));
	const dayIds = new Set(kept.map((c) => c.eventId));
	const setup: EventFileSetup = {
		events: days.filter((d) => dayIds.has(d.id)),
		rulesets: storedRulesets.filter((r) => usedRulesets.has(r.key)).map((r) => r.ruleset),
		competitions: kept,
		heats: heats.filter((h) => keptIds.has(h.competitionId)),
		entries: entries.filter((e) => keptIds.has(e.competitionId)),
		...(merges.length ? { merges } : {})
	};
	const allCompetitionIds = new Set(competitions.map((c) => c.id));
	const otherEventCompetitions = new Set((await db.competitions.toArray()).filter((c) => c.eventId !== eventId).map((c) => c.id));
	const log: JudgeEvent[] = [];
	const unknownIds = new Set<string>();
	const devices = new Set<string>();
	for (const e of events) {
		if (keptIds.has(e.competitionId)) {
			log.push(e);
			devices.add(e.deviceId);
		} else if (!allCompetitionIds.has(e.competitionId) && !otherEventCompetitions.has(e.competitionId)) unknownIds.add(e.id);
	}
	const mappings = mergeMappings(setup);
	const sort: EventSort = (e) => {
		if (keptIds.has(e.competitionId)) {
			const m = mappings.get(e.competitionId);
			return m ? mapEvent(e, m) : e;
		}
		return allCompetitionIds.has(e.competitionId) || otherEventCompetitions.has(e.competitionId) ? null : 'unknown';
	};
	const read: MergedEvent = {
		merged: applyMerges({ files: [], setup, log }),
		eventCount: log.length,
		deviceIds: [...devices].sort(),
		missingRuleset,
		unknownCompetitionEvents: unknownIds.size
	};
	return { read, sort, unknownIds };
}

/** The event's standings at `now`, with what they were merged from. */
export async function organizerStandings(db: StationDb, eventId: string, now: number): Promise<MergedEvent & { standings: CompetitionStandings[] }> {
	const read = await readMergedEvent(db, eventId);
	return { ...read, standings: standingsOfMerged(read.merged, now) };
}

function cmp(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
