import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { liveCompetitionOf, liveEventOf } from '$lib/server/live/live-resource';
import { overlayParams } from '$lib/live/overlay-params';
import type { PageServerLoad } from './$types';

/**
 * The livestream overlay's first paint: the one competition of `?competition=`, if it is shown
 * live (else the overlay waits for it, transparent); an unknown event: 404.
 */
export const load: PageServerLoad = ({ params, url, setHeaders }) => {
	const query = overlayParams(url.searchParams);
	if (!query) error(400, 'the overlay needs ?competition=ID (and may take &top=N, &latest=N)');
	const store = getStore();
	const now = Date.now();
	const live = liveEventOf(store, params.eventId);
	const shown = live.competitions.some((c) => c.id === query.competition);
	setHeaders({ 'cache-control': 'no-cache' });
	return { live, competitions: shown ? [liveCompetitionOf(store, live.event.id, query.competition, now)] : [], now, params: query };
};
