import { getStore } from '../db';
import { ifNoneMatchHolds } from '../roster';
import { LiveCache, type LiveBody } from './live-cache';
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
 * A public live answer: its JSON with its ETag and the cache rule (gzipped for a reader that
 * takes it, zipped once for all), or 304 without a body when the reader (a viewer's page or a
 * cache in front) holds these bytes already.
 */
export function liveResponse(request: Request, body: Pick<LiveBody, 'json' | 'etag' | 'gzip'>, cacheControl: string): Response {
	const headers = { etag: body.etag, 'cache-control': cacheControl, vary: 'accept-encoding' };
	if (ifNoneMatchHolds(request.headers.get('if-none-match'), body.etag)) return new Response(null, { status: 304, headers });
	if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? ''))
		return new Response(body.gzip() as BodyInit, { status: 200, headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip' } });
	return new Response(body.json, { status: 200, headers: { ...headers, 'content-type': 'application/json' } });
}
