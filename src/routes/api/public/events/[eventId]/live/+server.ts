import { getStore } from '$lib/server/db';
import { etagOf, gzipOnce } from '$lib/server/live/live-cache';
import { liveEventOf } from '$lib/server/live/live-resource';
import { liveResponse } from '$lib/server/live/live-server';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** No token: the event and its competitions shown live (docs/live.md). */
export const GET: RequestHandler = ({ request, params }) => {
	const json = JSON.stringify(liveEventOf(getStore(), params.eventId));
	return liveResponse(request, { json, etag: etagOf(json), gzip: gzipOnce(json) }, API.liveEvent.cache);
};
