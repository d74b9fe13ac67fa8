import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { publicDraws } from '$lib/server/public-draws';
import { publicCompetitionResult, publicResults, versionOf } from '$lib/server/public-results';
import type { PageServerLoad } from './$types';

/**
 * The public results of an event, no login: every published competition at its latest
 * version, or one of them at an older version (`?competition=…&version=N`); before a
 * competition's results exist, its draws in force (names and the seed only).
 */
export const load: PageServerLoad = ({ params, url, setHeaders }) => {
	const store = getStore();
	const { event, competitions } = publicResults(store, params.eventId);
	const chosen = url.searchParams.get('competition');
	const version = versionOf(url);
	if (chosen !== null && !competitions.some((c) => c.latest.competitionId === chosen)) error(404, `no published results of competition "${chosen.slice(0, 80)}" in this event`);
	// Published results change only by a new publication, but that must show at once.
	setHeaders({ 'cache-control': 'no-cache' });
	return {
		event,
		now: Date.now(),
		competitions: competitions.map(({ latest, versions, protests }) => ({
			shown: latest.competitionId === chosen && version !== undefined ? publicCompetitionResult(store, event.id, chosen, version).publication : latest,
			latestVersion: latest.version,
			versions,
			// Under protest and which version answered which protest (issue 33 #3): never the claim nor who protested.
			protests
		})),
		draws: publicDraws(store, event.id)
	};
};
