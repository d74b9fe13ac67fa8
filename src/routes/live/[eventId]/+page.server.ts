import { getStore } from '$lib/server/db';
import { liveEventOf } from '$lib/server/live/live-resource';
import { etagOf } from '$lib/server/live/live-cache';
import { getLive } from '$lib/server/live/live-server';
import type { LiveCompetition } from '$lib/contract';
import type { PageServerLoad } from './$types';

/**
 * The public live page's first paint, no token: the event's competitions shown live as they
 * stand now (an unknown event: 404; none shown live: an empty list, and no name on the page),
 * each from the server's live cache (worked out at most once a second for all viewers) with its
 * ETag, so that the page's first question (when its stream opens) is answered with 304. The
 * page then keeps itself current from the public live resources (src/lib/live/live-feed.svelte.ts).
 */
export const load: PageServerLoad = ({ params, setHeaders }) => {
	const now = Date.now();
	const live = liveEventOf(getStore(), params.eventId);
	const bodies = live.competitions.map((c) => ({ id: c.id, ...getLive().cache.read(live.event.id, c.id, now) }));
	// Rendered in the reader's language (a public cache must not hand it to another): no-cache.
	setHeaders({ 'cache-control': 'no-cache' });
	return {
		live,
		competitions: bodies.map((b) => JSON.parse(b.json) as LiveCompetition),
		// The list's ETag as its endpoint gives it (the same JSON), under ''.
		etags: Object.fromEntries([['', etagOf(JSON.stringify(live))], ...bodies.map((b) => [b.id, b.etag])]),
		now
	};
};
