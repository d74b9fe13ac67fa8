import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { liveEventOf } from '$lib/server/live/live-resource';
import { etagOf } from '$lib/server/live/live-cache';
import { getLive } from '$lib/server/live/live-server';
import { overlayParams } from '$lib/live/overlay-params';
import type { LiveCompetition } from '$lib/contract';
import type { PageServerLoad } from './$types';

/**
 * The livestream overlay's first paint: the one competition of `?competition=`, if it is shown
 * live (else the overlay waits for it, transparent), from the server's live cache with its ETag;
 * an unknown event: 404.
 */
export const load: PageServerLoad = ({ params, url, setHeaders }) => {
	const query = overlayParams(url.searchParams);
	if (!query) error(400, 'the overlay needs ?competition=ID (and may take &top=N, &latest=N)');
	const now = Date.now();
	const live = liveEventOf(getStore(), params.eventId);
	const body = live.competitions.some((c) => c.id === query.competition) ? getLive().cache.read(live.event.id, query.competition, now) : null;
	setHeaders({ 'cache-control': 'no-cache' });
	return {
		live,
		competitions: body ? [JSON.parse(body.json) as LiveCompetition] : [],
		etags: { '': etagOf(JSON.stringify(live)), ...(body && { [query.competition]: body.etag }) },
		now,
		params: query
	};
};
