import { error } from '@sveltejs/kit';
import { IdSchema, type Entry } from '$lib/setup/schema';
import { heatClock, stillGoing } from '$lib/scoring/heat-clock';
import type { Outcome, StandingRow } from '$lib/scoring/types';
import { standingResult } from '$lib/results/standing-result';
import type { LiveCompetition, LiveEvent, LiveFinish, LiveHeat, LiveRow } from '$lib/contract';
import { competitionStandings, type ServerStandings } from '../competition-standings';
import { entriesUnderProtest } from '../protests';
import { readVersion } from '../publications';
import { publicEvent } from '../public-results';
import type { Store } from '../store';
import { liveSince } from './live-settings';
import { advancementMarks } from './advancement-marks';

/**
 * What the public live page reads (issue 32 #3, docs/live.md): the event's competitions shown
 * live, and one competition as it stands: its heats' clocks, its standings (the judges' records
 * so far, provisional; the latest published version once there is one), who is still going,
 * the advancement marks, the entries under protest and the latest finishes. Names and countries only.
 */

/** The event and its competitions shown live, in set-up order; 404 for an unknown event. */
export function liveEventOf(store: Store, eventId: string): LiveEvent {
	const event = publicEvent(store, eventId);
	const live = liveSince(store, event.id);
	const competitions = store
		.listCompetitions(event.id)
		.filter(({ competition }) => live.has(competition.id))
		.map(({ competition }) => ({ id: competition.id, name: competition.name }));
	return { event, competitions };
}

/**
 * One competition shown live, at `now`; 404 (the same words whether it exists or not) when it
 * is not shown live, so that the page leaks nothing of what is not.
 */
export function liveCompetitionOf(store: Store, eventId: string, competitionId: string, now: number): LiveCompetition {
	const event = publicEvent(store, eventId);
	if (!IdSchema.safeParse(competitionId).success || !liveSince(store, event.id).has(competitionId)) error(404, `competition "${competitionId.slice(0, 80)}" is not shown live`);
	const computed = competitionStandings(store, event.id, competitionId, now);
	const published = readVersion(store, event.id, competitionId);
	const marks = advancementMarks(computed, now);
	const entries = new Map(computed.entries.map((e) => [e.id, e]));
	const standing = published
		? publishedRows(computed, entries, published.snapshot.rows, marks, now)
		: computed.standings.rows.map((row) => liveRow(row, row.outcome, entries.get(row.entryId), marks, now));
	// An open protest marks its entries "under protest" (issue 33 #3): only that, never the claim nor who protested.
	const underProtest = entriesUnderProtest(store, event.id, competitionId);
	const rows = underProtest.size === 0 ? standing : standing.map((r) => (underProtest.has(r.entryId) ? { ...r, protest: true as const } : r));
	const advancesTo = computed.competition.advancesTo;
	return {
		event,
		competition: { id: computed.competition.id, name: computed.competition.name },
		timeResolution: computed.ruleset.timeResolution,
		state: published ? published.state : 'provisional',
		version: published?.version ?? null,
		advancement: advancesTo ? { mode: advancesTo.rule.mode, count: advancesTo.rule.count, to: store.getCompetition(event.id, advancesTo.competitionId)?.name ?? '' } : null,
		heats: liveHeats(computed, now),
		rows,
		latest: latestFinishes(computed.standings.rows.map((r) => r.outcome))
	};
}

/** The members' countries, each once, in order. */
function countriesOf(entry: Entry | undefined): string[] {
	return [...new Set((entry?.members ?? []).map((m) => m.country).filter((c): c is string => !!c))];
}

/** A seat is still going: its clock runs, or its heat has not started it yet. */
function goingOn(o: Outcome, now: number): boolean {
	return o.status === 'not-started' || stillGoing(o, now);
}

function liveRow(row: Pick<StandingRow, 'entryId' | 'name' | 'place' | 'awarded'>, o: Outcome, entry: Entry | undefined, marks: Map<string, LiveRow['advancement']>, now: number): LiveRow {
	return {
		entryId: row.entryId,
		name: row.name,
		countries: countriesOf(entry),
		heatId: o.heatId,
		place: row.place,
		status: o.status,
		result: standingResult(o),
		stillGoing: goingOn(o, now),
		startedAt: o.startedAt,
		advancement: marks.get(row.entryId) ?? null,
		awarded: row.awarded
	};
}

/** The published version's rows in its order, with what only the live fold knows (heat, clock, still going). */
function publishedRows(computed: ServerStandings, entries: Map<string, Entry>, rows: readonly { entryId: string; name: string; place: number | null; awarded: boolean; status: LiveRow['status']; finalTimeMs: number | null; countedPieces: number | null }[], marks: Map<string, LiveRow['advancement']>, now: number): LiveRow[] {
	const outcomes = new Map(computed.standings.rows.map((r) => [r.entryId, r.outcome]));
	return rows.flatMap((row) => {
		const o = outcomes.get(row.entryId);
		if (!o) return [];
		return [{ ...liveRow(row, o, entries.get(row.entryId), marks, now), status: row.status, result: standingResult(row), stillGoing: false }];
	});
}

/** Each heat's clock, in set-up order (heats without seats: waiting). */
function liveHeats(computed: ServerStandings, now: number): LiveHeat[] {
	const byHeat = new Map<string, Outcome[]>();
	for (const { outcome } of computed.standings.rows) byHeat.set(outcome.heatId, [...(byHeat.get(outcome.heatId) ?? []), outcome]);
	return computed.heats.map((heat) => {
		const outcomes = byHeat.get(heat.id) ?? [];
		const clock = heatClock(outcomes, computed.ruleset, now);
		const base = { id: heat.id, name: heat.name, phase: clock.phase, startedAt: null, limitAt: null, endedAt: null, stillGoing: 0 };
		switch (clock.phase) {
			case 'waiting':
				return base;
			case 'preview':
				return { ...base, startedAt: clock.startedAt, limitAt: clock.startedAt + computed.ruleset.timeLimitMs };
			case 'running':
				return { ...base, startedAt: clock.startedAt, limitAt: clock.limitAt, stillGoing: outcomes.filter((o) => goingOn(o, now)).length };
			case 'all-finished':
				return { ...base, startedAt: clock.startedAt, endedAt: clock.endedAt };
			case 'time-up':
				return { ...base, startedAt: clock.startedAt, limitAt: clock.limitAt, stillGoing: clock.stillGoing };
		}
	});
}

/** The ten latest finishes, newest first. */
function latestFinishes(outcomes: readonly Outcome[]): LiveFinish[] {
	return outcomes
		.filter((o) => o.status === 'finished' && o.finishedAt !== null)
		.map((o) => ({ entryId: o.entryId, at: o.finishedAt! }))
		.sort((a, b) => b.at - a.at || (a.entryId < b.entryId ? -1 : 1))
		.slice(0, 10);
}
