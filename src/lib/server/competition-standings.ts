import { error } from '@sveltejs/kit';
import type { JudgeEvent } from '$lib/events/schema';
import { standingsOfMerged, type CompetitionStandings } from '$lib/files/merge';
import type { CompetitionEvent, Heat } from '$lib/setup/schema';
import type { Store } from './store';
import { foldedInto, listMerges } from './competition-merges';

/** A competition's standings as the server computes them, with what they were computed from. */
export interface ServerStandings extends CompetitionStandings {
	event: CompetitionEvent;
	/** Its heats and those of the competitions merged into it. */
	heats: Heat[];
}

/**
 * The competition's standings at `now`, from the server's set-up and judge events, by the shared
 * scorer (the CLI's path, standingsOfMerged); with the competitions merged into it (their events
 * read as its own). 404 for an event or competition not here; 409 for a competition merged into
 * another (its results are part of that one). What publishing and the live results both read.
 */
export function competitionStandings(store: Store, eventId: string, competitionId: string, now: number): ServerStandings {
	const event = store.getEvent(eventId);
	if (!event) error(404, `no event "${eventId}" on this server`);
	const competition = store.getCompetition(eventId, competitionId);
	if (!competition) error(404, `no competition "${competitionId.slice(0, 80)}" in this event`);
	const keptBy = foldedInto(store, eventId, competitionId);
	if (keptBy !== undefined) error(409, `competition "${competitionId}" was merged into "${keptBy}": publish that one, its results include these`);
	const ruleset = store.getRuleset(competition.ruleset.id, competition.ruleset.version);
	// The foreign key guarantees it.
	if (!ruleset) throw new Error(`ruleset ${competition.ruleset.id} v${competition.ruleset.version} of ${competition.id} is missing`);
	const merges = listMerges(store, eventId).filter((m) => m.keptCompetitionId === competitionId);
	const ids = [competitionId, ...merges.map((m) => m.foldedCompetitionId)];
	const eventsOf = store.db.prepare('SELECT json FROM judge_events WHERE event_id = ? AND competition_id = ? ORDER BY server_seq').pluck();
	const log = ids.flatMap((id) => (eventsOf.all(eventId, id) as string[]).map((j) => JSON.parse(j) as JudgeEvent));
	const heats = ids.flatMap((id) => store.listHeats(eventId, id));
	const merged = {
		files: [],
		setup: {
			events: [event],
			rulesets: [ruleset],
			competitions: ids.map((id) => (id === competitionId ? competition : store.getCompetition(eventId, id)!)),
			heats,
			entries: ids.flatMap((id) => store.listEntries(eventId, id)),
			merges
		},
		log
	};
	// Only the competition itself: a merge that no longer fits the set-up leaves its folded-in competition apart.
	const result = standingsOfMerged(merged, now).find((r) => r.competition.id === competitionId)!;
	return { ...result, event, heats };
}
