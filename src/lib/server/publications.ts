import { error } from '@sveltejs/kit';
import { standingsJson } from '$lib/files/format';
import type { Publication, PublicationSnapshot, PublicationState, PublicationSummary } from '$lib/results/publication';
import { IdSchema } from '$lib/setup/schema';
import { PublishRequestSchema, type PublishedCompetition } from '$lib/contract';
import { describeIssues, toIssues } from '$lib/validation';
import type { Store } from './store';
import { competitionStandings } from './competition-standings';
import { answerDecidedProtests, openProtestsRefusal } from './protests';

/**
 * Published results (docs/sync.md, Publishing). The organizer publishes a competition: the
 * server computes its standings from its own set-up and judge events with the shared scorer
 * (the CLI's path, standingsOfMerged) and keeps them as version 1, 2, 3 … Nothing published is
 * ever replaced: a correction after publishing is published as the next version. The latest
 * version can be made final once its protest window has passed; a final competition is locked.
 * The public sees these snapshots only, never the live (draft) standings.
 */

export type { Publication, PublicationSnapshot, PublicationSummary };

type Row = {
	event_id: string;
	competition_id: string;
	version: number;
	state: PublicationState;
	published_at: number;
	protest_until: number | null;
	finalized_at: number | null;
	snapshot: string;
	note: string | null;
};

function summaryOf(r: Omit<Row, 'snapshot'>): PublicationSummary {
	return {
		eventId: r.event_id,
		competitionId: r.competition_id,
		version: r.version,
		state: r.state,
		publishedAt: r.published_at,
		protestUntil: r.protest_until,
		finalizedAt: r.finalized_at,
		note: r.note
	};
}

function publicationOf(r: Row): Publication {
	// Written from the scorer's output, or from a backup validated with PublicationSchema: parsed, not validated again.
	return { ...summaryOf(r), snapshot: JSON.parse(r.snapshot) as PublicationSnapshot };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The event's competition of that ID; else 404 (IDs are the event's own: another event's is not looked at). */
function competitionOfEvent(store: Store, eventId: string, competitionId: string) {
	const competition = IdSchema.safeParse(competitionId).success ? store.getCompetition(eventId, competitionId) : undefined;
	if (!competition) error(404, `no competition "${competitionId.slice(0, 80)}" in this event`);
	return competition;
}

/** The competition's standings now (competitionStandings), frozen as a version's snapshot. */
export function computeSnapshot(store: Store, eventId: string, competitionId: string, now: number): PublicationSnapshot {
	const computed = competitionStandings(store, eventId, competitionId, now);
	const { event, competition, ruleset, standings } = computed;
	const [json] = standingsJson([computed]);
	return {
		event: { id: event.id, name: event.name, date: event.date, venue: event.venue ?? null },
		competition: { id: competition.id, name: competition.name },
		ruleset: { id: ruleset.id, version: ruleset.version, name: ruleset.name, timeResolution: ruleset.timeResolution },
		computedAt: now,
		rows: json!.rows,
		tieForFirst: standings.tieForFirst,
		placedByTiebreak: standings.rows.filter((r) => r.byTiebreak).map((r) => r.entryId),
		conflicts: standings.conflicts.length
	};
}

function latestRow(store: Store, eventId: string, competitionId: string): Row | undefined {
	return store.db.prepare('SELECT * FROM publications WHERE event_id = ? AND competition_id = ? ORDER BY version DESC LIMIT 1').get(eventId, competitionId) as Row | undefined;
}

export interface PublishOptions {
	protestMinutes?: number;
	note?: string;
	now: number;
}

/**
 * Publishes the competition's standings as they are now: the next version. 404 for a
 * competition not in the event; 409 when the competition is final (locked). The new version
 * answers the competition's protests decided since the last one (protests.ts).
 */
export function publish(store: Store, eventId: string, competitionId: string, options: PublishOptions): Publication {
	const { now } = options;
	return store.transaction(() => {
		competitionOfEvent(store, eventId, competitionId);
		const latest = latestRow(store, eventId, competitionId);
		if (latest?.state === 'final')
			error(409, `competition "${competitionId}" is final since ${iso(latest.finalized_at ?? latest.published_at)} (version ${latest.version}): its results are locked and cannot be published again`);
		const snapshot = computeSnapshot(store, eventId, competitionId, now);
		const version = (latest?.version ?? 0) + 1;
		const protestUntil = options.protestMinutes ? now + options.protestMinutes * 60_000 : null;
		const note = options.note?.trim() ? options.note.trim() : null;
		store.db
			.prepare(
				`INSERT INTO publications (event_id, competition_id, version, state, published_at, protest_until, finalized_at, snapshot, note)
				 VALUES (?, ?, ?, 'published', ?, ?, NULL, ?, ?)`
			)
			.run(eventId, competitionId, version, now, protestUntil, JSON.stringify(snapshot), note);
		// The published history says which version answered which protest (issue 33 #3).
		answerDecidedProtests(store, eventId, competitionId, version);
		return { eventId, competitionId, version, state: 'published', publishedAt: now, protestUntil, finalizedAt: null, note, snapshot };
	});
}

/** publish() for a request body (PublishRequestSchema); 400 when it is not one. */
export function publishRequest(store: Store, eventId: string, body: unknown, now: number): Publication {
	const input = PublishRequestSchema.safeParse(body);
	if (!input.success) error(400, describeIssues(toIssues(input.error)));
	const { competitionId, protestMinutes, note } = input.data;
	return publish(store, eventId, competitionId, { protestMinutes, note, now });
}

/**
 * Makes the latest version final: the results are locked, no further version. 404 for a
 * competition not in the event; 409 when nothing is published, it is final already, a protest
 * of it is open (the message names them), or its protest window is still open (the message says until when).
 */
export function finalize(store: Store, eventId: string, competitionId: string, now: number): Publication {
	return store.transaction(() => {
		competitionOfEvent(store, eventId, competitionId);
		const latest = latestRow(store, eventId, competitionId);
		if (!latest) error(409, `competition "${competitionId}" has no published results to make final: publish them first`);
		if (latest.state === 'final') error(409, `competition "${competitionId}" is already final (version ${latest.version})`);
		// Open protests first: they must be decided, whatever the window (issue 33 #3).
		const protests = openProtestsRefusal(store, eventId, competitionId);
		if (protests) error(409, protests);
		if (latest.protest_until !== null && now < latest.protest_until)
			error(409, `version ${latest.version} of competition "${competitionId}" is under protest until ${iso(latest.protest_until)}: it can be made final after that`);
		store.db.prepare("UPDATE publications SET state = 'final', finalized_at = ? WHERE event_id = ? AND competition_id = ? AND version = ?").run(now, eventId, competitionId, latest.version);
		return publicationOf({ ...latest, state: 'final', finalized_at: now });
	});
}

/** Every version of the event's competition, oldest first, without their standings (never another event's of the same ID). */
export function listVersions(store: Store, eventId: string, competitionId: string): PublicationSummary[] {
	const rows = store.db
		.prepare(
			'SELECT event_id, competition_id, version, state, published_at, protest_until, finalized_at, note FROM publications WHERE event_id = ? AND competition_id = ? ORDER BY version'
		)
		.all(eventId, competitionId) as Omit<Row, 'snapshot'>[];
	return rows.map(summaryOf);
}

/** One version of a competition of the event (the latest when `version` is undefined), or undefined. */
export function readVersion(store: Store, eventId: string, competitionId: string, version?: number): Publication | undefined {
	const row = (
		version === undefined
			? store.db.prepare('SELECT * FROM publications WHERE event_id = ? AND competition_id = ? ORDER BY version DESC LIMIT 1').get(eventId, competitionId)
			: store.db.prepare('SELECT * FROM publications WHERE event_id = ? AND competition_id = ? AND version = ?').get(eventId, competitionId, version)
	) as Row | undefined;
	return row && publicationOf(row);
}

/** The event's published competitions in set-up order; unpublished ones are absent. */
export function publishedCompetitions(store: Store, eventId: string): PublishedCompetition[] {
	const ids = store.db
		.prepare(
			`SELECT c.id FROM competitions c
			  WHERE c.event_id = ? AND EXISTS (SELECT 1 FROM publications p WHERE p.competition_id = c.id AND p.event_id = c.event_id)
			  ORDER BY c.position, c.rowid`
		)
		.pluck()
		.all(eventId) as string[];
	return ids.map((id) => ({ latest: readVersion(store, eventId, id)!, versions: listVersions(store, eventId, id) }));
}
