import { error } from '@sveltejs/kit';
import { IdSchema } from '$lib/setup/schema';
import { VersionQuerySchema, type PublicCompetitionResult, type PublicEvent, type PublicProtests, type PublicResults } from '$lib/contract';
import { publicProtests } from './protests';
import { listVersions, publishedCompetitions, readVersion } from './publications';
import type { Store } from './store';

/**
 * What anyone may read without a token: an event's published results (the public API and the
 * page /results/{e}). Only stored publications are shown, never the live standings, so a
 * correction is public only once the organizer publishes it.
 */

/** The event, if the ID can name one and it is on this server; else 404 (the same answer for both). */
export function publicEvent(store: Store, eventId: string): PublicEvent {
	const event = IdSchema.safeParse(eventId).success ? store.getEvent(eventId) : undefined;
	if (!event) error(404, `no event "${eventId.slice(0, 80)}" on this server`);
	return { id: event.id, name: event.name, date: event.date, venue: event.venue ?? null, ...(event.language && { language: event.language }) };
}

export function publicResults(store: Store, eventId: string): PublicResults {
	const event = publicEvent(store, eventId);
	return { event, competitions: publishedCompetitions(store, event.id).map((c) => ({ ...c, ...competitionProtests(store, event.id, c.latest.competitionId) })) };
}

/**
 * The marks of a competition's protests the public sees (protests.ts), the entries named as the
 * answering version shows them; nothing (no `protests` member) for a competition without any.
 */
export function competitionProtests(store: Store, eventId: string, competitionId: string): { protests?: PublicProtests } {
	const names = new Map<number, Map<string, string>>();
	const protests = publicProtests(store, eventId, competitionId, (version) => {
		let of = names.get(version);
		if (!of) names.set(version, (of = new Map((readVersion(store, eventId, competitionId, version)?.snapshot.rows ?? []).map((r) => [r.entryId, r.name]))));
		return of;
	});
	return protests.underProtest.length > 0 || protests.answered.length > 0 ? { protests } : {};
}

/** One version (the latest without `version`) of a published competition; 404 when there is none. */
export function publicCompetitionResult(store: Store, eventId: string, competitionId: string, version?: number): PublicCompetitionResult {
	const event = publicEvent(store, eventId);
	const publication = IdSchema.safeParse(competitionId).success ? readVersion(store, event.id, competitionId, version) : undefined;
	if (!publication)
		error(404, version === undefined ? `no published results of competition "${competitionId.slice(0, 80)}" in this event` : `no version ${version} of the results of competition "${competitionId.slice(0, 80)}" in this event`);
	return { publication, versions: listVersions(store, event.id, competitionId), ...competitionProtests(store, event.id, competitionId) };
}

/** Parses `?version=` of a URL; 400 when it is not a version number. */
export function versionOf(url: URL): number | undefined {
	const query = VersionQuerySchema.safeParse({ version: url.searchParams.get('version') ?? undefined });
	if (!query.success) error(400, `version: ${query.error.issues[0]?.message ?? 'not a version number'}`);
	return query.data.version;
}
