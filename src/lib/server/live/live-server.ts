import { getStore } from '../db';
import { ifNoneMatchHolds } from '../roster';
import { LiveCache } from './live-cache';
import { LivePublisher } from './live-publisher';
import { liveCompetitionOf } from './live-resource';
import { liveSince } from './live-settings';

/** The server's one live cache and publisher (issue 32 #3), over its one store. */
export interface Live {
	cache: LiveCache;
	publisher: LivePublisher;
}

let live: Live | undefined;

export function getLive(): Live {
	if (live) return live;
	const cache = new LiveCache((eventId, competitionId, now) => liveCompetitionOf(getStore(), eventId, competitionId, now));
	const publisher = new LivePublisher(cache, { liveCompetitions: (eventId) => [...liveSince(getStore(), eventId).keys()] });
	return (live = { cache, publisher });
}

/**
 * A public live answer: its JSON with its ETag and the cache rule, or 304 without a body when
 * the reader (a viewer's page or a cache in front) holds these bytes already.
 */
export function liveResponse(request: Request, body: { json: string; etag: string }, cacheControl: string): Response {
	const headers = { etag: body.etag, 'cache-control': cacheControl, vary: 'accept-encoding' };
	if (ifNoneMatchHolds(request.headers.get('if-none-match'), body.etag)) return new Response(null, { status: 304, headers });
	return new Response(body.json, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
}
