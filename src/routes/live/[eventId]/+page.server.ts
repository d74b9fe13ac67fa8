import { getStore } from '$lib/server/db';
import { liveCompetitionOf, liveEventOf } from '$lib/server/live/live-resource';
import type { PageServerLoad } from './$types';

/**
 * The public live page's first paint, no token: the event's competitions shown live as they
 * stand now (an unknown event: 404; none shown live: an empty list, and no name on the page).
 * The page then keeps itself current from the public live resources (src/lib/live/live-feed.svelte.ts).
 */
export const load: PageServerLoad = ({ params, setHeaders }) => {
	const store = getStore();
	const now = Date.now();
	const live = liveEventOf(store, params.eventId);
	// Rendered in the reader's language (a public cache must not hand it to another): no-cache.
	setHeaders({ 'cache-control': 'no-cache' });
	return { live, competitions: live.competitions.map((c) => liveCompetitionOf(store, live.event.id, c.id, now)), now };
};
